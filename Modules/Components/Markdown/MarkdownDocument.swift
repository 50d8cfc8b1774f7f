internal import CMarkGFM
import Foundation

/// A Markdown text parsed by cmark-gfm, GitHub's own parser, with the
/// table, strikethrough, autolink and task-list extensions on.
///
/// Owns the node
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
  let tableExtension: OpaquePointer?
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
        tasklist: cmark_find_syntax_extension("tasklist"),
        tableExtension: cmark_find_syntax_extension("table"))
      kinds = made
      return (extensions, made)
    }
  }

  /// An NSLock (a pthread mutex) rather than `Mutex`: ThreadSanitizer sees
  /// through pthread locks, and reported parses on two threads as racing
  /// on `Mutex`'s storage.
  private static let lock = NSLock()
  /// Read and written only with `lock` held.
  nonisolated(unsafe) private static var registry = Registry()

  /// The most table cells a document may have for tables to be parsed as
  /// tables; past it they are read as the text they are written in.
  ///
  /// Debian's cmark-gfm (0.29.0.gfm.6) fills each short row of a table up
  /// to the header's number of columns: a 24 kB README of one wide header
  /// and many one-cell rows becomes 9 million cells, 2 GB and seconds of
  /// parsing (later versions cap it). A real README has a few thousand
  /// cells, and even a 1 MB table of two narrow columns fewer than 350,000;
  /// 400,000 take cmark about 0.4 s and 90 MB.
  static let tableCellLimit = 400_000

  static func parse(_ markdown: String) -> (OpaquePointer?, MarkdownNodeKinds) {
    let parsesTables = estimatedTableCells(markdown, upTo: tableCellLimit) <= tableCellLimit
    lock.lock()
    defer { lock.unlock() }
    let (extensions, kinds) = registry.registered()
    guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return (nil, kinds) }
    defer { cmark_parser_free(parser) }
    for syntaxExtension in extensions where parsesTables || syntaxExtension != kinds.tableExtension {
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

  /// How many cells the tables of `markdown` would have once cmark filled
  /// their rows, counting no further than just past `limit`.
  ///
  /// From lines alone, without parsing: a delimiter row (pipes, dashes,
  /// colons and blanks, after any quote marks) starts a table with a cell
  /// per column in each line up to the next blank one. It errs on the side
  /// of too many (a delimiter row in a code block counts too).
  static func estimatedTableCells(_ markdown: String, upTo limit: Int) -> Int {
    var total = 0
    var columns = 0
    var isBlank = true
    var isDelimiter = true
    var isIndent = true
    var pipes = 0
    var hasDash = false
    /// Runs of dashes and colons between pipes: the delimiter row's columns.
    var groups = 0
    var isInGroup = false
    func endLine() {
      if isBlank {
        columns = 0
      } else if columns > 0 {
        total += columns
      } else if isDelimiter, hasDash, pipes > 0 {
        columns = groups
        total += columns * 2  // the header row and this one
      }
      (isBlank, isDelimiter, isIndent, pipes, hasDash, groups, isInGroup) = (true, true, true, 0, false, 0, false)
    }
    // Over the bytes in place (through the UTF-8 view it was a tenth of
    // parsing a 1 MB README).
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      for byte in bytes {
        switch byte {
        case 0x0A:
          endLine()
          if total > limit { return total }
        case 0x20, 0x09, 0x0D:
          break
        case UInt8(ascii: ">") where isIndent:
          break
        case UInt8(ascii: "|"):
          (isBlank, isIndent, isInGroup) = (false, false, false)
          pipes += 1
        case UInt8(ascii: "-"), UInt8(ascii: ":"):
          if !isInGroup { groups += 1 }
          (isBlank, isIndent, isInGroup) = (false, false, true)
          if byte == UInt8(ascii: "-") { hasDash = true }
        default:
          (isBlank, isIndent, isDelimiter) = (false, false, false)
        }
      }
      endLine()
      return total
    }
  }
}
