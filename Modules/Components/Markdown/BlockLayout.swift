internal import CMarkGFM
import TerminalText

/// Code blocks and tables: the blocks whose lines depend on their node and
/// the width alone, not on what the renderer drew before them, so they can
/// be laid out ahead of time (``TopLevelBlocks``).
///
/// Holds the theme and inline reader of one thread: a second thread makes
/// its own.
struct BlockLayout {
  let kinds: MarkdownNodeKinds
  let theme: MarkdownTheme
  let inlines: InlineCollector

  init(kinds: MarkdownNodeKinds, theme: MarkdownTheme, inlines: InlineCollector) {
    self.kinds = kinds
    self.theme = theme
    self.inlines = inlines
  }

  init(kinds: MarkdownNodeKinds, context: RenderContext, resolver: LinkResolver) {
    let theme = MarkdownTheme(context)
    let html = HTMLText(theme: theme, resolver: resolver)
    self.init(
      kinds: kinds, theme: theme,
      inlines: InlineCollector(kinds: kinds, theme: theme, resolver: resolver, html: html))
  }

  /// The lines of the code block or table `node`, at most `width` columns
  /// wide (before the frames' prefixes); none for any other node.
  func lines(_ node: OpaquePointer, width: Int) -> [[StyledSpan]] {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_CODE_BLOCK:
      let language = MarkdownRenderer.language(node)
      let code = MarkdownRenderer.string(cmark_node_get_literal(node))
      return CodeBlockBox(theme: theme).lines(code: code, language: language, width: width)
    case kinds.table:
      return MarkdownTable(kinds: kinds, theme: theme, inlines: inlines).lines(node, width: width)
    default:
      return []
    }
  }
}
