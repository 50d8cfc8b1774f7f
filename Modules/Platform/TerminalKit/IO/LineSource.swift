import TerminalConsole

/// Where lines come from.
///
/// Every method runs on the reader thread.
protocol LineSource: AnyObject, Sendable {
  /// A command line; `nil` at end of input. Ctrl-C clears the line and asks again.
  func readCommand(prompt: String, completions: CompletionTable, history: LineHistory, on thread: ReaderThread)
    -> String?
  /// A form answer; `nil` when cancelled (Ctrl-C) or at end of input.
  func readAnswer(prompt: String, isSecret: Bool, on thread: ReaderThread) -> String?
  /// Whether lines are kept in a history (a terminal's); a pipe's are not.
  var keepsHistory: Bool { get }
  func remember(_ line: String, in history: LineHistory)
  func useHistory(at path: String?, for history: LineHistory)
}
