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

/// One result row, read by column name.
///
/// The rows of one statement share its column names, read once (not a
/// dictionary of names per row: 10,000 rows made 10,000 of them).
///
/// Not Equatable: nothing compared rows, and the hand-written `==` it took
/// (the column names are a class) was an operator in Storage's dependency
/// graph, on which every importer's file using `==` depended.
public struct SQLiteRow: Sendable {
  let columns: SQLiteColumns
  let cells: [SQLiteValue]

  public func value(_ column: String) -> SQLiteValue? {
    columns.index[column].map { cells[$0] }
  }

  public func text(_ column: String) -> String? {
    if case .text(let value) = value(column) { return value }
    return nil
  }

  public func integer(_ column: String) -> Int64? {
    if case .integer(let value) = value(column) { return value }
    return nil
  }

  public func real(_ column: String) -> Double? {
    switch value(column) {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }
}

/// The column names of a statement's rows, and where each is.
final class SQLiteColumns: Sendable {
  let names: [String]
  let index: [String: Int]

  init(_ names: [String]) {
    self.names = names
    index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
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
