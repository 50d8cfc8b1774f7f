import Secrets

#if canImport(Glibc)
  import Glibc
#endif

/// Messages for standard error, written with `write(2)`, every key and
/// token hidden (``SecretText``).
///
/// Nothing here can trap or throw: a standard error that is a closed pipe
/// (`wayfarer 2>&1 | head -1`) or a full disk loses the message, and the
/// exit status still says that something went wrong.
public enum StandardError {
  /// Writes `wayfarer: MESSAGE` and a line feed, as much of it as goes.
  public static func say(_ message: String) {
    // What standard output gathered goes first, so the two keep their order.
    StandardOutput.flush()
    var text = SecretText.hiding(in: "wayfarer: \(message)\n")
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDERR_FILENO, base + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}
