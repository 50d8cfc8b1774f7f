/// The real console: standard output, and standard input read on its own
/// thread through libedit on a terminal or plainly from a pipe.
@MainActor
public final class TerminalConsole: Console {
  private let capabilities: TerminalCapabilities
  private let fallbackColumns: Int?
  private let renderer: TextRenderer
  private let source: any LineSource
  private let relay = InterruptRelay()
  private let reader: ReaderThread

  /// `fallbackColumns` is the width off a terminal (COLUMNS, checked at launch).
  public init(capabilities: TerminalCapabilities, fallbackColumns: Int?) {
    self.capabilities = capabilities
    self.fallbackColumns = fallbackColumns
    renderer = TextRenderer(usesColor: capabilities.usesColor)
    source = Self.makeSource(capabilities: capabilities)
    reader = ReaderThread(onInterrupt: relay.forwardFromAnyThread)
  }

  private static func makeSource(capabilities: TerminalCapabilities) -> any LineSource {
    if capabilities.inputIsTerminal, let editLine = EditLineSource() {
      return editLine
    }
    return PlainLineSource()
  }

  /// The pager long text goes through on a terminal (PAGER, checked at
  /// launch); nil or empty: none.
  public var pager: [String]?

  public func page(_ lines: [StyledLine]) async -> Bool {
    guard capabilities.outputIsTerminal, capabilities.inputIsTerminal, let pager, !pager.isEmpty,
      lines.count > TerminalCapabilities.currentHeight() - 3
    else { return false }
    return await Pager.show(renderer.render(lines), command: pager)
  }

  public var context: RenderContext {
    RenderContext(width: TerminalCapabilities.currentWidth(fallback: fallbackColumns), capabilities: capabilities)
  }

  public var onInterrupt: (@MainActor () -> Void)? {
    get { relay.handler }
    set { relay.handler = newValue }
  }

  public func write(_ lines: [StyledLine]) {
    StandardOutput.write(renderer.render(lines))
  }

  public var isOutputBroken: Bool { StandardOutput.failure != nil }

  public func writePartial(_ text: String, style: TextStyle) {
    let pieces = text.split(separator: "\n", omittingEmptySubsequences: false)
    StandardOutput.write(
      pieces.map { renderer.render(StyledLine(String($0), style: style)) }.joined(separator: "\n"))
  }

  public func setStatus(_ line: StyledLine?) {
    guard capabilities.outputIsTerminal else { return }
    StandardOutput.write(renderer.statusLine(line))
  }

  public func readCommand(prompt: String, completions: CompletionTable) async -> String? {
    let source = source
    return await reader.perform { source.readCommand(prompt: prompt, completions: completions, on: $0) }
  }

  public func readLine(prompt: String) async -> String? {
    let source = source
    return await reader.perform { source.readAnswer(prompt: prompt, isSecret: false, on: $0) }
  }

  public func readSecret(prompt: String) async -> String? {
    let source = source
    return await reader.perform { source.readAnswer(prompt: prompt, isSecret: true, on: $0) }
  }

  public func remember(_ line: String) {
    let source = source
    reader.enqueue { _ in source.remember(line) }
  }

  public func useHistory(at path: String?) {
    let source = source
    reader.enqueue { _ in source.useHistory(at: path) }
  }
}

/// Carries Ctrl-C from the reader thread to whoever listens on the main actor.
@MainActor
final class InterruptRelay {
  var handler: (@MainActor () -> Void)?

  nonisolated var forwardFromAnyThread: @Sendable () -> Void {
    { Task { @MainActor in self.handler?() } }
  }
}
