/// Validates a document and writes its tape in one pass, without recursion:
/// open containers live on an explicit stack, so depth costs memory bounded
/// by `JSONDocument.maximumDepth`, never the thread's stack.
struct JSONParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var tape: [TapeEntry] = []
  /// The innermost open container, kept apart from the others because every
  /// value updates it.
  private var current: OpenContainer?
  /// The containers around `current`, outermost first.
  private var outer: [OpenContainer] = []

  private struct OpenContainer {
    var index: Int
    var isObject: Bool
    var count: UInt32 = 0
  }

  /// Whether a `\u` escape that is half a surrogate pair is an error.
  private let exactText: Bool
  /// Where the low half of the last high surrogate escape starts.
  private var pairedLow = -1

  init(bytes: UnsafeBufferPointer<UInt8>, exactText: Bool = false) {
    self.bytes = bytes
    self.exactText = exactText
    // A value per ~12 bytes is typical of API answers; a guess, not a limit.
    tape.reserveCapacity(bytes.count / 12 + 4)
    outer.reserveCapacity(16)
  }

  mutating func parse() throws(JSONError) -> [TapeEntry] {
    skipWhitespace()
    guard position < bytes.count else { throw JSONError(reason: .empty, offset: 0) }
    // After a whole value, a container wants `,` or its closer; right after
    // it opens, its closer or a first value.
    var afterValue = try value()
    while let isObject = current?.isObject {
      skipWhitespace()
      guard position < bytes.count else { throw error(.unexpectedEnd) }
      if bytes[position] == UInt8(ascii: isObject ? "}" : "]") {
        position += 1
        close()
        afterValue = true
        continue
      }
      if afterValue {
        guard bytes[position] == UInt8(ascii: ",") else { throw error(.unexpectedByte(bytes[position])) }
        position += 1
        skipWhitespace()
      }
      if isObject { try key() }
      afterValue = try value()
    }
    skipWhitespace()
    guard position == bytes.count else { throw error(.trailingData) }
    return tape
  }

  // MARK: Values

  /// One value at `position`: a scalar whole (true), or the opening of a
  /// container (false), whose contents the loop in `parse` reads.
  private mutating func value() throws(JSONError) -> Bool {
    guard position < bytes.count else { throw error(.unexpectedEnd) }
    current?.count += 1
    switch bytes[position] {
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      if let current {
        guard outer.count + 1 < JSONDocument.maximumDepth else { throw error(.tooDeep) }
        outer.append(current)
      }
      let isObject = bytes[position] == UInt8(ascii: "{")
      current = OpenContainer(index: tape.count, isObject: isObject)
      tape.append(TapeEntry(kind: isObject ? .object : .array, start: 0, end: 0))
      position += 1
      return false
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    case UInt8(ascii: "t"): try literal("true", .true)
    case UInt8(ascii: "f"): try literal("false", .false)
    case UInt8(ascii: "n"): try literal("null", .null)
    default: throw error(.unexpectedByte(bytes[position]))
    }
    return true
  }

  /// A member's key and its colon, leaving `position` at the value.
  private mutating func key() throws(JSONError) {
    guard position < bytes.count else { throw error(.unexpectedEnd) }
    guard bytes[position] == UInt8(ascii: "\"") else { throw error(.unexpectedByte(bytes[position])) }
    try string()
    skipWhitespace()
    guard position < bytes.count else { throw error(.unexpectedEnd) }
    guard bytes[position] == UInt8(ascii: ":") else { throw error(.unexpectedByte(bytes[position])) }
    position += 1
    skipWhitespace()
  }

  private mutating func close() {
    guard let container = current else { return }
    tape[container.index].start = container.count
    tape[container.index].end = UInt32(tape.count)
    current = outer.popLast()
  }

  private mutating func string() throws(JSONError) {
    position += 1  // the opening quote
    let start = position
    var escaped = false
    while true {
      skipPlainText()
      guard position < bytes.count else { throw error(.unexpectedEnd) }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 { throw error(.controlCharacterInString) }
      escaped = true
      try escape()
    }
    tape.append(
      TapeEntry(
        kind: escaped ? .escapedString : .string, start: UInt32(start), end: UInt32(position),
        prefix: JSONText.prefix(of: UnsafeBufferPointer(rebasing: bytes[start..<position]))))
    position += 1  // the closing quote
  }

  /// Moves past string bytes that need no attention (not `"`, `\\` or a
  /// control character), eight at a time while it can: strings are most of
  /// an API answer's bytes.
  private mutating func skipPlainText() {
    guard let base = bytes.baseAddress else { return }
    position = PlainJSONText.end(base, from: position, count: bytes.count)
  }

  /// Checks one escape sequence; decoding waits until the string is read.
  private mutating func escape() throws(JSONError) {
    let start = position
    position += 1
    guard position < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[position] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      position += 1
    case UInt8(ascii: "u"):
      guard let unit = unit(at: start) else {
        guard position + 4 < bytes.count else { throw error(.unexpectedEnd) }
        throw JSONError(reason: .invalidEscape, offset: start)
      }
      position += 5
      if exactText { try checkPairing(unit, at: start) }
    default:
      throw JSONError(reason: .invalidEscape, offset: start)
    }
  }

  /// The code unit of the `\uXXXX` escape at `offset`, if one is there.
  private func unit(at offset: Int) -> UInt16? {
    guard offset + 5 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
    else { return nil }
    var unit: UInt16 = 0
    for index in (offset + 2)...(offset + 5) {
      guard let digit = JSONText.hexValue(bytes[index]) else { return nil }
      unit = unit << 4 | digit
    }
    return unit
  }

  /// A high surrogate must be followed at once by a low one, and a low one
  /// must follow a high one.
  private mutating func checkPairing(_ unit: UInt16, at start: Int) throws(JSONError) {
    switch unit {
    case 0xD800...0xDBFF:
      guard let low = self.unit(at: position), (0xDC00...0xDFFF).contains(low) else {
        throw JSONError(reason: .loneSurrogate, offset: start)
      }
      pairedLow = position
    case 0xDC00...0xDFFF where start != pairedLow:
      throw JSONError(reason: .loneSurrogate, offset: start)
    default: break
    }
  }

  /// Reads a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func number() throws(JSONError) {
    let start = position
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count else { throw error(.unexpectedEnd) }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else if digits() == 0 {
      throw JSONError(reason: .invalidNumber, offset: start)
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw JSONError(reason: .invalidNumber, offset: start) }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard digits() > 0 else { throw JSONError(reason: .invalidNumber, offset: start) }
    }
    tape.append(TapeEntry(kind: .number, start: UInt32(start), end: UInt32(position)))
  }

  private mutating func digits() -> Int {
    let start = position
    while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    return position - start
  }

  private mutating func literal(_ word: StaticString, _ kind: TapeEntry.Kind) throws(JSONError) {
    let count = word.utf8CodeUnitCount
    for offset in 0..<count {
      guard position + offset < bytes.count else { throw JSONError(reason: .unexpectedEnd, offset: bytes.count) }
      guard bytes[position + offset] == word.utf8Start[offset] else {
        throw JSONError(reason: .unexpectedByte(bytes[position + offset]), offset: position + offset)
      }
    }
    tape.append(TapeEntry(kind: kind, start: UInt32(position), end: UInt32(position + count)))
    position += count
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
      default: return
      }
    }
  }

  private func error(_ reason: JSONError.Reason) -> JSONError {
    JSONError(reason: reason, offset: position)
  }
}
