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
  /// Ends each part of a code line wrapped in its box.
  let continuation: String
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
      continuation = "↪"
      tableSeparator = "│"
      tableCross = "┼"
    } else {
      bullets = [symbols.bullet, "-", "+"]
      unchecked = "[ ]"
      checked = "[x]"
      quoteBar = "|"
      doubleRule = "="
      box = ("+", "+", "+", "+", "|")
      continuation = "\\"
      tableSeparator = "|"
      tableCross = "+"
    }
  }

  /// How a token of highlighted code of `kind` looks.
  func style(of kind: SyntaxKind) -> TextStyle {
    switch kind {
    case .plain: .plain
    case .keyword: Palette.codeKeyword
    case .type: Palette.codeType
    case .string: Palette.codeString
    case .comment: Palette.codeComment
    case .number: Palette.codeNumber
    case .directive: Palette.codeDirective
    case .function: Palette.codeFunction
    case .variable: Palette.codeVariable
    }
  }

  func bullet(depth: Int) -> String {
    bullets.isEmpty ? "*" : bullets[depth % bullets.count]
  }
}

extension MarkdownTheme {
  /// `style` with `other`'s attributes added, and `other`'s colour when it has one.
  ///
  /// Here, not in an extension of TextStyle: an extension puts TextStyle in
  /// Components' dependency graph, so any edit to Components would rebuild
  /// every importer's file that uses a TextStyle.
  static func style(_ style: TextStyle, adding other: TextStyle) -> TextStyle {
    TextStyle(
      foreground: other.foreground ?? style.foreground,
      isBold: style.isBold || other.isBold,
      isDim: style.isDim || other.isDim,
      isItalic: style.isItalic || other.isItalic,
      isUnderlined: style.isUnderlined || other.isUnderlined,
      isInverse: style.isInverse || other.isInverse,
      isStrikethrough: style.isStrikethrough || other.isStrikethrough, link: other.link ?? style.link)
  }
}
