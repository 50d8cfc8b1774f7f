// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (the fields are named as the service's JSON names them)
import Foundation
import Locking
import Secrets
import Synchronization
import TestSupport
import XCTest

@testable import Storage

final class SQLiteDatabaseTests: XCTestCase {
  private func makeSUT(_ migrations: [String]) throws -> (SQLiteDatabase, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = SQLiteDatabase(path: directory.file("test.sqlite"), migrations: migrations)
    trackForMemoryLeaks(database)
    return (database, directory)
  }

  func test_migrate_runsEachStepOnce_andBindsValues() throws {
    let steps = ["CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, note TEXT)"]
    let (database, directory) = try makeSUT(steps)
    try database.open()
    try SQLiteDatabase(path: directory.file("test.sqlite"), migrations: steps).open()

    try database.execute("INSERT INTO t (name, score, note) VALUES (?, ?, ?)", [.text("Zoë 'x'"), .real(1.5), .null])
    let row = try XCTUnwrap(database.execute("SELECT * FROM t").first)

    XCTAssertEqual(
      ["id", "name", "score", "note"].map { row.value($0) }, [.integer(1), .text("Zoë 'x'"), .real(1.5), .null])
    // Text is bound whole, a NUL inside it too.
    try database.execute("INSERT INTO t (name) VALUES (?), (?)", [.text("a\0b"), .text("")])
    XCTAssertEqual(
      try database.execute("SELECT name FROM t WHERE id > 1").map { $0.value("name") }, [.text("a\0b"), .text("")])
    XCTAssertEqual(try database.execute("PRAGMA user_version").first?.integer("user_version"), 1)
  }

  /// A key a server echoed into a reply or a description is not written
  /// to the file: the bind hides it.
  func test_aRegisteredKey_isNeverWrittenToTheFile() throws {
    SecretText.hide("sqliteEchoedKey977", naming: "TEST_KEY")
    let (database, directory) = try makeSUT(["CREATE TABLE t (note TEXT)"])
    try database.open()

    try database.execute("INSERT INTO t (note) VALUES (?)", [.text("token is Bearer sqliteEchoedKey977")])

    XCTAssertEqual(try database.execute("SELECT note FROM t").first?.value("note"), .text("token is Bearer [TEST_KEY]"))
    let file = try Data(contentsOf: URL(fileURLWithPath: directory.file("test.sqlite")))
    let wal = (try? Data(contentsOf: URL(fileURLWithPath: directory.file("test.sqlite-wal")))) ?? Data()
    XCTAssertNil(file.range(of: Data("sqliteEchoedKey977".utf8)))
    XCTAssertNil(wal.range(of: Data("sqliteEchoedKey977".utf8)))
  }

  /// SQLite sets a new database's mode to 0644 itself, ignoring the umask;
  /// the -wal and -shm files copy it.
  ///
  /// All three must be private.
  func test_theDatabaseAndItsWalAndShmFiles_are0600_whateverTheUmask() throws {
    let old = umask(0o022)
    defer { umask(old) }
    let (database, directory) = try makeSUT(["CREATE TABLE t (id INTEGER PRIMARY KEY)"])

    try database.execute("INSERT INTO t (id) VALUES (1)")
    let second = SQLiteDatabase(path: directory.file("test.sqlite"))
    try second.execute("INSERT INTO t (id) VALUES (2)")

    for suffix in ["", "-wal", "-shm"] {
      XCTAssertEqual(Directories.mode(of: directory.file("test.sqlite" + suffix)), 0o600, "test.sqlite\(suffix)")
    }
  }

  func test_transaction_rollsBackWhenItThrows() throws {
    let (database, _) = try makeSUT(["CREATE TABLE t (id INTEGER PRIMARY KEY)"])
    struct Abort: Error {}

    XCTAssertThrowsError(
      try database.transaction { transaction in
        try transaction.execute("INSERT INTO t (id) VALUES (1)")
        throw Abort()
      })

    XCTAssertEqual(try database.execute("SELECT COUNT(*) AS n FROM t").first?.integer("n"), 0)
  }

  func test_constraintViolation_isRecognisable_andCarriesSQLitesMessage() throws {
    let (database, _) = try makeSUT(["CREATE TABLE t (email TEXT UNIQUE)"])
    try database.execute("INSERT INTO t VALUES ('a')")

    XCTAssertThrowsError(try database.execute("INSERT INTO t VALUES ('a')")) { error in
      let failure = error as? SQLiteError
      XCTAssertEqual(failure?.isConstraintViolation, true)
      XCTAssertEqual(failure?.message, "UNIQUE constraint failed: t.email")
    }
    XCTAssertThrowsError(try database.execute("SELEKT 1")) { error in
      XCTAssertEqual((error as? SQLiteError)?.isConstraintViolation, false)
    }
  }

