import Foundation
import Secrets

/// A parsed JSON document: the bytes as they came plus a flat "tape" with one
/// entry per value, in document order.
///
/// Nothing is turned into Swift strings
/// or numbers until it is read, so a reader that wants seven fields of each
/// place pays for seven fields, not for the whole response.
///
/// Parsing validates the whole document (RFC 8259 grammar, escapes, control
/// characters, nesting up to `maximumDepth`), so a truncated or malformed
/// body fails here rather than half-way through reading it.
public final class JSONDocument: Sendable {
  /// Deeper documents are refused rather than walked: no real answer nests
  /// this far, and a hostile one must not cost more than its size.
  public static let maximumDepth = 512

  let bytes: [UInt8]
  let tape: [TapeEntry]

  /// Parses `bytes`; with `exactText`, text that would read as U+FFFD is
  /// an error.
  ///
  /// That is bytes that are not UTF-8 and a `\u` escape that is half a
  /// surrogate pair. Without it a reader gets U+FFFD for them, as one
  /// showing someone else's text would want. A file whose text is saved (a
  /// bookmarks import) must be exact: read, each name was saved changed
  /// while import said it had added it.
  public init(bytes: [UInt8], exactText: Bool = false) throws(JSONError) {
    guard bytes.count < Int(UInt32.max) else { throw JSONError(reason: .tooLarge, offset: 0) }
    if exactText, let offset = Self.firstInvalidUTF8(in: bytes) {
      throw JSONError(reason: .invalidUTF8, offset: offset)
    }
    // A server that echoes a key back (in a reply, a description) must not
    // get it into anything read from the document: hidden before parsing.
    // A replacement (`[GH_TOKEN]`) needs no escaping inside a string.
    var bytes = bytes
    SecretText.hide(in: &bytes)
    tape = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
      var parser = JSONParser(bytes: buffer, exactText: exactText)
      return try parser.parse()
    }
    self.bytes = bytes
  }

  /// The offset of the first byte that is not part of valid UTF-8: the
  /// standard library's check, then a walk only to say where.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// Parses a copy of `data`'s bytes, taken in one block: `Array(data)`
  /// copies byte by byte, which costs more than parsing.
  public convenience init(_ data: Data) throws(JSONError) {
    try self.init(bytes: data.withUnsafeBytes { Array($0) })
  }

  /// The tape index of the value of `object`'s first member whose key is
  /// `wanted`, if any.
  func member(of object: Int, named wanted: UnsafeBufferPointer<UInt8>) -> Int? {
    tape.withUnsafeBufferPointer { tape in
      bytes.withUnsafeBufferPointer { bytes in
        func isWanted(_ key: Int) -> Bool {
          let entry = tape[key]
          let text = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
          if entry.kind == .escapedString { return JSONText.unescaped(text).utf8.elementsEqual(wanted) }
          return text.count == wanted.count
            && (text.isEmpty || memcmp(text.baseAddress!, wanted.baseAddress!, text.count) == 0)
        }
        let wantedPrefix = JSONText.prefix(of: wanted)
        var key = object + 1
        let end = Int(tape[object].end)
        while key < end {
          let entry = tape[key]
          if entry.prefix == wantedPrefix || entry.kind == .escapedString, isWanted(key) { return key + 1 }
          let value = tape[key + 1]
          key = value.kind.isContainer ? Int(value.end) : key + 2
        }
        return nil
      }
    }
  }

  /// The 1-based line of byte `offset` of `bytes` (lines end with `\n`):
  /// with a `JSONError`'s offset, where a person finds the mistake.
  public static func line(ofByte offset: Int, in bytes: [UInt8]) -> Int {
    bytes.prefix(max(0, offset)).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
  }

  /// The top-level value.
  public var root: JSONNode { JSONNode(document: self, index: 0) }

  /// The index just past `index`'s value and everything inside it.
  @inline(__always)
  func end(of index: Int) -> Int {
    let entry = tape[index]
    return entry.kind.isContainer ? Int(entry.end) : index + 1
  }
}

/// One value on the tape.
///
/// Strings and numbers point at their bytes (a
/// string's without the quotes); containers record how many elements or
/// members they hold and where they end.
struct TapeEntry {
  enum Kind: UInt8 {
    case null, `true`, `false`, number, string, escapedString, array, object

    var isContainer: Bool { self == .array || self == .object }
  }

  var kind: Kind
  /// Scalars: where their bytes begin (a string's after its quote).
  ///
  /// Containers: their count.
  var start: UInt32
  /// Scalars: where their bytes end.
  ///
  /// Containers: the tape index after their
  /// last value.
  var end: UInt32
  /// Strings: their first four bytes, so a key lookup rarely reads the text.
  var prefix: UInt32 = 0
}
