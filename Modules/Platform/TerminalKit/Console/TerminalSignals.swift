internal import CEditLine

/// Process-wide signal set-up for the terminal.
public enum TerminalSignals {
  /// Blocks SIGINT and SIGWINCH on the calling thread, and so on every thread
  /// it starts later; the reader thread unblocks them for itself. Call first
  /// thing in `main`, before any other thread exists. Also ignores SIGPIPE,
  /// so a closed pipe is an error to handle, not a crash.
  public static func prepareMainThread() {
    wf_signals_block()
    // SIGTERM, SIGHUP and SIGQUIT end the process, but never with the
    // terminal left without echo (a password prompt) or in raw mode.
    wf_signals_restore_terminal_on_exit()
  }

  /// Gives the terminal back as it was at launch (echo on, line mode): call
  /// once the REPL has ended. Between lines Wayfarer keeps echo off, so that
  /// text typed while something loads waits for the prompt instead of being
  /// printed into a spinner.
  public static func restoreTerminal() {
    wf_terminal_restore()
  }
}
