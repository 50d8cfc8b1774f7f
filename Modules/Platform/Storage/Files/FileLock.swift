import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a file beside the data it
/// guards, held while a read-check-write runs, so two Wayfarers on one home
/// take turns instead of undoing each other's work.
public enum FileLock {
  /// Runs `body` holding the lock on `path` (created 0600 if missing).
  public static func withLock<Result>(_ path: String, _ body: () throws -> Result) throws -> Result {
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      if errno == ELOOP {
        throw FileError(
          "open the lock", path: path, code: ELOOP, explanation: "it is a symbolic link, which Wayfarer does not follow"
        )
      }
      throw FileError("open the lock", path: path)
    }
    defer { close(fd) }
    // Held by another Wayfarer: what was written goes out before the wait.
    if flock(fd, LOCK_EX | LOCK_NB) != 0 { BeforeWaiting.run() }
    while flock(fd, LOCK_EX) != 0 {
      guard errno == EINTR else { throw FileError("lock", path: path) }
    }
    defer { flock(fd, LOCK_UN) }
    return try body()
  }
}
