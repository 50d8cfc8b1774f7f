import Locking
import Secrets

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to standard output, safe from any thread.
///
/// On a terminal every write goes out at once. Off one
/// (``isBuffered``) writes are gathered and go out in one `write(2)` when
/// the program is about to wait (for input, for a service, a child, a lock
/// another process holds: ``flush()``, ``BeforeWaiting``), before anything
/// goes to standard error, when a 64 KiB block fills up, and at exit.
///
/// A write that fails (a full disk, a closed pipe: SIGPIPE is ignored) is
/// remembered, so the app can stop and say so on standard error with exit
/// status 1, as coreutils do, instead of going on writing into nothing.
public enum StandardOutput {
  private static let firstFailure = Locked<Int32?>(nil)
  private static let pending = Locked<[UInt8]>([])
  private static let buffering = Locked(false)
  /// Writes wait for the next ``flush()`` even on a terminal: see
  /// ``gatherUntilFlush()``.
  private static let gathering = Locked(false)
  static let blockSize = 65_536

  /// Whether writes wait for ``flush()``.
  ///
  /// Set once the console knows where output goes. Turning it off flushes.
  /// Either way a wait flushes (``BeforeWaiting``): what
  /// ``gatherUntilFlush()`` gathered on a terminal goes out there too.
  public static var isBuffered: Bool {
    get { buffering.withLock { $0 } }
    set {
      buffering.withLock { $0 = newValue }
      BeforeWaiting.register { flush() }
      if !newValue { flush() }
    }
  }

  /// Writes, on a terminal too, are gathered until the next ``flush()``
  /// (a wait: for the next chunk of a streamed reply, for input).
  ///
  /// The pieces of a reply that arrived together go out in one `write(2)`
  /// instead of one each; a piece that arrives alone goes out when the
  /// reader waits for the next, at once. True if it was already so (since
  /// the last flush).
  @discardableResult
  public static func gatherUntilFlush() -> Bool {
    gathering.withLock { gathering in
      defer { gathering = true }
      return gathering
    }
  }

  /// Writes out what was gathered, if anything.
  ///
  /// Written under the lock: a flush from another thread (a wait there)
  /// cannot pass one under way, so bytes keep their order.
  public static func flush() {
    pending.withLock { pending in
      gathering.withLock { $0 = false }
      guard !pending.isEmpty else { return }
      writeOut(draining: &pending)
    }
  }

  /// Writes out `pending` and empties it, keeping a block's room for the
  /// next: a larger screen's (a 10,000-row list, 1 MB) is let go, or it
  /// would stay for the rest of the session.
  private static func writeOut(draining pending: inout [UInt8]) {
    pending.withUnsafeBufferPointer { writeOut($0) }
    if pending.capacity > 2 * blockSize {
      pending = []
    } else {
      pending.removeAll(keepingCapacity: true)
    }
  }

  /// As ``flush()``, unless another thread is writing now (blocked on a
  /// full pipe, say): for a process about to end, which must not wait.
  public static func flushUnlessBusy() {
    _ = pending.withLockIfFree { pending in
      guard !pending.isEmpty else { return }
      writeOut(draining: &pending)
    }
  }

  /// The room the buffer keeps between flushes (for tests).
  static var keptCapacity: Int { pending.withLock { $0.capacity } }

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
    // Data written whole (--json, export -) goes past the renderer.
    var text = SecretText.hiding(in: text)
    // Decided under the buffer's lock: a flush on another thread (which
    // ends gathering) cannot come between the decision and the write, so
    // bytes are neither reordered nor left waiting for the next flush.
    pending.withLock { pending in
      if buffering.withLock({ $0 }) || gathering.withLock({ $0 }) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= blockSize { writeOut(draining: &pending) }
      } else if pending.isEmpty {
        text.withUTF8 { writeOut($0) }
      } else {
        pending.append(contentsOf: text.utf8)
        writeOut(draining: &pending)
      }
    }
  }

  /// Marks output failed as a closed pipe would (EPIPE, said to no one):
  /// its reader is known to have gone before anything more was written.
  static func readerWentAway() {
    firstFailure.withLock { $0 = $0 ?? EPIPE }
  }

  /// Writes every byte of `bytes`, or remembers why it could not.
  private static func writeOut(_ bytes: UnsafeBufferPointer<UInt8>) {
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
