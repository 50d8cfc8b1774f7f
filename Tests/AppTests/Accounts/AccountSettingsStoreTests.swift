import Storage
import TestSupport
import XCTest

@testable import App

@MainActor
final class AccountSettingsStoreTests: XCTestCase {
  private func makeDatabase() throws -> SQLiteDatabase {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = AppDatabase.at(directory.file("wayfarer.sqlite"))
    for (id, email) in [(1, "a@example.com"), (2, "b@example.com")] {
      try database.execute(
        "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (?, 'N', 'S', ?, 'x', 0)",
        [.integer(Int64(id)), .text(email)])
    }
    return database
  }

  private func flags(_ database: SQLiteDatabase, account: String = "1") -> FeatureFlags {
    FeatureFlags(store: AccountSettingsStore(database: database, accountID: account), database: database)
  }

  func test_flags_startAtTheirDefaults() async throws {
    let flags = try flags(makeDatabase()).featureFlags()

    XCTAssertEqual(flags.map(\.key), ["favorites", "map", "category-filter"])
    XCTAssertEqual(flags.map(\.isOn), [true, true, false])
  }

  func test_setFeatureFlag_isKeptPerAccountAndAcrossStores() async throws {
    let database = try makeDatabase()
    try flags(database).setFeatureFlag("category-filter", isOn: true)
    try flags(database).setFeatureFlag("map", isOn: false)

    XCTAssertEqual(try flags(database).featureFlags().map(\.isOn), [true, false, true])
    XCTAssertEqual(try flags(database, account: "2").featureFlags().map(\.isOn), [true, true, false])
    XCTAssertEqual(try AccountSettingsStore(database: database, accountID: "1").flagValues()[.categoryFilter], true)
  }

  /// Asking a flag runs no statement; a toggle is written through; another
  /// connection's toggle (another Wayfarer) is seen once a tab appears.
  func test_flagsAreKeptInMemory_writtenThrough_andReadAgainOnlyAfterAChange() async throws {
    let database = try makeDatabase()
    let flags = flags(database)
    let before = database.statementsStarted

    for _ in 0..<100 {
      XCTAssertTrue(flags.isMapEnabled)
      flags.refresh()
    }
    XCTAssertEqual(database.statementsStarted, before, "nothing changed: no statement")

    try flags.setFeatureFlag("map", isOn: false)
    XCTAssertFalse(flags.isMapEnabled)
    XCTAssertEqual(database.statementsStarted, before + 1, "one write, no read after it")
    flags.refresh()
    flags.refresh()
    XCTAssertEqual(database.statementsStarted, before + 2, "read once after its own write, in case of another's")

    let path = try XCTUnwrap(database.execute("PRAGMA database_list").first?.text("file"))
    let other = AppDatabase.at(path)
    try AccountSettingsStore(database: other, accountID: "1").set(.map, isOn: true)
    XCTAssertFalse(flags.isMapEnabled, "not read until a tab appears")
    flags.refresh()
    XCTAssertTrue(flags.isMapEnabled, "the other connection's toggle is seen")
  }
}
