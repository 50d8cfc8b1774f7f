import DesignSystem
import TerminalText

/// How Markdown looks in one context: the styles of each construct, and the
/// symbols, Unicode on a terminal and ASCII off one.
///
/// A class: every part of the renderer holds it, and a struct of this many
/// strings would be copied (and retained string by string) per table cell.
final class MarkdownTheme {
  /// Colours and attributes reach the screen.
  ///
  /// Without them, code spans keep
  /// their backticks, struck text its `~~` and headings below level 2 their
  /// `#` marks, so nothing a style carried is lost.
  let usesColor: Bool

  let heading = Palette.title
  let strong = TextStyle(isBold: true)
  let emphasis = TextStyle(isItalic: true)
  let strikethrough = TextStyle(isStrikethrough: true)
  let code = Palette.code
  let link = TextStyle(foreground: .cyan, isUnderlined: true)
  /// A link's address and an image's label.
  let address = Palette.muted
  let marker = Palette.accent
  let frame = Palette.muted
  let tableHeader = TextStyle(isBold: true)

  let bullets: [String]
  let unchecked: String
  let checked: String
  let quoteBar: String
  /// Under level-1 headings; `rule` goes under level 2 and across breaks.
  let doubleRule: String
  let rule: String
  let cut: String
  let box: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String, vertical: String)
  let tableSeparator: String
  let tableCross: String

  init(_ context: RenderContext) {
    usesColor = context.capabilities.usesColor
    let symbols = Symbols(context)
    rule = symbols.rule
    cut = symbols.ellipsis
    if context.capabilities.usesUnicode {
      bullets = [symbols.bullet, "◦", "▪"]
      unchecked = "☐"
      checked = "☑"
      quoteBar = "│"
      doubleRule = "═"
      box = ("┌", "┐", "└", "┘", "│")
      tableSeparator = "│"
      tableCross = "┼"
    } else {
      bullets = [symbols.bullet, "-", "+"]
      unchecked = "[ ]"
      checked = "[x]"
      quoteBar = "|"
      doubleRule = "="
      box = ("+", "+", "+", "+", "|")
      tableSeparator = "|"
      tableCross = "+"
    }
  }

  func bullet(depth: Int) -> String {
    bullets.isEmpty ? "*" : bullets[depth % bullets.count]
  }
}

extension TextStyle {
  /// This style with `other`'s attributes added, and its colour when it has one.
  func adding(_ other: TextStyle) -> TextStyle {
    TextStyle(
      foreground: other.foreground ?? foreground,
      isBold: isBold || other.isBold,
      isDim: isDim || other.isDim,
      isItalic: isItalic || other.isItalic,
      isUnderlined: isUnderlined || other.isUnderlined,
      isInverse: isInverse || other.isInverse,
      isStrikethrough: isStrikethrough || other.isStrikethrough, link: other.link ?? link)
  }
}
