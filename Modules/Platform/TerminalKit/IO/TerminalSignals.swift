internal import CEditLine
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Process-wide signal set-up for the terminal.
public enum TerminalSignals {
  /// Blocks SIGINT and SIGWINCH on the calling thread, and so on every thread
  /// it starts later; the reader thread unblocks them for itself.
  ///
  /// Call first
  /// thing in `main`, before any other thread exists. Also ignores SIGPIPE,
  /// so a closed pipe is an error to handle, not a crash.
  public static func prepareMainThread() {
    wf_signals_block()
    // SIGTERM, SIGHUP and SIGQUIT end the process, but never with the
    // terminal left without echo (a password prompt) or in raw mode.
    wf_signals_restore_terminal_on_exit()
  }

  /// Lets Ctrl-C end the process at once, as it ends any command run from a shell.
  ///
  /// For one-shot commands, which have no REPL to hand it to: the shell
  /// sees status 130, and what they were writing to the database is
  /// rolled back.
  public static func interruptEndsProcess() {
    signal(SIGINT, SIG_DFL)
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
  }

  /// Gives the terminal back as it was at launch (echo on, line mode): call
  /// once the REPL has ended.
  ///
  /// Between lines Wayfarer keeps echo off, so that
  /// text typed while something loads waits for the prompt instead of being
  /// printed into a spinner.
  public static func restoreTerminal() {
    wf_terminal_restore()
  }

  /// The longest Wayfarer takes, after SIGTERM or SIGHUP, to stop what runs
  /// and keep what it made before it ends anyway.
  public static let terminationGrace: Duration = .seconds(3)

  /// Hands the first SIGTERM or SIGHUP to `handler` on the main actor, so
  /// that what runs is stopped and kept (a reply, marked stopped) before
  /// the process ends with 128 + the signal's number.
  ///
  /// If it has not ended
  /// within ``terminationGrace``, or a second signal comes, it ends at once
  /// with the terminal restored. SIGQUIT always ends it at once. With
  /// `includingInterrupt`, Ctrl-C (SIGINT) is handed over the same way: for
  /// a one-shot command that keeps what it made when stopped (`ask`).
  public static func deliverTermination(
    includingInterrupt: Bool = false, to handler: @escaping @MainActor @Sendable (Int32) -> Void
  ) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    wf_signals_deliver_termination(writeEnd)
    if includingInterrupt { wf_signals_deliver_interrupt_too() }
    let thread = Thread {
      var byte: UInt8 = 0
      while read(readEnd, &byte, 1) != 1 {
        guard errno == EINTR else { return }
      }
      let signal = Int32(byte)
      Task { @MainActor in handler(signal) }
      Thread.sleep(forTimeInterval: Double(terminationGrace.components.seconds))
      // The main actor is still busy (a long import): what earlier commands
      // wrote, gathered off a terminal, goes out before the end.
      StandardOutput.flushUnlessBusy()
      wf_terminal_exit(signal)
    }
    thread.name = "wayfarer.termination"
    thread.start()
  }

  /// The signal ``deliverTermination(includingInterrupt:to:)`` handed
  /// over, once one came: known at once, before the handler runs.
  public static var handedOverSignal: Int32? {
    let signal = wf_signals_handed_over()
    return signal == 0 ? nil : signal
  }

  /// Waits until `descriptor` can be read, or a signal is handed over
  /// (after `deliverTermination(includingInterrupt: true)`): false then.
  ///
  /// A command that reads on the main actor cannot hear the handler,
  /// which waits for the main actor, so it polls the handover too.
  public static func waitForInput(on descriptor: Int32) -> Bool {
    let notice = wf_signals_stop_notice()
    guard notice >= 0 else { return true }
    var waits = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: notice, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&waits, 2, -1) < 0 && errno == EINTR {}
    return waits[1].revents == 0
  }

  /// Ends the process now with 128 + `signal`, the terminal restored.
  public static func exitNow(signal: Int32) -> Never {
    wf_terminal_exit(signal)
  }
}
