import DesignSystem
import TerminalKit

/// One-line feedback after a command: success, error, warning or information,
/// each with its own marker (`ok`, `x`, `!`, `-` off a terminal).
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

  /// Information, not a failure: a cancel, the end of a list, nothing found.
  public static func info(_ text: String, in context: RenderContext) -> StyledLine {
    StyledLine(Symbols(context).info + " ", style: Palette.muted) + StyledSpan(text)
  }

  /// A line with no marker at all.
  @available(*, deprecated, message: "use info(_:in:): information has its own marker")
  public static func info(_ text: String) -> StyledLine {
    StyledLine(text)
  }
}
