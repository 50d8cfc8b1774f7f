import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// Prose wrapped to the readable width, indented.
public struct TextBlock {
  public var text: String
  public var style: TextStyle
  public var indent: Int

  public init(_ text: String, style: TextStyle = .plain, indent: Int = Spacing.indent) {
    self.text = text
    self.style = style
    self.indent = indent
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    let margin = String(repeating: " ", count: indent)
    return DisplayWidth.wrap(TextSanitizer.clean(text), to: Spacing.contentWidth(context) - indent).map {
      StyledLine(margin).appending(StyledSpan($0, style: style))
    }
  }
}
