import TerminalKit

/// A console with no person behind it: output is dropped, input is at its end.
@MainActor
final class SilentConsole: Console {
  var context: RenderContext = .plain
  var onInterrupt: (@MainActor () -> Void)?

  func write(_ lines: [StyledLine]) {}
  func readLine(prompt: String) async -> String? { nil }
  func readSecret(prompt: String) async -> String? { nil }
  func setStatus(_ line: StyledLine?) {}
  func readCommand(prompt: String, completions: CompletionTable) async -> String? { nil }
  func remember(_ line: String) {}
  func useHistory(at path: String?) {}
}
