internal import CSQLite
import Locking
import Secrets

#if canImport(Glibc)
  import Glibc
#endif

/// A SQLite database file, shared safely between threads and processes.
///
/// One connection behind a lock, opened on first use (launch does not pay
/// for a database it may not need); WAL journal and a busy timeout so a
/// second running Wayfarer waits instead of failing; `synchronous=FULL` so a
/// commit survives a crash. Every C status goes through ``check(_:_:)``.
public final class SQLiteDatabase: Sendable {
  private let path: String
  /// Its write-ahead log, whose stamp ``fileStamp()`` takes too.
  private let walPath: String
  private let migrations: [Migration]
  private let connection = Locked<Connection?>(nil)
  private let counter = StatementCounter()
  /// Descriptors of the file and its WAL, which ``fileStamp()`` reads.
  ///
  /// Opened with the connection, and read by `fstat` (0.27 µs) instead of
  /// a `stat` of each path (0.65 µs), twice at every prompt. The connection reads the files
  /// it opened, so theirs is the stamp that matters: a file put at the
  /// path later is not what it reads. Nil: not open, the path is read.
  private let stampDescriptors = Locked<(file: Int32?, wal: Int32?)>((nil, nil))

  /// The sqlite3 handle and the statements prepared on it.
  ///
  /// Only ever used under the lock, one thread at a time.
  fileprivate final class Connection: @unchecked Sendable {
    let handle: OpaquePointer
    /// Statements by their text, prepared once: an import runs the same
    /// insert 10,000 times, and parsing it each time (with SQLite's
    /// allocator lock) was a sixth of the import.
    private var prepared: [String: OpaquePointer] = [:]
    /// More distinct statements than the app has are not kept.
    private static let mostKept = 64

    init(handle: OpaquePointer) {
      self.handle = handle
    }

    /// `sql` prepared, from the cache or now; reset by ``run(_:_:on:)`` after use.
    func statement(_ sql: String) throws -> OpaquePointer {
      if let statement = prepared[sql] { return statement }
      var statement: OpaquePointer?
      try SQLiteDatabase.check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), handle)
      guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "an empty statement") }
      if prepared.count >= Self.mostKept { finalizeAll() }
      prepared[sql] = statement
      return statement
    }

    func close() {
      finalizeAll()
      _ = sqlite3_close_v2(handle)
    }

    private func finalizeAll() {
      for statement in prepared.values { sqlite3_finalize(statement) }
      prepared.removeAll()
    }
  }

  /// A database at `path` (created if needed, mode 0600), brought to the
  /// schema `migrations` describe when it is first used.
  ///
  /// Each migration step takes the schema one version further and is never
  /// edited once shipped; `PRAGMA user_version` records how far a file got.
  public init(path: String, migrations: [Migration] = []) {
    self.path = path
    walPath = path + "-wal"
    self.migrations = migrations
  }

  /// A database whose every step is a single statement.
  public convenience init(path: String, migrations: [String]) {
    self.init(path: path, migrations: migrations.map { Migration($0) })
  }

  deinit {
    connection.withLock { connection in
      connection?.close()
    }
    // After the connection: closing a descriptor of a file drops every
    // POSIX lock this process holds on it, SQLite's included.
    stampDescriptors.withLock { descriptors in
      for descriptor in [descriptors.file, descriptors.wal].compactMap({ $0 }) { close(descriptor) }
    }
  }

  /// Opens the file now, so that a file that is no database is reported
  /// here rather than at first use; `checking`, it also reads all of it
  /// through SQLite's check (`PRAGMA quick_check`) for damage inside.
  public func open(checking: Bool = true) throws {
    try withConnection { connection in
      guard checking else { return }
      let answers = try Self.run("PRAGMA quick_check", [], on: connection).compactMap { $0.text("quick_check") }
      guard answers == ["ok"] else {
        throw SQLiteError(
          code: SQLITE_CORRUPT, message: "the file is damaged (\(answers.first ?? "no answer to the check"))")
      }
    }
  }

  /// How many statements SQLite has started on this database's connection
  /// (told by `sqlite3_trace_v2`, so pragmas and migrations count too).
  public var statementsStarted: Int { counter.count.withLock { $0 } }

  /// The database's files as they are on disk (inode, size and modification
  /// time of the file and of its WAL): it differs after any commit, by this
  /// process or another, and reading it runs no statement. (Two commits
  /// within one tick of the file system's clock, into a WAL SQLite is
  /// rewriting at the same size, can share a stamp: the second is then
  /// seen at the next commit.)
  public func fileStamp() -> [Int] {
    // Into one array, with no array a file: asked at every prompt.
    var stamp: [Int] = []
    stamp.reserveCapacity(8)
    let descriptors = stampDescriptors.withLock { $0 }
    Self.appendStamp(of: path, descriptor: descriptors.file, to: &stamp)
    Self.appendStamp(of: walPath, descriptor: descriptors.wal, to: &stamp)
    return stamp
  }

  private static func appendStamp(of file: String, descriptor: Int32?, to stamp: inout [Int]) {
    var info = stat()
    let status = descriptor.map { fstat($0, &info) } ?? stat(file, &info)
    guard status == 0 else { return stamp.append(contentsOf: repeatElement(0, count: 4)) }
    stamp.append(Int(truncatingIfNeeded: info.st_ino))
    stamp.append(Int(info.st_size))
    stamp.append(Int(info.st_mtim.tv_sec))
    stamp.append(Int(info.st_mtim.tv_nsec))
  }

  /// Runs one statement and returns its rows.
  @discardableResult
  public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
    try withConnection { try Self.run(sql, bindings, on: $0) }
  }

  /// Runs `body` inside one write transaction (BEGIN IMMEDIATE … COMMIT);
  /// rolls back if it throws.
  public func transaction<Result>(_ body: (Transaction) throws -> Result) throws -> Result {
    try withConnection { try Self.transaction(on: $0, body) }
  }

  private func withConnection<Result>(_ body: (Connection) throws -> Result) throws -> Result {
    try connection.withLock { connection in
      let opened = try connection ?? openConnection()
      connection = opened
      return try body(opened)
    }
  }

  private func openConnection() throws -> Connection {
    var opened: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    let status = sqlite3_open_v2(path, &opened, flags, nil)
    guard status == SQLITE_OK, let handle = opened else {
      let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
      sqlite3_close(opened)
      throw SQLiteError(code: status, message: message)
    }
    let connection = Connection(handle: handle)
    do {
      counter.watch(handle)
      // SQLite's own wait for another connection's lock, with a flush of
      // what was written before it starts (sqlite3_busy_timeout's would not).
      sqlite3_busy_handler(handle, { _, tries in SQLiteDatabase.busyWait(tries: tries) }, nil)
      // Switching a new file to WAL needs its lock while another process
      // may be doing the same: SQLite then answers "locked" at once, without
      // waiting (to avoid a deadlock), so the wait is done here.
      _ = try Self.waitingWhileBusy { try Self.run("PRAGMA journal_mode=WAL", [], on: connection) }
      _ = try Self.run("PRAGMA synchronous=FULL", [], on: connection)
      _ = try Self.run("PRAGMA foreign_keys=ON", [], on: connection)
      try migrate(connection)
    } catch {
      connection.close()
      throw error
    }
    makeFilesPrivate()
    openStampDescriptors()
    return connection
  }

  /// Opens the descriptors ``fileStamp()`` reads, once: the WAL exists by
  /// now (the migration's read made it); if it does not, its path is read.
  ///
  /// Never closed before the connection is (see `deinit`).
  private func openStampDescriptors() {
    stampDescriptors.withLock { descriptors in
      guard descriptors.file == nil, descriptors.wal == nil else { return }
      let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW
      let (file, wal) = (Glibc.open(path, flags), Glibc.open(walPath, flags))
      descriptors = (file >= 0 ? file : nil, wal >= 0 ? wal : nil)
    }
  }

  /// SQLite creates a database file 0644 whatever the umask (it sets the
  /// mode itself), and its -wal and -shm files copy that mode.
  ///
  /// Accounts live
  /// here, so all three are made 0600 once open; the files SQLite creates
  /// later copy the database's mode, now private.
  private func makeFilesPrivate() {
    // By name, never by opening the file: closing any descriptor of a file
    // drops every POSIX lock this process holds on it, SQLite's included.
    for file in [path, path + "-wal", path + "-shm"] {
      var info = stat()
      guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0 else { continue }
      _ = chmod(file, 0o600)
    }
  }

  /// How long a statement waits for another connection's lock.
  static let busyTimeoutMilliseconds: Int32 = 5_000

  /// What SQLite's busy handler answers after `tries` tries: 1 once it
  /// slept a while (try again), 0 when the busy timeout is spent.
  ///
  /// SQLite's default steps (1 ms at first, then up to 100 ms), as
  /// `sqlite3_busy_timeout` waits; what was written goes out before the
  /// first, since another Wayfarer may hold the lock for seconds.
  static func busyWait(tries: Int32) -> Int32 {
    if tries == 0 { BeforeWaiting.run() }
    let steps = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
    let count = max(Int(tries), 0)
    let waited =
      steps.prefix(count).reduce(0, +) + max(count - steps.count, 0) * (steps.last ?? 100)
    let delay = min(count < steps.count ? steps[count] : steps.last ?? 100, Int(busyTimeoutMilliseconds) - waited)
    guard delay > 0 else { return 0 }
    usleep(useconds_t(delay * 1_000))
    return 1
  }

  /// Runs `body` again while SQLite answers busy or locked, for up to the
  /// busy timeout, sleeping a little between tries.
  static func waitingWhileBusy<Result>(_ body: () throws -> Result) throws -> Result {
    var waited = 0
    while true {
      do {
        return try body()
      } catch let error as SQLiteError
        where (error.code & 0xFF == SQLITE_BUSY || error.code & 0xFF == SQLITE_LOCKED)
        && waited < Int(busyTimeoutMilliseconds)
      {
        if waited == 0 { BeforeWaiting.run() }
        usleep(20_000)
        waited += 20
      }
    }
  }

  /// Brings the file to the last schema version.
  ///
  /// Each step checks the
  /// version inside its own write transaction, so two processes opening a
  /// new file at once run each step once: the second finds it done.
  private func migrate(_ connection: Connection) throws {
    let current = try Self.run("PRAGMA user_version", [], on: connection).first?.integer("user_version") ?? 0
    for (index, migration) in migrations.enumerated() where index >= current {
      try Self.transaction(on: connection) { transaction in
        let now = try transaction.execute("PRAGMA user_version").first?.integer("user_version") ?? 0
        guard now <= index else { return }
        for statement in migration.statements {
          try transaction.execute(statement)
        }
        try migration.rewrite?(transaction)
        try transaction.execute("PRAGMA user_version = \(index + 1)")
      }
    }
  }

  private static func transaction<Result>(on connection: Connection, _ body: (Transaction) throws -> Result) throws
    -> Result
  {
    _ = try run("BEGIN IMMEDIATE", [], on: connection)
    do {
      let result = try body(Transaction(connection: connection))
      _ = try run("COMMIT", [], on: connection)
      return result
    } catch {
      _ = try? run("ROLLBACK", [], on: connection)
      throw error
    }
  }

  /// Statements run inside ``SQLiteDatabase/transaction(_:)``.
  public struct Transaction {
    fileprivate let connection: Connection

    @discardableResult
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
      try SQLiteDatabase.run(sql, bindings, on: connection)
    }

    /// Runs one statement that writes, reading no row it returns: how many
    /// rows it inserted, changed or deleted (an import's 10,000 inserts
    /// each read a RETURNING row before, with its column names).
    public func change(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
      try SQLiteDatabase.withStatement(sql, bindings, on: connection) { statement, handle in
        var status = sqlite3_step(statement)
        while status == SQLITE_ROW { status = sqlite3_step(statement) }
        try SQLiteDatabase.check(status, handle)
        return Int(sqlite3_changes(handle))
      }
    }
  }

  // MARK: C boundary

  /// Counts the statements SQLite starts on a connection; lives as long as
  /// the database, which closes the connection in `deinit`.
  private final class StatementCounter: Sendable {
    let count = Locked(0)

    func watch(_ handle: OpaquePointer) {
      let context = Unmanaged.passUnretained(self).toOpaque()
      sqlite3_trace_v2(
        handle, UInt32(SQLITE_TRACE_STMT),
        { _, context, _, _ in
          guard let context else { return 0 }
          Unmanaged<StatementCounter>.fromOpaque(context).takeUnretainedValue().count.withLock { $0 += 1 }
          return 0
        }, context)
    }
  }

  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  /// `sql` prepared (kept by the connection) with `bindings` bound, for
  /// `body`; then ready for its next use, whatever happens there (a
  /// statement left stepping would keep its read transaction open).
  fileprivate static func withStatement<Result>(
    _ sql: String, _ bindings: [SQLiteValue], on connection: Connection,
    _ body: (OpaquePointer, OpaquePointer) throws -> Result
  ) throws -> Result {
    let statement = try connection.statement(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    try bind(bindings, to: statement, connection.handle)
    return try body(statement, connection.handle)
  }

  fileprivate static func run(_ sql: String, _ bindings: [SQLiteValue], on connection: Connection) throws
    -> [SQLiteRow]
  {
    try withStatement(sql, bindings, on: connection) { statement, handle in
      var rows: [SQLiteRow] = []
      // The columns are read at the first row: a step may prepare the
      // statement again (another connection changed the schema), and the
      // columns with it.
      var columns: SQLiteColumns?
      let cursor = SQLiteCursor(statement: statement)
      while true {
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { return rows }
        guard status == SQLITE_ROW else {
          try check(status, handle)
          return rows
        }
        let count = sqlite3_column_count(statement)
        let names = columns ?? SQLiteColumns((0..<count).map { String(cString: sqlite3_column_name(statement, $0)) })
        columns = names
        var cells: [SQLiteValue] = []
        cells.reserveCapacity(Int(count))
        for column in 0..<count {
          let cell: SQLiteValue =
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
            case SQLITE_NULL: .null
            // Text, or a blob read as text (as the cursor reads it).
            default: .text(cursor.text(column) ?? "")
            }
          cells.append(cell)
        }
        rows.append(SQLiteRow(columns: names, cells: cells))
      }
    }
  }

  /// Binds `text` with its length given, not found by a NUL: a NUL piped
  /// into a question cut what was saved there ("a\0b" kept as "a").
  private static func bindText(_ text: String, at index: Int32, to statement: OpaquePointer?) -> Int32 {
    let length = Int32(clamping: text.utf8.count)
    return text.withCString { sqlite3_bind_text(statement, index, $0, length, transient) }
  }

  fileprivate static func bind(_ bindings: [SQLiteValue], to statement: OpaquePointer?, _ handle: OpaquePointer) throws
  {
    for (offset, value) in bindings.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32 =
        switch value {
        case .integer(let number): sqlite3_bind_int64(statement, index, number)
        case .real(let number): sqlite3_bind_double(statement, index, number)
        // No key or token a server echoed goes into a file.
        case .text(let text): bindText(SecretText.hiding(in: text), at: index, to: statement)
        case .null: sqlite3_bind_null(statement, index)
        }
      try check(status, handle)
    }
  }

  /// The one place SQLite status codes become Swift errors.
  fileprivate static func check(_ status: Int32, _ handle: OpaquePointer) throws {
    guard status != SQLITE_OK && status != SQLITE_ROW && status != SQLITE_DONE else { return }
    throw SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
  }
}

extension SQLiteDatabase {
  /// Runs one statement that reads, handing each row to `body` in place:
  /// for many rows whose columns are copied on or looked at once (an
  /// export's), without an array of rows and a string per column.
  ///
  /// `body` runs while the connection is held: it must not use this
  /// database.
  public func forEachRow(_ sql: String, _ bindings: [SQLiteValue] = [], _ body: (SQLiteCursor) throws -> Void) throws {
    try withConnection { connection in
      try Self.withStatement(sql, bindings, on: connection) { statement, handle in
        let cursor = SQLiteCursor(statement: statement)
        while true {
          let status = sqlite3_step(statement)
          if status == SQLITE_DONE { return }
          guard status == SQLITE_ROW else { return try Self.check(status, handle) }
          try body(cursor)
        }
      }
    }
  }
}
