import DesignSystem
import TerminalKit

/// One-line feedback after a command: success, error, warning or plain info.
public enum Message {
  public static func success(_ text: String, in context: RenderContext) -> StyledLine {
    StyledLine(Symbols(context).check + " ", style: Palette.success) + StyledSpan(text)
  }

  public static func error(_ text: String, in context: RenderContext) -> StyledLine {
    StyledLine(Symbols(context).cross + " ", style: Palette.error) + StyledSpan(text)
  }

  public static func warning(_ text: String, in context: RenderContext) -> StyledLine {
    StyledLine(Symbols(context).warning + " ", style: Palette.warning) + StyledSpan(text)
  }

  public static func info(_ text: String) -> StyledLine {
    StyledLine(text)
  }
}
