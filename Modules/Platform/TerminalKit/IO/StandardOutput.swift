import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Unbuffered writes to standard output, safe from any thread.
///
/// A write that fails (a full disk, a closed pipe: SIGPIPE is ignored) is
/// remembered, so the app can stop and say so on standard error with exit
/// status 1, as coreutils do, instead of going on writing into nothing.
public enum StandardOutput {
  private static let firstFailure = Locked<Int32?>(nil)

  /// The `errno` of the first write that failed, if one did.
  public static var failure: Int32? { firstFailure.withLock { $0 } }

  /// The failure as a sentence for standard error; nil when there was
  /// none, or when the reader went away (a closed pipe, `| head -1`), which
  /// is no news to anyone and ends quietly, as coreutils do.
  public static var failureDescription: String? {
    guard let failure, failure != EPIPE else { return nil }
    return "cannot write to standard output: \(String(cString: strerror(failure)))"
  }

  public static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, base + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          let code = written < 0 ? errno : EIO
          firstFailure.withLock { $0 = $0 ?? code }
          return
        }
      }
    }
  }
}
