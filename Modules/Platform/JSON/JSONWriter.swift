/// Writes JSON as it goes, into one buffer: the counterpart of
/// ``JSONDocument`` for Wayfarer's own files and records.
///
/// Members are written in the order given (a record's declared order, which
/// is stable); strings are escaped as RFC 8259 asks (quote, backslash and
/// control characters; nothing else, so text stays readable). `pretty`
/// indents by two spaces, one member or element per line, as people read
/// an export.
public struct JSONWriter {
  public private(set) var bytes: [UInt8] = []
  private let pretty: Bool
  private var depth = 0
  /// Whether the container being written has a member or element yet.
  private var hasItem = false

  public init(pretty: Bool = false) {
    self.pretty = pretty
  }

  /// Writes an object whose members `members` writes.
  public mutating func object(_ members: (inout JSONWriter) -> Void) {
    container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), members)
  }

  /// Writes an array whose elements `elements` writes.
  public mutating func array(_ elements: (inout JSONWriter) -> Void) {
    container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), elements)
  }

  /// Starts a member of the object being written; its value comes next.
  public mutating func key(_ key: String) {
    separate()
    quoted(key)
    bytes.append(UInt8(ascii: ":"))
    if pretty { bytes.append(UInt8(ascii: " ")) }
    hasItem = false
    isAfterKey = true
  }

  /// The bytes written and a line break after them, as a file ends: taken
  /// without a copy (adding the break to `bytes` copied all of an export).
  public consuming func endingWithLine() -> [UInt8] {
    bytes.append(0x0A)
    return bytes
  }

  public mutating func string(_ text: String) {
    valueStarts()
    quoted(text)
  }

  /// `text` between quotes, escaped.
  private mutating func quoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Nearly all text needs no escape: copied in one block, once a scan
    // shows it (byte by byte, it was a fifth of an export).
    var text = text
    let copied = text.withUTF8 { utf8 in
      guard !utf8.contains(where: Self.needsEscape) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if !copied { escaped(text) }
    bytes.append(UInt8(ascii: "\""))
  }

  @inline(__always) private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func escaped(_ text: String) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(byte)
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
        bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      default: bytes.append(byte)
      }
    }
  }

  public mutating func int(_ value: Int) {
    valueStarts()
    bytes.append(contentsOf: String(value).utf8)
  }

  /// A finite number in its shortest form that reads back the same
  /// (`48.1389272`, `1e-07`); one that is not finite is written as null,
  /// which JSON has instead.
  public mutating func double(_ value: Double) {
    guard value.isFinite else { return null() }
    valueStarts()
    bytes.append(contentsOf: value.description.utf8)
  }

  public mutating func bool(_ value: Bool) {
    valueStarts()
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  public mutating func null() {
    valueStarts()
    bytes.append(contentsOf: "null".utf8)
  }

  // MARK: Layout

  private var isAfterKey = false

  private mutating func container(open: UInt8, close: UInt8, _ items: (inout JSONWriter) -> Void) {
    valueStarts()
    bytes.append(open)
    depth += 1
    hasItem = false
    items(&self)
    depth -= 1
    if pretty && hasItem { newline() }
    bytes.append(close)
    hasItem = true
  }

  /// Before a value: after a key it follows at once; in an array it is a new element.
  private mutating func valueStarts() {
    if isAfterKey {
      isAfterKey = false
      hasItem = true
      return
    }
    separate()
    hasItem = true
  }

  /// A comma after the item before, and in pretty form a new line.
  private mutating func separate() {
    guard depth > 0 else { return }
    if hasItem { bytes.append(UInt8(ascii: ",")) }
    if pretty { newline() }
  }

  private mutating func newline() {
    bytes.append(0x0A)
    for _ in 0..<(2 * depth) { bytes.append(UInt8(ascii: " ")) }
  }
}

extension JSONWriter {
  /// A member whose value is `text`, left out when nil.
  public mutating func member(_ key: String, _ text: String?) {
    guard let text else { return }
    self.key(key)
    string(text)
  }

  /// A member whose value is `number`, left out when nil.
  public mutating func member(_ key: String, _ number: Int?) {
    guard let number else { return }
    self.key(key)
    int(number)
  }

  /// A member whose value is `number`, left out when nil.
  public mutating func member(_ key: String, _ number: Double?) {
    guard let number else { return }
    self.key(key)
    double(number)
  }

  /// A member whose value is a list of texts.
  public mutating func member(_ key: String, _ texts: [String]) {
    self.key(key)
    array { writer in
      for text in texts { writer.string(text) }
    }
  }
}
