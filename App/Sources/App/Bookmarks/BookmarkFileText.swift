import Foundation
import JSON

/// What a bookmarks file's text must be before its JSON is read: UTF-8
/// throughout, and no `\u` escape that is half of a surrogate pair.
///
/// Both would otherwise reach the records as U+FFFD, so a name would be
/// saved changed while import said it had added it (review10:
/// `Bad \xff\xfe \ud800 Name` was saved as `Bad �� � Name`).
enum BookmarkFileText {
  /// Why `bytes` cannot be read, and where; nil when they can.
  static func problem(in bytes: [UInt8]) -> BookmarkFileReader.Problem? {
    if let offset = firstInvalidUTF8(in: bytes) {
      return at(offset, in: bytes, "it is not UTF-8 text")
    }
    if let offset = firstLoneSurrogate(in: bytes) {
      return at(offset, in: bytes, "it has a \\u escape that is half of a surrogate pair")
    }
    return nil
  }

  private static func at(_ offset: Int, in bytes: [UInt8], _ reason: String) -> BookmarkFileReader.Problem {
    BookmarkFileReader.Problem(
      kind: .malformed, reason: reason, byte: offset, line: JSONDocument.line(ofByte: offset, in: bytes))
  }

  /// The offset of the first byte that is not part of valid UTF-8.
  static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
    // Most files are valid: the standard library's check, then a walk only
    // to say where.
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

  /// The offset of the first surrogate escape (`\uD800` to `\uDFFF`) that
  /// is not a high one followed at once by a low one.
  ///
  /// The JSON is valid when this runs, so a backslash is only ever inside
  /// a string, starting an escape.
  static func firstLoneSurrogate(in bytes: [UInt8]) -> Int? {
    var index = 0
    while let slash = backslash(in: bytes, from: index) {
      guard let unit = escapedUnit(in: bytes, at: slash) else {
        index = slash + 2
        continue
      }
      index = slash + 6
      switch unit {
      case 0xD800...0xDBFF:
        guard let low = escapedUnit(in: bytes, at: index), (0xDC00...0xDFFF).contains(low) else { return slash }
        index += 6
      case 0xDC00...0xDFFF: return slash
      default: continue
      }
    }
    return nil
  }

  /// The offset of the first backslash from `start` on, found by `memchr`:
  /// byte by byte, the scan of a 2 MB export took 10.7M instructions.
  private static func backslash(in bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress,
        let found = memchr(base + start, Int32(UInt8(ascii: "\\")), buffer.count - start)
      else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// The code unit of the `\uXXXX` escape at `offset`; nil for any other.
  private static func escapedUnit(in bytes: [UInt8], at offset: Int) -> UInt16? {
    guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
    else { return nil }
    var unit: UInt16 = 0
    for byte in bytes[(offset + 2)..<(offset + 6)] {
      guard let digit = hexDigit(byte) else { return nil }
      unit = unit << 4 | digit
    }
    return unit
  }

  private static func hexDigit(_ byte: UInt8) -> UInt16? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
