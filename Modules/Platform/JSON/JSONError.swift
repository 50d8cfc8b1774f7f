import Foundation

/// Why a document is not JSON, and where (a byte offset).
public struct JSONError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Reason: Equatable, Sendable {
    case empty
    case unexpectedEnd
    case unexpectedByte(UInt8)
    case invalidNumber
    case invalidEscape
    case controlCharacterInString
    case tooDeep
    case tooLarge
    case trailingData
    /// Only where text must be exact (``JSONDocument/init(bytes:exactText:)``).
    case invalidUTF8
    case loneSurrogate
  }

  public let reason: Reason
  public let offset: Int

  public init(reason: Reason, offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  public var description: String {
    switch reason {
    case .empty, .tooLarge: problem
    case .unexpectedEnd, .trailingData: "\(problem), at byte \(offset)"
    default: "\(problem) at byte \(offset)"
    }
  }

  /// What is wrong, without where (for a reader that says where its own way).
  public var problem: String {
    switch reason {
    case .empty: "no JSON at all"
    case .unexpectedEnd: "the JSON stops early"
    case .unexpectedByte(let byte): "unexpected \(Self.name(of: byte))"
    case .invalidNumber: "a malformed number"
    case .invalidEscape: "a malformed escape sequence"
    case .controlCharacterInString: "an unescaped control character in a string"
    case .tooDeep: "more than \(JSONDocument.maximumDepth) nested arrays or objects"
    case .tooLarge: "a document over 4 GiB"
    case .trailingData: "more data after the JSON value"
    case .invalidUTF8: "bytes that are not UTF-8 text"
    case .loneSurrogate: "a \\u escape that is half of a surrogate pair"
    }
  }

  private static func name(of byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}

extension JSONError: LocalizedError {
  public var errorDescription: String? { description }
}
