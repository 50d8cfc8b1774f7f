import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// A titled block set off from its surroundings by a frame.
///
///     ┌ Title ─────────────┐   (ASCII: + Title -------+)
///     │ content            │
///     └────────────────────┘
public struct CardView {
  public var title: String
  public var content: [String]

  public init(title: String, content: [String]) {
    self.title = title
    self.content = content
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    let unicode = context.capabilities.usesUnicode
    let (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) =
      unicode ? ("┌", "┐", "└", "┘", "─", "│") : ("+", "+", "+", "+", "-", "|")
    let inner = Spacing.contentWidth(context) - 4
    let heading = DisplayWidth.truncate(TextSanitizer.clean(title), to: inner - 1)
    let top =
      StyledLine(topLeft + horizontal + " ", style: Palette.muted).appending(StyledSpan(heading, style: Palette.title))
      .appending(
        StyledSpan(
          " " + String(repeating: horizontal, count: max(inner - DisplayWidth.of(heading) - 1, 0)) + topRight,
          style: Palette.muted))
    var lines = [top]
    for text in content {
      for row in DisplayWidth.wrap(TextSanitizer.clean(text), to: inner) {
        lines.append(
          StyledLine(vertical + " ", style: Palette.muted).appending(StyledSpan(DisplayWidth.pad(row, to: inner)))
            .appending(StyledSpan(" " + vertical, style: Palette.muted)))
      }
    }
    lines.append(
      StyledLine(bottomLeft + String(repeating: horizontal, count: inner + 2) + bottomRight, style: Palette.muted))
    return lines
  }
}