  /// Statements are prepared once and kept: each use starts afresh (its
  /// own bindings, from its first row), after a failure too, and more
  /// distinct statements than are kept still all run.
  func test_aKeptStatement_startsAfreshEachUse() throws {
    let (database, directory) = try makeSUT(["CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)"])
    let insert = "INSERT INTO t (name) VALUES (?)"
    try database.execute(insert, [.text("a")])
    XCTAssertThrowsError(try database.execute(insert, [.text("a")]), "the same statement, a constraint broken")
    try database.execute(insert, [.text("b")])
    try database.execute(insert, [.null])

    let select = "SELECT name FROM t ORDER BY id"
    XCTAssertEqual(try database.execute(select).map { $0.value("name") }, [.text("a"), .text("b"), .null])
    XCTAssertEqual(try database.execute(select).count, 3, "from the first row again")
    for number in 0..<100 {
      XCTAssertEqual(try database.execute("SELECT \(number) AS n").first?.integer("n"), Int64(number))
    }
    // Another connection changes the schema: a kept statement is prepared again.
    try SQLiteDatabase(path: directory.file("test.sqlite")).execute("ALTER TABLE t ADD COLUMN note TEXT")
    XCTAssertEqual(try database.execute("SELECT * FROM t").first?.value("note"), .null, "the new column is read")
  }

  func test_twoConnections_seeEachOthersCommits() throws {
    let (database, directory) = try makeSUT(["CREATE TABLE t (id INTEGER)"])
    let second = SQLiteDatabase(path: directory.file("test.sqlite"))

    try database.execute("INSERT INTO t VALUES (7)")

    XCTAssertEqual(try second.execute("SELECT id FROM t").first?.integer("id"), 7)
  }
}

extension SQLiteDatabaseTests {
  /// Two Wayfarers started at once on a new home both open the new file:
  /// each migration step runs once, and neither is told the file is locked.
  func test_connectionsOpeningANewFileAtOnce_allSucceed_andEachStepRunsOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let steps = [
      "CREATE TABLE a (id INTEGER PRIMARY KEY)", "CREATE TABLE b (id INTEGER PRIMARY KEY)",
      "INSERT INTO a (id) VALUES (1)",
    ]
    for round in 0..<12 {
      let path = directory.file("race-\(round).sqlite")
      let failures = Locked<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 4) { _ in
        let database = SQLiteDatabase(path: path, migrations: steps)
        do {
          try database.open()
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
      XCTAssertEqual(failures.withLock { $0 }, [], "round \(round)")
      let database = SQLiteDatabase(path: path, migrations: steps)
      XCTAssertEqual(try database.execute("SELECT count(*) AS n FROM a").first?.integer("n"), 1, "round \(round)")
      XCTAssertEqual(try database.execute("PRAGMA user_version").first?.integer("user_version"), 3)
    }
  }

  /// Garbage written into the middle of a file SQLite still opens: the
  /// check at open finds it, instead of a login failing later.
  func test_open_findsDamageInTheMiddleOfTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("damaged.sqlite")
    let steps = ["CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)", "CREATE INDEX t_text ON t (text)"]
    let database = SQLiteDatabase(path: path, migrations: steps)
    for number in 0..<400 {
      try database.execute("INSERT INTO t (text) VALUES (?)", [.text(String(repeating: "row \(number) ", count: 20))])
    }
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    XCTAssertNoThrow(try SQLiteDatabase(path: path, migrations: steps).open())

    var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path))
    for offset in stride(from: 8_192, to: min(bytes.count, 40_000), by: 7) { bytes[offset] = 0xA5 }
    try bytes.write(to: URL(fileURLWithPath: path))

    XCTAssertThrowsError(try SQLiteDatabase(path: path, migrations: steps).open()) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, 11, "\(error)")
    }
  }

  func test_opening_isDeferredToFirstUse_andAFailureSaysWhy() throws {
    let database = SQLiteDatabase(path: "/nonexistent-folder/wayfarer.sqlite")

    XCTAssertThrowsError(try database.execute("SELECT 1")) { error in
      XCTAssertEqual((error as? SQLiteError)?.code, 14)
      XCTAssertEqual("\(error)", "the database reported error 14: unable to open database file")
    }
  }

  /// Statements are kept as written: a trigger's body and a quoted `;`
  /// used to be cut apart at every semicolon.
  func test_aMigrationStep_runsItsStatementsAsWritten_triggersAndQuotedSemicolonsIncluded() throws {
    let steps = [
      Migration(
        "CREATE TABLE t (id INTEGER PRIMARY KEY, note TEXT DEFAULT 'a;b')",
        "CREATE TABLE log (entry TEXT)",
        """
        CREATE TRIGGER t_logged AFTER INSERT ON t BEGIN
          INSERT INTO log (entry) VALUES ('inserted; ' || new.id);
        END
        """)
    ]
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = SQLiteDatabase(path: directory.file("test.sqlite"), migrations: steps)

    try database.execute("INSERT INTO t (id) VALUES (7)")

    XCTAssertEqual(try database.execute("SELECT note FROM t").first?.text("note"), "a;b")
    XCTAssertEqual(try database.execute("SELECT entry FROM log").first?.text("entry"), "inserted; 7")
    XCTAssertEqual(try database.execute("PRAGMA user_version").first?.integer("user_version"), 1)
  }

  func test_aFailedMigrationStep_leavesTheVersionWhereItWas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("test.sqlite")
    try SQLiteDatabase(path: path, migrations: ["CREATE TABLE a (x)"]).open()

    XCTAssertThrowsError(
      try SQLiteDatabase(path: path, migrations: ["CREATE TABLE a (x)", "CREATE TABLE b (; nonsense"]).open())

    let database = SQLiteDatabase(path: path)
    XCTAssertEqual(try database.execute("PRAGMA user_version").first?.integer("user_version"), 1)
  }
}

