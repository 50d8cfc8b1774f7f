/// Makes text that arrives in pieces (a streamed reply) harmless, across the
/// pieces' boundaries.
///
/// The rules ``TextSanitizer`` applies (it uses this type), kept as state
/// between pieces: an escape sequence split over two pieces is still removed
/// whole, and a UTF-8 character split over two pieces is printed once,
/// whole. Line breaks are kept (a reply has lines); tabs, next line (U+0085)
/// and Unicode's line and paragraph separators become a space; carriage
/// returns, other controls and bidirectional overrides are dropped.
public struct StreamSanitizer: Sendable {
  private enum Escape: Sendable {
    case none
    /// After ESC: the next character says which kind.
    case started
    /// CSI (ESC [ or C1 0x9B): parameters until a final 0x40…0x7E.
    case controlSequence
    /// OSC, DCS, SOS, PM, APC: until BEL or ST (ESC \ or C1 0x9C).
    case string
    /// ESC inside a string: `\` ends it.
    case stringEscape
  }

  private var escape = Escape.none
  /// The bytes of a UTF-8 character that has not all arrived.
  private var pending: [UInt8] = []

  /// Line breaks kept (a reply), or made spaces (a span on one line).
  private let keepsLineBreaks: Bool

  public init() {
    keepsLineBreaks = true
  }

  init(keepsLineBreaks: Bool) {
    self.keepsLineBreaks = keepsLineBreaks
  }

  /// The clean text of `bytes`, to print now; what cannot be judged yet
  /// (half a character, a sequence not ended) waits for the next piece.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> String {
    if let clean = bytes.withContiguousStorageIfAvailable({ feed(contiguous: $0) }) { return clean }
    return Array(bytes).withUnsafeBufferPointer { feed(contiguous: $0) }
  }

  private mutating func feed(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
    // Printable ASCII with nothing waiting, most of a reply, is clean as it
    // is: byte by byte through the generic iterator it was 7 % of a reply.
    if pending.isEmpty, escape == .none, TextSanitizer.isPrintableASCII(bytes) {
      return String(decoding: bytes, as: UTF8.self)
    }
    var output = ""
    var index = 0
    while index < bytes.count {
      // Runs of printable ASCII (and kept line breaks) with nothing waiting
      // are copied whole: the pieces a burst hands over together, line
      // breaks and all, went here scalar by scalar (about 170 instructions
      // a byte, callgrind).
      if pending.isEmpty, escape == .none {
        let end = plainEnd(bytes, from: index)
        if end > index {
          output += String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
          index = end
          continue
        }
      }
      take(byte: bytes[index], into: &output.unicodeScalars)
      index += 1
    }
    return output
  }

  /// Where the run of printable ASCII (and kept line breaks) from `index` ends.
  private func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var end = index
    while end < bytes.count {
      let byte = bytes[end]
      guard (0x20...0x7E).contains(byte) || (byte == 0x0A && keepsLineBreaks) else { break }
      end += 1
    }
    return end
  }

  /// One byte of a UTF-8 character: a whole character is taken, half of
  /// one waits, a broken one is replaced.
  private mutating func take(byte: UInt8, into output: inout String.UnicodeScalarView) {
    if !pending.isEmpty {
      if byte & 0xC0 == 0x80 {
        pending.append(byte)
        if pending.count == Self.length(ofSequenceStartingWith: pending[0]) {
          take(Self.decode(pending) ?? "\u{FFFD}", into: &output)
          pending.removeAll()
        }
        return
      }
      // A new character began before the last one ended: that one was broken.
      pending.removeAll()
      take("\u{FFFD}", into: &output)
    }
    switch Self.length(ofSequenceStartingWith: byte) {
    case 1: take(Unicode.Scalar(byte), into: &output)
    case nil: take("\u{FFFD}", into: &output)
    default: pending = [byte]
    }
  }

  /// As the bytes' feed, for text: clean as it is, it is handed back, not
  /// copied (a streamed token comes here, its bytes were a generic call
  /// and a copy: about 400 instructions a token, callgrind).
  public mutating func feed(_ text: String) -> String {
    var text = text
    if pending.isEmpty, escape == .none, text.withUTF8(TextSanitizer.isPrintableASCII) { return text }
    return feed(text.utf8)
  }

  /// The end of the text: half a character still waiting is replaced, an
  /// unfinished escape sequence dropped.
  public mutating func finish() -> String {
    defer {
      pending.removeAll()
      escape = .none
    }
    return pending.isEmpty ? "" : "\u{FFFD}"
  }

  mutating func take(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) {
    let value = scalar.value
    switch escape {
    case .started:
      switch scalar {
      case "[": escape = .controlSequence
      case "]", "P", "X", "^", "_": escape = .string
      default: escape = .none  // a two-character sequence: both dropped
      }
      return
    case .controlSequence:
      if (0x40...0x7E).contains(value) { escape = .none }
      return
    case .string:
      if value == 0x07 || value == 0x9C { escape = .none } else if value == 0x1B { escape = .stringEscape }
      return
    case .stringEscape:
      escape = .none
      return
    case .none:
      break
    }
    switch value {
    case 0x1B: escape = .started
    case 0x9B: escape = .controlSequence
    case 0x0A: output.append(keepsLineBreaks ? scalar : " ")
    // Unicode's line and paragraph separators, and C1's next line: a
    // terminal draws them as it likes (nothing, a box, a column). A space,
    // as for a tab (dropped, they glued words; made line feeds, they split
    // a Markdown table row or heading in two).
    case 0x09, 0x85, 0x2028, 0x2029: output.append(" ")
    case 0x0D: if !keepsLineBreaks { output.append(" ") }
    case 0..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: break
    default: output.append(scalar)
    }
  }

  /// How many bytes a UTF-8 sequence with this first byte has; nil when the
  /// byte cannot start one.
  private static func length(ofSequenceStartingWith byte: UInt8) -> Int? {
    switch byte {
    case 0x00...0x7F: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: nil
    }
  }

  private static func decode(_ bytes: [UInt8]) -> Unicode.Scalar? {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil else { return nil }
    return scalar
  }
}
