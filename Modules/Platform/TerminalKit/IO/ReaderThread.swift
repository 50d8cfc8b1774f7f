internal import CEditLine
import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// The thread that owns standard input.
///
/// Blocking reads (libedit's `el_gets`, a password, a piped line) run here so
/// the main actor stays free to draw spinners and finish work. It is also the
/// only thread that receives SIGINT: while it waits for a job, a Ctrl-C is
/// reported through `onInterrupt`; while it reads, the read returns EINTR and
/// the job decides what the Ctrl-C meant.
final class ReaderThread: Sendable {
  private let jobs = Locked<[@Sendable (ReaderThread) -> Void]>([])
  private let jobPipe: (read: Int32, write: Int32)
  private let signalPipe: (read: Int32, write: Int32)
  private let onInterrupt: @Sendable () -> Void
  // Touched only on the reader thread.
  private let interruptsSeen = Locked<UInt>(0)

  init(onInterrupt: @escaping @Sendable () -> Void) {
    self.onInterrupt = onInterrupt
    jobPipe = Self.makePipe()
    signalPipe = Self.makePipe()
    let thread = Thread { [self] in self.run() }
    thread.name = "wayfarer.input"
    thread.start()
  }

  private static func makePipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { fatalError("Wayfarer could not create a pipe: errno \(errno)") }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return (fds[0], fds[1])
  }

  /// Runs `job` on the reader thread and returns its result.
  func perform<Result: Sendable>(_ job: @escaping @Sendable (ReaderThread) -> Result) async -> Result {
    await withCheckedContinuation { continuation in
      enqueue { continuation.resume(returning: job($0)) }
    }
  }

  /// Queues `job` behind the ones already queued, without waiting for it.
  func enqueue(_ job: @escaping @Sendable (ReaderThread) -> Void) {
    jobs.withLock { $0.append(job) }
    var byte: UInt8 = 1
    _ = write(jobPipe.write, &byte, 1)
  }

  /// True once for each Ctrl-C that arrived since the last call.
  ///
  /// For jobs.
  func takeInterrupt() -> Bool {
    let count = UInt(wf_signals_interrupt_count())
    let isNew = interruptsSeen.withLock { seen in
      defer { seen = count }
      return count != seen
    }
    drain(signalPipe.read)
    return isNew
  }

  private func run() {
    _ = wf_signals_install(signalPipe.write)
    var descriptors = [
      pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
      pollfd(fd: jobPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 { continue }  // EINTR: a signal woke us; look again
      if descriptors[0].revents != 0, takeInterrupt() {
        onInterrupt()
      }
      if descriptors[1].revents != 0 {
        drain(jobPipe.read)
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
          job(self)
        }
      }
    }
  }

  private func drain(_ fd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    while read(fd, &buffer, buffer.count) > 0 {}
  }
}
