import DesignSystem
import TerminalConsole
import TerminalText

/// One-line feedback after a command: success, error, warning or information,
/// each with its own marker (`ok`, `x`, `!`, `-` off a terminal).
///
/// A sentence longer than a line goes on under its text, on a terminal and
/// in a transcript alike.
public enum Message {
  public static func success(_ text: String, in context: RenderContext) -> StyledLine {
    sentence(text, marker: Symbols(context).check, style: Palette.success)
  }

  public static func error(_ text: String, in context: RenderContext) -> StyledLine {
    sentence(text, marker: Symbols(context).cross, style: Palette.error)
  }

  public static func warning(_ text: String, in context: RenderContext) -> StyledLine {
    sentence(text, marker: Symbols(context).warning, style: Palette.warning)
  }

  /// Information, not a failure: a cancel, the end of a list, nothing found.
  public static func info(_ text: String, in context: RenderContext) -> StyledLine {
    sentence(text, marker: Symbols(context).info, style: Palette.muted)
  }

  private static func sentence(_ text: String, marker: String, style: TextStyle) -> StyledLine {
    var line = StyledLine(marker + " ", style: style).appending(StyledSpan(text))
    line.isSentence = true
    return line
  }

  /// How a command's answer is shown.
  public enum Kind: Equatable, Sendable {
    /// Ctrl-C stopped it: the REPL says "Cancelled." once, so nothing more.
    case cancellation
    /// The end of a list, nothing found: not a failure.
    case information
    case error
  }

  /// Writes `sentence` as `kind` says, on `console`.
  @MainActor
  public static func report(_ sentence: String, as kind: Kind, on console: any Console) {
    switch kind {
    case .cancellation: return
    case .information: console.write(info(sentence, in: console.context))
    case .error: console.write(error(sentence, in: console.context))
    }
  }
}
