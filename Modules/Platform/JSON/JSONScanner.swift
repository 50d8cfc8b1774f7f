import Secrets

/// Reads one small document's values in order, without a tape, for a
/// reader that wants a few fields of it many times a second (a streamed
/// reply's events, one a token): building the tape and looking members up
/// in it cost more than all the rest of a token's way to the terminal.
///
/// It reads only what it is sure to read as `JSONDocument` would, and
/// fails (nil, false) on anything else: an escaped key, a document nested
/// deeper than `maximumDepth`, or malformed JSON. The caller then reads the
/// document with `JSONDocument`, so what a scan gives is what the document
/// gives. The same grammar is checked (RFC 8259; the whole document, up to
/// its end), and strings are read as `JSONNode.string` reads them.
///
/// Inlinable: a reader's closures are then compiled into its own scan, not
/// called across modules (a streamed Gemini event's scan, 5,755 instructions
/// before, 5,107 after; callgrind).
public struct JSONScanner {
  /// Deeper documents are left to `JSONDocument`.
  public static let maximumDepth = 32

  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  @usableFromInline var position = 0
  @usableFromInline var depth = 0

  @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether `read` reads `text` as a whole document (its value, and
  /// nothing but white space after it); false when it fails.
  ///
  /// A registered secret is hidden in the text first, as `JSONDocument`
  /// hides it in its bytes. Not generic: the reader keeps what it reads
  /// (a generic result here was looked up at run time at every event).
  @inlinable
  public static func scan(_ text: String, _ read: (inout JSONScanner) -> Bool) -> Bool {
    var text = SecretText.hiding(in: text)
    return text.withUTF8 { scanWhole($0, read) }
  }

  /// Whether `read` reads the UTF-8 `bytes` as a whole document, where
  /// they lie; false too when they hold a registered secret (the caller
  /// reads them as text then, which hides it).
  @inlinable
  public static func scan(utf8 bytes: UnsafeBufferPointer<UInt8>, _ read: (inout JSONScanner) -> Bool) -> Bool {
    !SecretText.holdsSecret(in: bytes) && scanWhole(bytes, read)
  }

  @inlinable
  static func scanWhole(_ bytes: UnsafeBufferPointer<UInt8>, _ read: (inout JSONScanner) -> Bool) -> Bool {
    guard bytes.count < Int(UInt32.max) else { return false }
    var scanner = JSONScanner(bytes: bytes)
    scanner.skipWhitespace()
    guard read(&scanner) else { return false }
    scanner.skipWhitespace()
    return scanner.position == bytes.count
  }

  // MARK: What comes next

  /// The kind of the value at the reading position; nil at the end or
  /// before a byte no value starts with.
  @inlinable
  public var next: JSONNode.Kind? {
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .array
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
    case UInt8(ascii: "n"): return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
    default: return nil
    }
  }

  // MARK: Containers

  /// Reads an object, handing each member's key (its bytes, unescaped
  /// keys only) to `member`, which must read or skip the value; false when
  /// `member` does, or the object is not whole.
  @inlinable
  public mutating func object(_ member: (inout JSONScanner, Key) -> Bool) -> Bool {
    guard open(UInt8(ascii: "{")) else { return false }
    defer { depth -= 1 }
    if closes(UInt8(ascii: "}")) { return true }
    while true {
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = plainString() else {
        return false
      }
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
      position += 1
      skipWhitespace()
      guard member(&self, Key(bytes: key)) else { return false }
      guard let more = separator(closer: UInt8(ascii: "}")) else { return false }
      if !more { return true }
    }
  }

  /// Reads an array, handing each element's index to `element`, which
  /// must read or skip it; false when `element` does, or the array is not
  /// whole.
  @inlinable
  public mutating func array(_ element: (inout JSONScanner, Int) -> Bool) -> Bool {
    guard open(UInt8(ascii: "[")) else { return false }
    defer { depth -= 1 }
    if closes(UInt8(ascii: "]")) { return true }
    var index = 0
    while true {
      guard element(&self, index) else { return false }
      index += 1
      guard let more = separator(closer: UInt8(ascii: "]")) else { return false }
      if !more { return true }
    }
  }

  /// Moves past any value, checking it; false when it is not whole.
  @inlinable
  public mutating func skip() -> Bool {
    switch next {
    case .string: return stringEnd() != nil  // checked, not made a String
    case .object: return object { scanner, _ in scanner.skip() }
    case .array: return array { scanner, _ in scanner.skip() }
    case .bool: return bool() != nil
    case .null: return literal("null")
    case .number: return numberBytes() != nil
    case nil: return false
    }
  }

