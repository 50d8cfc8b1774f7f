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
  /// Whether the tree is large enough to be freed on a thread of its own.
  private let freesAside: Bool

  /// Documents from this many bytes have their tree freed on a thread of
  /// its own: freeing a 1 MB README's took 42.7M instructions (callgrind),
  /// on the path of whoever let go of it; a thread costs far less.
  static let freeAsideBytes = 64 * 1024

  /// Code blocks prepared while the text was parsed, by code and language.
  let preparedCode: [CodeAhead.Key: PreparedCode]

  init(parsing markdown: String) {
    let ahead = CodeAhead(markdown)
    var prepare: (@Sendable () -> Void)?
    if let ahead { prepare = { ahead.run() } }
    (root, kinds) = MarkdownParser.parse(markdown, alongside: prepare)
    preparedCode = ahead?.finish() ?? [:]
    freesAside = markdown.utf8.count >= Self.freeAsideBytes
  }

  deinit {
    guard let root else { return }
    guard freesAside else { return cmark_node_free(root) }
    // Nothing else holds the tree now: every reader has finished
    // (TopLevelBlocks waits for its thread before the lines are returned).
    let tree = TreeToFree(root: root)
    Thread.detachNewThread { cmark_node_free(tree.root) }
  }
}

/// A tree handed to the thread that frees it.
///
/// `@unchecked Sendable`: the thread is its only user from then on.
private struct TreeToFree: @unchecked Sendable {
  let root: OpaquePointer
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
///
/// A halved parse holds the lock for both its threads. cmark-gfm adds its extensions' characters to that table when it starts
/// parsing inlines and takes them out when it is done: two parsers must
/// never be at their inlines at once (``HalvedParse``).
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

  /// Parses `markdown`, in two halves at once (``HalvedParse``) from
  /// `halvesFrom` bytes, with `work` run on another thread meanwhile: the
  /// one of the second half once it has read its blocks (two threads beside
  /// the parse's made it wait for them), else a thread of its own.
  static func parse(
    _ markdown: String, halvesFrom minimumBytes: Int = HalvedParse.minimumBytes,
    alongside work: (@Sendable () -> Void)? = nil
  ) -> (OpaquePointer?, MarkdownNodeKinds) {
    let parsesTables = estimatedTableCells(markdown, upTo: tableCellLimit) <= tableCellLimit
    lock.lock()
    defer { lock.unlock() }
    let (extensions, kinds) = registry.registered()
    let attached = extensions.filter { parsesTables || $0 != kinds.tableExtension }
    var text = markdown
    let root = text.withUTF8 { bytes -> OpaquePointer? in
      if bytes.count >= minimumBytes, HalvedParse.isSupported, let split = HalvedParse.split(bytes) {
        return parseInHalves(bytes, at: split, attached, alongside: work)
      }
      work.map { Thread.detachNewThread($0) }
      return parseWhole(bytes, attached)
    }
    return (root, kinds)
  }

  /// `bytes` parsed in the halves `split` makes, `work` run by the second
  /// half's thread; parsed whole when they do not join.
  private static func parseInHalves(
    _ bytes: UnsafeBufferPointer<UInt8>, at split: HalvedParse.Split, _ extensions: [OpaquePointer],
    alongside work: (@Sendable () -> Void)?
  ) -> OpaquePointer? {
    // Both parsers made here: attaching writes what the other reads.
    let parsers = (makeParser(extensions), makeParser(extensions))
    defer {
      for parser in [parsers.0, parsers.1] { parser.map { cmark_parser_free($0) } }
    }
    guard let first = parsers.0, let second = parsers.1 else {
      work.map { Thread.detachNewThread($0) }
      return parseWhole(bytes, extensions)
    }
    return HalvedParse.parse(bytes, at: split, parsers: first, second, then: work) ?? parseWhole(bytes, extensions)
  }

  private static func parseWhole(_ bytes: UnsafeBufferPointer<UInt8>, _ extensions: [OpaquePointer]) -> OpaquePointer? {
    guard let parser = makeParser(extensions) else { return nil }
    defer { cmark_parser_free(parser) }
    return finish(parser, feeding: bytes)
  }

  /// A parser with `extensions` attached; call with `lock` held.
  private static func makeParser(_ extensions: [OpaquePointer]) -> OpaquePointer? {
    guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return nil }
    for syntaxExtension in extensions { cmark_parser_attach_syntax_extension(parser, syntaxExtension) }
    return parser
  }

  /// The document `parser` makes of `bytes`.
  private static func finish(_ parser: OpaquePointer, feeding bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
    feed(parser, bytes)
    return cmark_parser_finish(parser)
  }

  /// Gives `parser` `bytes` to parse into blocks: their inlines are parsed
  /// by `cmark_parser_finish`.
  static func feed(_ parser: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>) {
    bytes.withMemoryRebound(to: CChar.self) { characters in
      if let start = characters.baseAddress, !characters.isEmpty {
        cmark_parser_feed(parser, start, characters.count)
      }
    }
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
    // Line by line, each found with memchr, and most decided by their first
    // byte that is not a blank or quote mark: byte by byte, this was 20M
    // instructions of a 1 MB README (callgrind), on the parse's path.
    var markdown = markdown
    return markdown.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return 0 }
      var start = 0
      while true {
        let end =
          memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer(base).distance(to: $0) }
          ?? bytes.count
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if let first = line.firstIndex(where: { !Self.isBlankOrQuote($0) }) {
          if columns > 0 {
            total += columns
          } else if let groups = Self.delimiterColumns(UnsafeBufferPointer(rebasing: line[first...])) {
            columns = groups
            total += columns * 2  // the header row and this one
          }
        } else {
          columns = 0
        }
        guard end < bytes.count, total <= limit else { return total }
        start = end + 1
      }
    }
  }

  private static func isBlankOrQuote(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: ">")
  }

  /// The columns of `row` (a line from its first byte that is not a blank
  /// or quote mark) when it is a delimiter row: pipes, blanks and runs of
  /// dashes and colons, with a dash and a pipe; nil when it is not one.
  private static func delimiterColumns(_ row: UnsafeBufferPointer<UInt8>) -> Int? {
    var pipes = 0
    var hasDash = false
    /// Runs of dashes and colons between pipes: the delimiter row's columns.
    var groups = 0
    var isInGroup = false
    for byte in row {
      switch byte {
      case 0x20, 0x09, 0x0D:
        break
      case UInt8(ascii: "|"):
        isInGroup = false
        pipes += 1
      case UInt8(ascii: "-"), UInt8(ascii: ":"):
        if !isInGroup { groups += 1 }
        isInGroup = true
        if byte == UInt8(ascii: "-") { hasDash = true }
      default:
        return nil
      }
    }
    return hasDash && pipes > 0 ? groups : nil
  }
}
