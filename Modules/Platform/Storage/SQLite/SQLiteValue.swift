#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value bound to or read from SQLite.
public enum SQLiteValue: Sendable, Equatable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null
}

/// One result row, by column name.
public struct SQLiteRow: Sendable, Equatable {
  public let values: [String: SQLiteValue]

  public func text(_ column: String) -> String? {
    if case .text(let value) = values[column] { return value }
    return nil
  }

  public func integer(_ column: String) -> Int64? {
    if case .integer(let value) = values[column] { return value }
    return nil
  }

  public func real(_ column: String) -> Double? {
    switch values[column] {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }
}

/// A failed SQLite call, with SQLite's own code and message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
  /// SQLite's primary result code (`SQLITE_CONSTRAINT` is 19).
  public let code: Int32
  public let message: String

  public static let constraintCode: Int32 = 19

  public var isConstraintViolation: Bool { code & 0xFF == Self.constraintCode }

  public var description: String { "the database reported error \(code): \(message)" }
}

extension SQLiteError: LocalizedError {
  public var errorDescription: String? { description }
}
