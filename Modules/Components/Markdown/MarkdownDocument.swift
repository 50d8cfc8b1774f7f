internal import CMarkGFM
import Synchronization

/// A Markdown text parsed by cmark-gfm, GitHub's own parser, with the
/// table, strikethrough, autolink and task-list extensions on. Owns the node
/// tree and frees it.
///
/// Not `Sendable`: cmark fills in a node's text the first time it is read,
/// so one document must be read by one thread at a time.
final class MarkdownDocument {
  /// The document node; nil only when cmark could not allocate a parser.
  let root: OpaquePointer?
  let kinds: MarkdownNodeKinds

  init(parsing markdown: String) {
    (root, kinds) = MarkdownParser.parse(markdown)
  }

  deinit {
    if let root { cmark_node_free(root) }
  }
}

/// The node types and extension cmark-gfm's extensions give out when they are
/// registered, read once so the tree walk compares numbers, not names.
///
/// `@unchecked Sendable`: numbers fixed at registration and a pointer to an
/// extension cmark keeps for the life of the process and never changes.
struct MarkdownNodeKinds: @unchecked Sendable {
  let table: cmark_node_type
  let tableRow: cmark_node_type
  let tableCell: cmark_node_type
  let strikethrough: cmark_node_type
  /// The task-list extension: a list item made by it is a task.
  let tasklist: OpaquePointer?
}

/// Parses under one lock: registering the extensions, attaching them to a
/// parser (which writes a table of special characters shared by every
/// parser) and inline parsing (which reads that table) all touch cmark's
/// global state.
enum MarkdownParser {
  private struct Registry {
    var extensions: [OpaquePointer] = []
    var kinds: MarkdownNodeKinds?

    mutating func registered() -> ([OpaquePointer], MarkdownNodeKinds) {
      if let kinds { return (extensions, kinds) }
      cmark_gfm_core_extensions_ensure_registered()
      let names: [String] = ["table", "strikethrough", "autolink", "tasklist"]
      extensions = names.compactMap { cmark_find_syntax_extension($0) }
      let made = MarkdownNodeKinds(
        table: wf_cmark_node_table(),
        tableRow: wf_cmark_node_table_row(),
        tableCell: wf_cmark_node_table_cell(),
        strikethrough: wf_cmark_node_strikethrough(),
        tasklist: cmark_find_syntax_extension("tasklist"))
      kinds = made
      return (extensions, made)
    }
  }

  private static let registry = Mutex(Registry())

  static func parse(_ markdown: String) -> (OpaquePointer?, MarkdownNodeKinds) {
    registry.withLock { registry in
      let (extensions, kinds) = registry.registered()
      guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return (nil, kinds) }
      defer { cmark_parser_free(parser) }
      for syntaxExtension in extensions {
        cmark_parser_attach_syntax_extension(parser, syntaxExtension)
      }
      var text = markdown
      text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { characters in
          if let start = characters.baseAddress, !characters.isEmpty {
            cmark_parser_feed(parser, start, characters.count)
          }
        }
      }
      return (cmark_parser_finish(parser), kinds)
    }
  }
}
