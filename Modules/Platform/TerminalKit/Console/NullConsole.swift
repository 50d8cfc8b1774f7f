import TerminalText

/// A console with no person behind it: output is dropped and input is at
/// its end.
///
/// For driving screens headless (benchmarks, harnesses).
@MainActor
public final class NullConsole: Console {
  public var context: RenderContext
  public var onInterrupt: (@MainActor () -> Void)?

  public init(context: RenderContext = .plain) {
    self.context = context
  }

  public func write(_ lines: [StyledLine]) {}
  public func writePartial(_ text: String, style: TextStyle) {}
  public func readLine(prompt: String) async -> String? { nil }
  public func readSecret(prompt: String) async -> String? { nil }
  public func setStatus(_ line: StyledLine?) {}
  public func readCommand(prompt: String, completions: CompletionTable, history: LineHistory) async -> String? {
    nil
  }
  public func remember(_ line: String, in history: LineHistory) {}
  public func useHistory(at path: String?, for history: LineHistory) {}
}
