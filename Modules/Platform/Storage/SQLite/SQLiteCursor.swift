internal import CSQLite

/// The row a statement stands on, read in place by column number.
///
/// Text comes as SQLite's own bytes, valid until the next row (no string is
/// made of a column nobody reads). Only good inside the call that hands it
/// over.
public struct SQLiteCursor {
  let statement: OpaquePointer

  /// The column's text as SQLite holds it (UTF-8, unchecked); nil when it
  /// is a number or NULL.
  ///
  /// A blob is read as text, as ``SQLiteDatabase/execute(_:_:)``'s rows
  /// read it: a row another tool stored as a blob is still read.
  public func textBytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
    let type = sqlite3_column_type(statement, column)
    guard type == SQLITE_TEXT || type == SQLITE_BLOB else { return nil }
    // Text first, then its length, as SQLite asks (the length is of that form).
    let start = sqlite3_column_text(statement, column)
    let count = Int(sqlite3_column_bytes(statement, column))
    guard let start, count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: start, count: count)
  }

  /// Whether the column is a whole number (SQLite's INTEGER).
  public func isInteger(_ column: Int32) -> Bool {
    sqlite3_column_type(statement, column) == SQLITE_INTEGER
  }

  /// The column's text as a string; nil when it is a number or NULL.
  public func text(_ column: Int32) -> String? {
    guard let bytes = textBytes(column) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The column's whole number; nil when it is not one.
  public func integer(_ column: Int32) -> Int64? {
    sqlite3_column_type(statement, column) == SQLITE_INTEGER ? sqlite3_column_int64(statement, column) : nil
  }

  /// The column's number, whole or not; nil when it is neither.
  public func real(_ column: Int32) -> Double? {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_FLOAT, SQLITE_INTEGER: sqlite3_column_double(statement, column)
    default: nil
    }
  }
}
