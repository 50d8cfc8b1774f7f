import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// The actions a screen offers, as commands with what they do.
///
/// For example:
///
///       login      Log in to your account
///       register   Create an account
public struct ActionList {
  public struct Action: Equatable {
    public var command: String
    public var summary: String

    public init(_ command: String, _ summary: String) {
      self.command = command
      self.summary = summary
    }
  }

  public var actions: [Action]

  public init(_ actions: [Action]) {
    self.actions = actions
  }

  /// A summary too long for the width wraps under itself (a hanging
  /// indent), never past the width.
  public func lines(in context: RenderContext) -> [StyledLine] {
    let width = actions.map { DisplayWidth.of($0.command) }.max() ?? 0
    let hanging = Spacing.indent + width + Spacing.gutter
    let room = max(Spacing.fullWidth(context) - hanging, 12)
    return actions.flatMap { action in
      let summary = DisplayWidth.wrap(TextSanitizer.clean(action.summary), to: room)
      let first =
        StyledLine(Spacing.indentation()).appending(
          StyledSpan(DisplayWidth.pad(action.command, to: width), style: Palette.command)
        ).appending(StyledSpan(String(repeating: " ", count: Spacing.gutter) + (summary.first ?? "")))
      return [first] + summary.dropFirst().map { StyledLine(String(repeating: " ", count: hanging) + $0) }
    }
  }
}