final class AtomicFileTests: XCTestCase {
  func test_write_replacesWhole_withTheModeAsked_andLeavesNoTemporaryFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("file.json")

    try AtomicFile.write(Array("first version, longer".utf8), to: path)
    try AtomicFile.write(Array("second".utf8), to: path)

    XCTAssertEqual(try AtomicFile.read(path), Array("second".utf8))
    XCTAssertEqual(Directories.mode(of: path), 0o600)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["file.json"])
  }

  func test_read_missingFile_isNil_andRemove_missingFile_isFine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    XCTAssertNil(try AtomicFile.read(directory.file("none")))
    XCTAssertNoThrow(try AtomicFile.remove(directory.file("none")))
  }

  func test_write_intoAMissingFolder_failsWithThePathAndReason() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    XCTAssertThrowsError(try AtomicFile.write([1], to: directory.file("missing/file"))) { error in
      // The temporary file's name is random now; the sentence names the file asked for.
      XCTAssertEqual("\(error)", "could not create \(directory.file("missing/file")): No such file or directory")
    }
  }

  func test_prepare_createsNestedPrivateFolders_andRefusesAFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Directories.prepare(directory.file("a/b/c"))
    XCTAssertEqual(Directories.mode(of: directory.file("a/b/c")), 0o700)

    _ = FileManager.default.createFile(atPath: directory.file("plain"), contents: Data())
    XCTAssertThrowsError(try Directories.prepare(directory.file("plain"))) { error in
      XCTAssertEqual((error as? FileError)?.code, ENOTDIR)
    }
  }

  /// A temporary name someone guessed and planted a link at is skipped:
  /// the file is made new (O_EXCL) and never through a link (O_NOFOLLOW).
  func test_aTemporaryNameTaken_byALink_isSkipped_andTheLinkNotFollowed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let victim = directory.file("victim")
    try AtomicFile.write(Array("keep".utf8), to: victim)
    symlink(victim, directory.file("file.json.guessed.tmp"))
    var names = ["guessed", "fresh"].makeIterator()

    let (fd, path) = try AtomicFile.createTemporary(
      beside: directory.file("file.json"), mode: 0o600, names: { names.next() ?? "late" })
    close(fd)

    XCTAssertEqual(path, directory.file("file.json.fresh.tmp"))
    XCTAssertEqual(try AtomicFile.read(victim), Array("keep".utf8), "the link was not written through")
  }
}

extension SQLiteDatabaseTests {
  /// Another Wayfarer holding the write lock makes a write wait inside
  /// SQLite for up to five seconds: what was written goes out before that
  /// wait (piped output is gathered), not after it.
  func test_aWriteWaitingForAnotherConnectionsLock_runsBeforeWaitingFirst() throws {
    let (database, directory) = try makeSUT(["CREATE TABLE t (id INTEGER)"])
    try database.open()
    let holder = SQLiteDatabase(path: directory.file("test.sqlite"))
    let waits = Mutex(0)
    BeforeWaiting.register { waits.withLock { $0 += 1 } }
    defer { BeforeWaiting.register {} }
    let written = expectation(description: "the waiting write")
    try holder.transaction { transaction in
      _ = try transaction.execute("INSERT INTO t VALUES (1)")
      // Weak: the thread's closure may outlive the test's end by a moment,
      // and must not be what keeps the database alive for the leak check.
      Thread.detachNewThread { [weak database] in
        do { _ = try database?.execute("INSERT INTO t VALUES (2)") } catch { XCTFail("\(error)") }
        written.fulfill()
      }
      // Still waiting for the lock, and already flushed.
      let deadline = Date().addingTimeInterval(3)
      while waits.withLock({ $0 }) == 0 && Date() < deadline { usleep(5_000) }
      XCTAssertEqual(waits.withLock { $0 }, 1)
    }
    wait(for: [written], timeout: 10)
    XCTAssertEqual(try database.execute("SELECT count(*) AS n FROM t").first?.integer("n"), 2)
  }
}
