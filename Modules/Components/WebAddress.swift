import TerminalConsole
import TerminalText
import TextSafety

/// What `web` does on every screen that has it: prints the address once (a
/// link on a terminal that knows OSC 8) and, on a terminal, asks a browser
/// to open it, as `gh browse` does.
public enum WebAddress {
  /// Shows `address` on `console`; `open` asks a browser for it (true when
  /// one was started), and only on a terminal.
  @MainActor
  public static func show(_ address: String, on console: any Console, opening open: (String) -> Bool) {
    let shown = TextSanitizer.clean(address)
    console.write(StyledLine(shown, style: TextStyle(link: shown)))
    if console.context.capabilities.outputIsTerminal, open(shown) {
      console.write(Message.info("Opened in your browser.", in: console.context))
    }
  }
}
