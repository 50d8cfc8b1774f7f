import Foundation

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

  /// `date` as ``Timestamp/text(for:fraction:)`` writes it, between
  /// quotes (it never needs an escape).
  public mutating func timestamp(_ date: Date) {
    valueStarts()
    bytes.append(UInt8(ascii: "\""))
    Timestamp.append(date, fraction: true, to: &bytes)
    bytes.append(UInt8(ascii: "\""))
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

extension JSONWriter {
  /// Room for `count` bytes, so a large document is not copied as it grows.
  public mutating func reserveCapacity(_ count: Int) {
    bytes.reserveCapacity(count)
  }

  /// Writes `compact`, an object as a compact JSONWriter wrote it, laid out
  /// as this writer lays out its own, with the members `extra` writes after
  /// its own: the bytes this writer makes of the same object, without
  /// reading it into values and writing them again.
  ///
  /// False, writing nothing, when `compact` is not between `{` and `}`, or
  /// nests more than a few levels (a record's list is one). Only
  /// JSONWriter's own compact output (no white space outside strings) comes
  /// out as this writer would write it.
  public mutating func object(compact: UnsafeBufferPointer<UInt8>, extra: (inout JSONWriter) -> Void) -> Bool {
    guard compact.count >= 2, compact.first == UInt8(ascii: "{"), compact.last == UInt8(ascii: "}") else {
      return false
    }
    let inner = UnsafeBufferPointer(rebasing: compact[1..<(compact.count - 1)])
    guard pretty, !inner.isEmpty else {
      valueStarts()
      bytes.append(contentsOf: compact.dropLast())
      hasItem = !inner.isEmpty
      return closeObject(extra)
    }
    // Laid out in a buffer of its own, then added at once: added piece by
    // piece, the array's checks on each were most of the cost. Room for a
    // line break and an indent after each byte, four levels deeper at most.
    let (count, overflow) = inner.count.multipliedReportingOverflow(by: 2 + 2 * (depth + 5))
    guard !overflow, count <= 1 << 24 else { return false }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
      var layout = CompactLayout(output: buffer, depth: depth + 1)
      layout.newline()
      layout.add(inner)
      guard !layout.isFull else { return false }
      valueStarts()
      bytes.append(UInt8(ascii: "{"))
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<layout.count]))
      hasItem = true
      return closeObject(extra)
    }
  }

  /// After an object's own members: `extra`'s, and the brace.
  private mutating func closeObject(_ extra: (inout JSONWriter) -> Void) -> Bool {
    depth += 1
    extra(&self)
    depth -= 1
    if pretty && hasItem { newline() }
    bytes.append(UInt8(ascii: "}"))
    hasItem = true
    return true
  }
}

/// Compact JSON laid out as the pretty form, into a buffer (``isFull``
/// when it was too short): text between quotes is copied in runs, as it is.
private struct CompactLayout {
  let output: UnsafeMutableBufferPointer<UInt8>
  /// Where the object's members are indented; brackets that do not pair
  /// (never in JSONWriter's output) go no further out.
  let base: Int
  var depth: Int
  var count = 0

  init(output: UnsafeMutableBufferPointer<UInt8>, depth: Int) {
    self.output = output
    base = depth
    self.depth = depth
  }

  /// Set when the buffer was too short: what it holds is not all.
  private(set) var isFull = false

  mutating func add(_ json: UnsafeBufferPointer<UInt8>) {
    var index = 0
    var runStart = 0
    while index < json.count {
      let byte = json[index]
      guard Self.isStructural(byte) else {
        index = byte == UInt8(ascii: "\"") ? Self.end(ofStringAt: index, in: json) : index + 1
        continue
      }
      copy(json, runStart..<index)
      index = add(byte, at: index, in: json)
      runStart = index
    }
    copy(json, min(runStart, json.count)..<json.count)
  }

  /// Just past the string whose opening quote is at `start` (the count
  /// when it does not end).
  @inline(__always) private static func end(ofStringAt start: Int, in json: UnsafeBufferPointer<UInt8>) -> Int {
    var index = start + 1
    while index < json.count {
      let byte = json[index]
      if byte == UInt8(ascii: "\"") { return index + 1 }
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    return json.count
  }

  @inline(__always) private static func isStructural(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","),
      UInt8(ascii: ":"):
      true
    default: false
    }
  }

  /// Writes the structural `byte` at `index` as the pretty form does; where
  /// the copy goes on.
  private mutating func add(_ byte: UInt8, at index: Int, in json: UnsafeBufferPointer<UInt8>) -> Int {
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      put(byte)
      let next = index + 1
      // An empty container stays on its line, as JSONWriter writes it.
      if next < json.count, json[next] == UInt8(ascii: "}") || json[next] == UInt8(ascii: "]") {
        put(json[next])
        return next + 1
      }
      depth += 1
      newline()
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      depth = max(depth - 1, base)
      newline()
      put(byte)
    case UInt8(ascii: ","):
      put(byte)
      newline()
    default:
      put(byte)
      put(UInt8(ascii: " "))
    }
    return index + 1
  }

  @inline(__always) private mutating func put(_ byte: UInt8) {
    guard count < output.count else {
      isFull = true
      return
    }
    output[count] = byte
    count += 1
  }

  mutating func newline() {
    put(0x0A)
    for _ in 0..<max(2 * depth, 0) { put(UInt8(ascii: " ")) }
  }

  private mutating func copy(_ json: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    let length = min(range.count, output.count - count)
    if length < range.count { isFull = true }
    guard length > 0, let target = output.baseAddress, let source = json.baseAddress else { return }
    (target + count).update(from: source + range.lowerBound, count: length)
    count += length
  }
}
