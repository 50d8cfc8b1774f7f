import Components
import Diagnostics
import TerminalConsole
import TerminalText
import TextSafety

/// One reply being written to a terminal as it arrives: a spinner until
/// the first piece, every piece made harmless across piece boundaries (an
/// escape sequence split in two is removed whole), and each Markdown block
/// drawn again, rendered, in place once it is complete.
///
/// What is complete
/// is never drawn again; only the block being written is plain text.
@MainActor
final class StreamedReply {
  private let console: any Console
  // The state each piece changes is not checked for overlapping access at
  // run time (4 checks a token, about 330 instructions, callgrind): no
  // code runs inside these writes (the sanitizer and the block finder are
  // values that call out to nothing, `pending` is an array appended to).
  @exclusivity(unchecked) private var sanitizer = StreamSanitizer()
  private var spinner: Spinner?
  private var wroteText = false
  /// The text (cleaned) of the blocks still shown as they came, as UTF-8:
  /// a byte array takes a piece for about half what a string's append
  /// costs (callgrind).
  @exclusivity(unchecked) private var pending: [UInt8] = []
  /// False once the console could not draw a block again (no cursor
  /// movement): the rest stays as it came.
  private var rendersBlocks = true
  /// Where `pending` may be cut, read as it grows.
  @exclusivity(unchecked) private var blocks = MarkdownBlocks()
  private let lifetime = Lifetime(StreamedReply.self)
  /// `TextStyle.plain`, held: read from its global at each piece it was
  /// copied (its link retained and released), about 100 instructions a
  /// streamed token (callgrind).
  private let plain = TextStyle.plain

  init(console: any Console) {
    self.console = console
  }

  func startSpinner() {
    spinner = Spinner(AssistantWording.thinking, console: console)
  }

  func write(_ piece: String) {
    stopSpinner()
    let clean = sanitizer.feed(piece)
    guard !clean.isEmpty else { return }
    wroteText = true
    console.writePartial(clean, style: plain)
    pending.append(contentsOf: clean.utf8)
    drawCompletedBlocks()
  }

  /// Ends the reply: what is left is drawn rendered (or, where it cannot
  /// be, its line is ended); the spinner, if still turning, is stopped.
  func finish() {
    // The reply's last line goes out now, not at the next wait.
    defer { console.flush() }
    stopSpinner()
    let rest = sanitizer.finish()
    if !rest.isEmpty {
      wroteText = true
      console.writePartial(rest, style: .plain)
      pending.append(contentsOf: rest.utf8)
    }
    guard wroteText else { return }
    let last = String(decoding: pending, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if rendersBlocks, console.replacePartial(with: last.isEmpty ? [] : MarkdownView(last).lines(in: console.context)) {
      return
    }
    console.writePartial("\n", style: .plain)
  }

  /// Draws the blocks that are complete again, rendered, and the start of
  /// the next one after them as it came.
  private func drawCompletedBlocks() {
    guard rendersBlocks, let boundary = blocks.lastBoundary(inUTF8: pending) else { return }
    // Cut at line breaks, so both halves are whole characters.
    let complete = String(decoding: pending[..<boundary.lowerBound], as: UTF8.self)
    let next = String(decoding: pending[boundary.upperBound...], as: UTF8.self)
    guard console.replacePartial(with: MarkdownView(complete).lines(in: console.context) + [.blank]) else {
      rendersBlocks = false
      return
    }
    pending = Array(pending[boundary.upperBound...])
    blocks = MarkdownBlocks()
    console.writePartial(next, style: .plain)
  }

  private func stopSpinner() {
    spinner?.stop()
    spinner = nil
  }
}

/// Where streamed Markdown may be cut into blocks that render alone as
/// they would in the whole: at blank lines outside code fences, once the
/// next block has begun and is not indented (an indented line may still
/// belong to a list item above).
///
/// A reply only grows, so the lines already read are not read again: each
/// call reads the lines completed since the last (a long paragraph or code
/// block arriving a token at a time was read whole at every token).
struct MarkdownBlocks {
  private var insideFence = false
  /// The end of the last content line when blank lines follow it.
  private var blankSince: Int?
  private var lastContentEnd: Int?
  private var found: Range<Int>?
  /// Where the first line not yet read whole starts (a UTF-8 offset).
  private var nextLine = 0
  /// How far that line was searched for its end: a paragraph written a
  /// token at a time was searched from its start at every token (about
  /// 700 instructions a token, callgrind).
  private var searchedTo = 0

  /// The boundary of a text read once, from its start.
  static func lastBoundary(in text: String) -> Range<String.Index>? {
    var blocks = MarkdownBlocks()
    return blocks.lastBoundary(in: text)
  }

  /// The blank lines after the last complete block of `text`.
  ///
  /// From the end of that block's last line to the start of the block
  /// begun after it. `text` is the last call's text with more at its end.
  mutating func lastBoundary(in text: String) -> Range<String.Index>? {
    let scanned = text.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(Array(text.utf8))
    guard let boundary = scanned else { return nil }
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: boundary.lowerBound)
    return lower..<utf8.index(lower, offsetBy: boundary.count)
  }

  /// The boundary in `bytes`, a text's UTF-8, as offsets; as
  /// `lastBoundary(in:)`.
  mutating func lastBoundary(inUTF8 bytes: [UInt8]) -> Range<Int>? { scan(bytes) }

  /// The boundary as UTF-8 offsets: the lines completed since the last
  /// call are read, then the line still being written, which may begin the
  /// next block (it is read again once complete).
  private mutating func scan<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Range<Int>?
  where Bytes.Index == Int {
    var start = nextLine
    while let newline = bytes[min(max(start, searchedTo), bytes.count)...].firstIndex(of: UInt8(ascii: "\n")) {
      read(bytes[start..<newline])
      start = newline + 1
      nextLine = start
    }
    searchedTo = bytes.count
    if start < bytes.count, let from = blankSince, Self.hasContent(bytes[start...]), !Self.isIndent(bytes[start]) {
      return from..<start
    }
    return found
  }

  private mutating func read<Line: Collection<UInt8>>(_ line: Line) where Line.Index == Int {
    guard Self.hasContent(line), let first = line.first else {
      if blankSince == nil, !insideFence, lastContentEnd != nil { blankSince = lastContentEnd }
      return
    }
    if let from = blankSince, !Self.isIndent(first) { found = from..<line.startIndex }
    blankSince = nil
    let content = line.drop(while: Self.isIndent)
    if content.starts(with: "```".utf8) || content.starts(with: "~~~".utf8) { insideFence.toggle() }
    lastContentEnd = line.endIndex
  }

  private static func hasContent<Line: Collection<UInt8>>(_ line: Line) -> Bool { line.contains { !isIndent($0) } }
  private static func isIndent(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
