import Foundation

/// A long document's fenced code blocks prepared (sanitised, measured and
/// highlighted) on a second thread while cmark parses it on the caller's.
///
/// Highlighting is a fifth of a 1 MB README's work (138M of 1,042M
/// instructions, callgrind) and needs only the code and its language, both
/// in the raw text: found there by ``FenceScanner``, a block is ready
/// before the parse is done. The layout uses a block prepared here only
/// when cmark gave the very code and language it was prepared for (see
/// ``BlockLayout``), so a guess the scanner gets wrong costs its time and
/// never a line: the lines are those of a block prepared on the spot.
///
/// `@unchecked Sendable`: every mutable field is read and written with
/// `condition` held; the thread reads only its own copy of the text.
final class CodeAhead: @unchecked Sendable {
  /// A block as cmark gives it: its literal text and its fence's language.
  struct Key: Hashable, Sendable {
    var code: String
    var language: String
  }

  /// Shorter documents are prepared as they are laid out: a thread costs
  /// more than it saves (a reply with a code block or two).
  static let minimumBytes = 64 * 1024

  private let condition = NSCondition()
  /// Highlighted whatever the terminal shows: the parse comes before the
  /// context is known; without colour a block drops its tokens.
  private var prepared: [Key: PreparedCode] = [:]
  private var isStopped = false
  private var isRunning = true

  private let markdown: String

  /// The preparer of the fenced blocks of `markdown`, to be run once by
  /// ``run()``; nil when it is too short to be worth a thread.
  init?(_ markdown: String) {
    guard markdown.utf8.count >= Self.minimumBytes else { return nil }
    self.markdown = markdown
  }

  /// Prepares the blocks on the calling thread, other than the parse's:
  /// one of its own, or the one that parses the second half of a halved
  /// parse once it is done with it (``HalvedParse``).
  func run() {
    prepare(markdown)
  }

  /// The thread: each block in turn, until there are none or ``finish()``
  /// stops it.
  private func prepare(_ markdown: String) {
    var scanner = FenceScanner(markdown)
    while let fence = scanner.next() {
      condition.lock()
      let stops = isStopped
      condition.unlock()
      if stops { break }
      let code = PreparedCode(code: fence.code, language: fence.language, highlights: true)
      condition.lock()
      prepared[fence] = code
      condition.unlock()
    }
    condition.lock()
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the thread and waits for the block it is at: the blocks it
  /// prepared, not to be added to again.
  func finish() -> [Key: PreparedCode] {
    condition.lock()
    defer { condition.unlock() }
    isStopped = true
    while isRunning { condition.wait() }
    return prepared
  }
}

/// The fenced code blocks of a Markdown text found line by line, without
/// parsing: a fence of three or more backticks or tildes indented at most
/// three spaces, to a closing fence as long, of the same character.
///
/// Each block's code is its lines as cmark keeps them (up to the opening
/// fence's indentation taken off each) and its language the first word of
/// the info string. Blocks inside lists, quotes or HTML may come out other
/// than cmark reads them: ``CodeAhead`` then does not use them.
struct FenceScanner {
  private let bytes: [UInt8]
  private var position = 0

  init(_ markdown: String) {
    bytes = Array(markdown.utf8)
  }

  /// The next block closed by its fence; nil at the end of the text.
  mutating func next() -> CodeAhead.Key? {
    while let line = nextLine() {
      guard let fence = Self.opening(bytes[line]) else { continue }
      var code: [UInt8] = []
      while let inner = nextLine() {
        if Self.closes(bytes[inner], fence: fence) {
          return CodeAhead.Key(code: String(decoding: code, as: UTF8.self), language: fence.language)
        }
        var start = inner.lowerBound
        while start < inner.upperBound, start - inner.lowerBound < fence.indent, bytes[start] == 0x20 { start += 1 }
        code += bytes[start..<inner.upperBound]
        code.append(0x0A)
      }
    }
    return nil
  }

  /// The bytes of the next line, without its line break.
  private mutating func nextLine() -> Range<Int>? {
    guard position < bytes.count else { return nil }
    let start = position
    let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
    position = end + 1
    return start..<end
  }

  private struct Fence {
    var character: UInt8
    var length: Int
    var indent: Int
    var language: String
  }

  /// The fence `line` opens, if it opens one.
  private static func opening(_ line: ArraySlice<UInt8>) -> Fence? {
    let indent = line.prefix { $0 == 0x20 }.count
    guard indent <= 3, let character = line.dropFirst(indent).first,
      character == UInt8(ascii: "`") || character == UInt8(ascii: "~")
    else { return nil }
    let length = line.dropFirst(indent).prefix { $0 == character }.count
    let info = line.dropFirst(indent + length)
    guard length >= 3, character == UInt8(ascii: "~") || !info.contains(UInt8(ascii: "`")) else { return nil }
    // As the renderer reads cmark's info string: trimmed, up to a space.
    let trimmed = info.drop { $0 == 0x20 || $0 == 0x09 }
    let word = trimmed.prefix { $0 != 0x20 && $0 != 0x0D }
    return Fence(character: character, length: length, indent: indent, language: String(decoding: word, as: UTF8.self))
  }

  /// Whether `line` closes `fence`: as many of its characters or more,
  /// indented at most three spaces, and blanks after.
  private static func closes(_ line: ArraySlice<UInt8>, fence: Fence) -> Bool {
    let indent = line.prefix { $0 == 0x20 }.count
    let run = line.dropFirst(indent).prefix { $0 == fence.character }.count
    return indent <= 3 && run >= fence.length
      && line.dropFirst(indent + run).allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }
}
