internal import CSQLite
import Synchronization

/// A SQLite database file, shared safely between threads and processes.
///
/// One connection behind a lock; WAL journal and a busy timeout so a second
/// running Wayfarer waits instead of failing; `synchronous=FULL` so a commit
/// survives a crash. Every C status goes through ``check(_:_:)``.
public final class SQLiteDatabase: Sendable {
  private let connection: Mutex<OpaquePointer>

  /// Opens (creating if needed) the database at `path`, file mode 0600.
  public init(path: String) throws {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
      sqlite3_close(handle)
      throw SQLiteError(code: status, message: message)
    }
    sqlite3_busy_timeout(handle, 5_000)
    connection = Mutex(handle)
    try execute("PRAGMA journal_mode=WAL")
    try execute("PRAGMA synchronous=FULL")
    try execute("PRAGMA foreign_keys=ON")
  }

  deinit {
    connection.withLock { _ = sqlite3_close_v2($0) }
  }

  /// Runs one statement and returns its rows.
  @discardableResult
  public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
    try connection.withLock { try Self.run(sql, bindings, on: $0) }
  }

  /// Runs `body` inside one write transaction (BEGIN IMMEDIATE … COMMIT);
  /// rolls back if it throws.
  public func transaction<Result>(_ body: (Transaction) throws -> Result) throws -> Result {
    try connection.withLock { handle in
      _ = try Self.run("BEGIN IMMEDIATE", [], on: handle)
      do {
        let result = try body(Transaction(handle: handle))
        _ = try Self.run("COMMIT", [], on: handle)
        return result
      } catch {
        _ = try? Self.run("ROLLBACK", [], on: handle)
        throw error
      }
    }
  }

  /// Brings the schema to `migrations.count`, running the missing steps in
  /// order, each in its own transaction. `PRAGMA user_version` records progress.
  public func migrate(_ migrations: [String]) throws {
    let current = try execute("PRAGMA user_version").first?.integer("user_version") ?? 0
    for (index, sql) in migrations.enumerated() where index >= current {
      try transaction { transaction in
        for statement in sql.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
          try transaction.execute(String(statement))
        }
        try transaction.execute("PRAGMA user_version = \(index + 1)")
      }
    }
  }

  /// Statements run inside ``SQLiteDatabase/transaction(_:)``.
  public struct Transaction {
    fileprivate let handle: OpaquePointer

    @discardableResult
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
      try SQLiteDatabase.run(sql, bindings, on: handle)
    }
  }

  // MARK: C boundary

  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  fileprivate static func run(_ sql: String, _ bindings: [SQLiteValue], on handle: OpaquePointer) throws
    -> [SQLiteRow]
  {
    var statement: OpaquePointer?
    try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), handle)
    defer { sqlite3_finalize(statement) }

    for (offset, value) in bindings.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32 =
        switch value {
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
        case .null: sqlite3_bind_null(statement, index)
        }
      try check(status, handle)
    }

    var rows: [SQLiteRow] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return rows }
      guard status == SQLITE_ROW else {
        try check(status, handle)
        return rows
      }
      var values: [String: SQLiteValue] = [:]
      for column in 0..<sqlite3_column_count(statement) {
        let name = String(cString: sqlite3_column_name(statement, column))
        values[name] =
          switch sqlite3_column_type(statement, column) {
          case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
          case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
          case SQLITE_NULL: .null
          default: .text(String(cString: sqlite3_column_text(statement, column)))
          }
      }
      rows.append(SQLiteRow(values: values))
    }
  }

  /// The one place SQLite status codes become Swift errors.
  private static func check(_ status: Int32, _ handle: OpaquePointer) throws {
    guard status != SQLITE_OK && status != SQLITE_ROW && status != SQLITE_DONE else { return }
    throw SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }
}
