import DesignSystem
import TerminalKit

/// The actions a screen offers, as commands with what they do:
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

  public func lines(in context: RenderContext) -> [StyledLine] {
    let width = actions.map { DisplayWidth.of($0.command) }.max() ?? 0
    return actions.map { action in
      StyledLine(Spacing.indentation())
        + StyledSpan(DisplayWidth.pad(action.command, to: width), style: Palette.command)
        + StyledSpan(String(repeating: " ", count: Spacing.gutter) + action.summary)
    }
  }
}