  // MARK: Scalars

  /// A string, read as `JSONNode.string` reads it (escapes decoded, a
  /// secret they spelled hidden); nil when it is no whole string.
  @inlinable
  public mutating func string() -> String? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    guard let escaped = stringEnd() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
    return escaped ? SecretText.hiding(in: JSONText.unescaped(text)) : String(decoding: text, as: UTF8.self)
  }

  /// A number, read as `JSONNode.double` reads it.
  @inlinable
  public mutating func double() -> Double? {
    numberBytes().map(JSONText.double)
  }

  @inlinable
  public mutating func bool() -> Bool? {
    if literal("true") { return true }
    if literal("false") { return false }
    return nil
  }

  // MARK: Reading

  @inlinable
  mutating func open(_ opener: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == opener, depth < Self.maximumDepth else { return false }
    depth += 1
    position += 1
    skipWhitespace()
    return true
  }

  /// Whether the container closes at once (it is empty).
  @inlinable
  mutating func closes(_ closer: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == closer else { return false }
    position += 1
    return true
  }

  /// After a value: true after a comma (another value follows), false
  /// after the closer, nil for anything else.
  @inlinable
  mutating func separator(closer: UInt8) -> Bool? {
    skipWhitespace()
    guard position < bytes.count else { return nil }
    let byte = bytes[position]
    position += 1
    if byte == closer { return false }
    guard byte == UInt8(ascii: ",") else { return nil }
    skipWhitespace()
    return true
  }

  /// A string without escapes (a key), its bytes; nil otherwise.
  @inlinable
  mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
    let start = position + 1
    guard stringEnd() == false else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
  }

  /// Moves past the string at `position` (its quote), checking it: whether
  /// it holds escapes, or nil when it is no whole string.
  @inlinable
  mutating func stringEnd() -> Bool? {
    guard let base = bytes.baseAddress else { return nil }
    // Read through a local index and pointer: the struct's own fields,
    // written back at every byte, made this most of a scan (callgrind).
    let count = bytes.count
    var index = position + 1
    var escaped = false
    while true {
      index = PlainJSONText.end(base, from: index, count: count)
      guard index < count else { return nil }
      let byte = base[index]
      if byte == UInt8(ascii: "\"") {
        position = index + 1
        return escaped
      }
      guard byte >= 0x20 else { return nil }  // a control character; else a backslash
      escaped = true
      position = index
      guard escape() else { return nil }
      index = position
    }
  }

  /// Moves past one escape sequence, as `JSONParser` checks it.
  @inlinable
  mutating func escape() -> Bool {
    guard position + 1 < bytes.count else { return false }
    switch bytes[position + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      position += 2
      return true
    case UInt8(ascii: "u"):
      guard position + 5 < bytes.count else { return false }
      for offset in 2...5 where JSONText.hexValue(bytes[position + offset]) == nil { return false }
      position += 6
      return true
    default:
      return false
    }
  }

  /// The bytes of a number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  @inlinable
  mutating func numberBytes() -> UnsafeBufferPointer<UInt8>? {
    let start = position
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else if digits() == 0 {
      return nil
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { return nil }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard digits() > 0 else { return nil }
    }
    return UnsafeBufferPointer(rebasing: bytes[start..<position])
  }

  @inlinable
  mutating func digits() -> Int {
    let start = position
    while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    return position - start
  }

  @inlinable
  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
    position += count
    return true
  }

  @inlinable
  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
      default: return
      }
    }
  }
}

extension JSONScanner {
  /// A member's key, as its bytes (keys with escapes are not scanned).
  public struct Key {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// Whether the key is `name`, byte for byte (as `JSONNode`'s subscript compares).
    @inlinable
    public func isNamed(_ name: StaticString) -> Bool {
      // By hand, eight bytes at a time: the generic elementsEqual was a
      // third of a scan, byte by byte still about 15 % (callgrind).
      let count = bytes.count
      guard count == name.utf8CodeUnitCount else { return false }
      guard let base = bytes.baseAddress else { return true }
      let mine = UnsafeRawPointer(base)
      let theirs = UnsafeRawPointer(name.utf8Start)
      var index = 0
      while index + 8 <= count {
        let word = mine.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        guard word == theirs.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
        index += 8
      }
      for index in index..<count where base[index] != name.utf8Start[index] { return false }
      return true
    }
  }
}
