import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Watches, while a command streams, for the reader of standard output to
/// go (`wayfarer ask … | head -1`), so that it stops at once, not at its
/// next write: a reply that stalls would otherwise wait out its time
/// budget for a reader that is gone.
///
/// Only a pipe or a socket is watched: a terminal or a file has no reader
/// that can leave.
public final class ReaderWatch: Sendable {
  private let stopWriteEnd: Int32

  /// Starts watching, or is nil when standard output is not a pipe or a
  /// socket.
  ///
  /// `onGone` runs on the main actor once the reader has gone, after
  /// standard output is marked failed as a closed pipe.
  public init?(onGone: @escaping @MainActor @Sendable () -> Void) {
    var status = stat()
    guard fstat(STDOUT_FILENO, &status) == 0 else { return nil }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFIFO || kind == S_IFSOCK else { return nil }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let stopReadEnd = fds[0]
    stopWriteEnd = fds[1]
    let thread = Thread {
      defer { close(stopReadEnd) }
      // No events asked of standard output: poll still reports POLLERR
      // (a pipe with no reader) and POLLHUP (a socket closed).
      var waits = [
        pollfd(fd: STDOUT_FILENO, events: 0, revents: 0), pollfd(fd: stopReadEnd, events: Int16(POLLIN), revents: 0),
      ]
      while poll(&waits, 2, -1) < 0 && errno == EINTR {}
      guard waits[1].revents == 0, waits[0].revents & Int16(POLLERR | POLLHUP) != 0 else { return }
      StandardOutput.readerWentAway()
      Task { @MainActor in onGone() }
    }
    thread.name = "wayfarer.reader-watch"
    thread.start()
  }

  /// Stops watching (the command ended).
  public func stop() {
    var byte: UInt8 = 1
    _ = write(stopWriteEnd, &byte, 1)
    close(stopWriteEnd)
  }
}
