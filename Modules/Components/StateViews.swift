import DesignSystem
import TerminalText

/// What a screen shows when there is nothing to list: a title and a hint.
public struct EmptyState {
  public var title: String
  public var message: String

  public init(title: String, message: String) {
    self.title = title
    self.message = message
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    TextBlock(title, style: Palette.emphasis).lines(in: context)
      + TextBlock(message, style: Palette.muted).lines(in: context)
  }
}

/// What a screen shows when loading failed: what happened and what to do.
public struct ErrorState {
  public var message: String
  public var recovery: String?

  public init(message: String, recovery: String? = nil) {
    self.message = message
    self.recovery = recovery
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    [Message.error(message, in: context)]
      + (recovery.map { TextBlock($0, style: Palette.muted).lines(in: context) } ?? [])
  }
}
