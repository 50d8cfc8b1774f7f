internal import CMarkGFM
import Foundation

/// A long document parsed by cmark in two halves, the trees then joined.
///
/// The second half's blocks are parsed on a thread of its own while the
/// first half is parsed whole on the caller's. The parse was 331M of the
/// 552M instructions of a 1 MB README's render on the caller's thread
/// (callgrind: blocks 188M, inlines 141M), with the second core half idle
/// meanwhile. The inlines of the two halves are parsed one after the other:
/// cmark-gfm keeps the extensions' special characters in a table of its
/// own, adds them when a parser starts on its inlines and takes them out
/// when it is done.
///
/// The halves meet at an ATX heading line past the middle. The first half
/// is parsed up to and with that line, and is used only when cmark made it
/// a heading of the document itself: every block before it was then closed
/// there, as in a parse of the whole, and the second half, which starts
/// with the same line, parses as the rest of the whole would. A heading in
/// a code block, an HTML comment or a list item fails that check and the
/// document is parsed whole. So is one with a link reference definition
/// (`[label]:`), which reaches across the halves.
enum HalvedParse {
  /// Shorter documents are parsed whole: a thread costs more than it saves.
  static let minimumBytes = 64 * 1024

  /// Whether the cmark-gfm linked reads the second half's blocks without
  /// touching what the first half's inlines read (see ``supports(version:)``).
  static let isSupported = supports(version: cmark_version_string().map { String(cString: $0) } ?? "")

  /// Whether cmark-gfm `version` reads blocks without the special
  /// characters' table: 0.29.0.gfm.6 (Debian 12's) reads a table's rows
  /// with a scanner (callgrind: no inline parsing under
  /// `cmark_parser_feed`); later versions parse each row's inlines as they
  /// read it, adding and taking out those characters.
  static func supports(version: String) -> Bool {
    version == "0.29.0.gfm.6"
  }

  /// Where the halves meet.
  struct Split: Equatable {
    /// The offset of the heading line, where the second half starts.
    var start: Int
    /// Just past the heading line's end: where the first half ends.
    var end: Int
    /// The heading's line number in the whole (from 1, as cmark counts).
    var line: Int32
  }

  /// The first ATX heading line from the middle of `bytes`; nil when there
  /// is none, or the text has a carriage return (cmark counts lines by
  /// them too) or a link reference definition.
  static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> Split? {
    guard let base = bytes.baseAddress, bytes.count >= 2,
      memchr(base, 0x0D, bytes.count) == nil, !hasLabelEnd(bytes)
    else { return nil }
    var start = bytes.count / 2
    while let newline = memchr(base + start, 0x0A, bytes.count - start) {
      start = UnsafeRawPointer(base).distance(to: newline) + 1
      guard start < bytes.count else { return nil }
      guard isHeading(UnsafeBufferPointer(rebasing: bytes[start...])) else { continue }
      let end =
        memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer(base).distance(to: $0) + 1 }
        ?? bytes.count
      return Split(start: start, end: end, line: lineNumber(of: start, in: bytes))
    }
    return nil
  }

  /// Whether `bytes` hold `]:`, which ends a link reference definition's
  /// label.
  private static func hasLabelEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var position = 0
    while let bracket = memchr(base + position, Int32(UInt8(ascii: "]")), bytes.count - position) {
      position = UnsafeRawPointer(base).distance(to: bracket) + 1
      guard position < bytes.count else { return false }
      if bytes[position] == UInt8(ascii: ":") { return true }
    }
    return false
  }

  /// Whether `line` (to the end of the text) starts with an ATX heading's
  /// opening: one to six `#` then a blank or the line's end.
  private static func isHeading(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    let marks = line.prefix { $0 == UInt8(ascii: "#") }.count
    guard (1...6).contains(marks) else { return false }
    guard marks < line.count else { return true }
    return [0x20, 0x09, 0x0A].contains(line[marks])
  }

  /// The number, from 1, of the line starting at `offset`.
  private static func lineNumber(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard let base = bytes.baseAddress else { return 1 }
    var line: Int32 = 1
    var position = 0
    while position < offset, let newline = memchr(base + position, 0x0A, offset - position) {
      line += 1
      position = UnsafeRawPointer(base).distance(to: newline) + 1
    }
    return line
  }

  /// The document `bytes` parsed in the halves `split` makes, by two
  /// parsers with the same extensions, the blocks of the second on a thread
  /// of its own, which then runs `work`; nil when the first half shows the
  /// split to be unsound, the halves freed.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, at split: Split, parsers first: OpaquePointer, _ second: OpaquePointer,
    then work: (@Sendable () -> Void)? = nil
  ) -> OpaquePointer? {
    let half = Half(parser: second, bytes: UnsafeBufferPointer(rebasing: bytes[split.start...]))
    let blocks = SecondHalfBlocks(half, then: work)
    MarkdownParser.feed(first, UnsafeBufferPointer(rebasing: bytes[..<split.end]))
    let head = cmark_parser_finish(first)
    blocks.wait()
    // Only now: the first parser is done with its inlines.
    let rest = cmark_parser_finish(second)
    guard let head, let rest, let heading = cmark_node_last_child(head),
      cmark_node_get_type(heading) == CMARK_NODE_HEADING, cmark_node_get_start_line(heading) == split.line
    else {
      head.map { cmark_node_free($0) }
      rest.map { cmark_node_free($0) }
      return nil
    }
    // The second half starts with the same heading.
    cmark_node_free(heading)
    while let node = cmark_node_first_child(rest) {
      cmark_node_unlink(node)
      cmark_node_append_child(head, node)
    }
    cmark_node_free(rest)
    return head
  }
}

/// A parser and the text it is to parse, handed to the thread.
///
/// `@unchecked Sendable`: the thread is their only user until it is done.
private struct Half: @unchecked Sendable {
  let parser: OpaquePointer
  let bytes: UnsafeBufferPointer<UInt8>
}

/// The blocks of a ``HalvedParse``'s second half, parsed on a thread of
/// their own.
///
/// `@unchecked Sendable`: `isDone` is read and written with `condition`
/// held; the half is the thread's alone until then, and its bytes outlive
/// the thread (``wait()`` waits for it).
private final class SecondHalfBlocks: @unchecked Sendable {
  private let condition = NSCondition()
  private var isDone = false

  /// Starts the thread, which runs `work` once the blocks are parsed.
  init(_ half: Half, then work: (@Sendable () -> Void)?) {
    Thread.detachNewThread { [self] in
      MarkdownParser.feed(half.parser, half.bytes)
      condition.lock()
      isDone = true
      condition.broadcast()
      condition.unlock()
      work?()
    }
  }

  /// Returns once the thread has parsed the blocks.
  func wait() {
    condition.lock()
    defer { condition.unlock() }
    while !isDone { condition.wait() }
  }
}
