internal import CMarkGFM
import TerminalText

/// Paragraphs, headings, HTML, code blocks and tables: the blocks laid out
/// ahead of time (``TopLevelBlocks``).
///
/// Their lines depend on their node and the width alone, not on what the
/// renderer drew before them; the renderer adds the frames' prefixes.
///
/// Holds the theme and inline reader of one thread: a second thread makes
/// its own.
struct BlockLayout {
  let kinds: MarkdownNodeKinds
  let theme: MarkdownTheme
  let inlines: InlineCollector
  /// Code blocks prepared while the document was parsed (``CodeAhead``).
  let preparedCode: [CodeAhead.Key: PreparedCode]

  init(
    kinds: MarkdownNodeKinds, theme: MarkdownTheme, inlines: InlineCollector,
    preparedCode: [CodeAhead.Key: PreparedCode]
  ) {
    self.kinds = kinds
    self.theme = theme
    self.inlines = inlines
    self.preparedCode = preparedCode
  }

  init(
    kinds: MarkdownNodeKinds, context: RenderContext, resolver: LinkResolver,
    preparedCode: [CodeAhead.Key: PreparedCode]
  ) {
    let theme = MarkdownTheme(context)
    let html = HTMLText(theme: theme, resolver: resolver)
    self.init(
      kinds: kinds, theme: theme,
      inlines: InlineCollector(kinds: kinds, theme: theme, resolver: resolver, html: html),
      preparedCode: preparedCode)
  }

  /// The lines of `node`: prose at most `proseWidth` columns wide, code
  /// and tables `fullWidth`; none for a block of another kind.
  func lines(_ node: OpaquePointer, proseWidth: Int, fullWidth: Int) -> [[StyledSpan]] {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_PARAGRAPH:
      return StyledWrapper.wrap(inlines.items(in: node, style: .plain), width: proseWidth).map { $0.spans }
    case CMARK_NODE_HEADING:
      return heading(node, width: proseWidth)
    case CMARK_NODE_HTML_BLOCK:
      let items = inlines.html.items(MarkdownRenderer.string(cmark_node_get_literal(node)), style: .plain)
      return StyledWrapper.wrap(items, width: proseWidth).map { $0.spans }
    case CMARK_NODE_CODE_BLOCK:
      return codeBlock(node, width: fullWidth)
    case kinds.table:
      return MarkdownTable(kinds: kinds, theme: theme, inlines: inlines).lines(node, width: fullWidth)
    default:
      return []
    }
  }

  /// A code block's box, from the block prepared ahead when it was
  /// prepared from this very code and language.
  private func codeBlock(_ node: OpaquePointer, width: Int) -> [[StyledSpan]] {
    let language = MarkdownRenderer.language(node)
    let code = MarkdownRenderer.string(cmark_node_get_literal(node))
    let box = CodeBlockBox(theme: theme)
    guard var prepared = preparedCode[CodeAhead.Key(code: code, language: language)] else {
      return box.lines(code: code, language: language, width: width)
    }
    // Prepared highlighted; the rows do not depend on it.
    if !theme.usesColor { prepared.tokens = nil }
    return box.lines(prepared, language: language, width: width)
  }

  /// A heading: bold; levels 1 and 2 ruled as wide as their widest line,
  /// deeper ones keeping their `#` marks without colour.
  private func heading(_ node: OpaquePointer, width: Int) -> [[StyledSpan]] {
    let level = Int(cmark_node_get_heading_level(node))
    var items = inlines.items(in: node, style: theme.heading)
    if !theme.usesColor, level >= 3 {
      items.insert(.text(String(repeating: "#", count: level) + " ", theme.heading), at: 0)
    }
    let wrapped = StyledWrapper.wrap(items, width: width)
    var lines = wrapped.map { $0.spans }
    guard level <= 2, let widest = wrapped.map({ $0.width }).max() else { return lines }
    let rule = MarkdownLines.repeated(level == 1 ? theme.doubleRule : theme.rule, count: widest)
    lines.append([StyledSpan(rule, style: theme.frame)])
    return lines
  }
}
