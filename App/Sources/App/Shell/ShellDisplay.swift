import Explore
import TerminalIO
import TerminalText

/// Rendered text on standard output for a one-shot command: coloured on a
/// terminal (never with NO_COLOR), through the pager when it is longer
/// than the window, plain when piped.
@MainActor
struct ShellDisplay: TextDisplaying {
  let configuration: Configuration

  private var capabilities: TerminalCapabilities {
    TerminalCapabilities.detect(noColor: configuration.terminal.noColor, isDumb: configuration.terminal.isDumb)
  }

  var context: RenderContext {
    let capabilities = capabilities
    let fallback = configuration.terminal.columns ?? 80
    return RenderContext(
      width: capabilities.outputIsTerminal ? TerminalCapabilities.currentWidth(fallback: fallback) : fallback,
      height: capabilities.outputIsTerminal ? TerminalCapabilities.currentHeight() : nil, capabilities: capabilities)
  }

  func show(_ lines: [StyledLine]) async {
    let capabilities = capabilities
    let text = TextRenderer(capabilities: capabilities).render(lines)
    let pages =
      capabilities.outputIsTerminal && capabilities.inputIsTerminal && !capabilities.isDumb
      && lines.count > TerminalCapabilities.currentHeight() - 2
    StandardOutput.flush()
    if pages, await Pager.show(text, command: configuration.pager) { return }
    StandardOutput.write(text)
  }
}
