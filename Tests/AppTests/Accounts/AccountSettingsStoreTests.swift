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

  func test_flags_startAtTheirDefaults() async throws {
    let store = AccountSettingsStore(database: try makeDatabase(), accountID: "1")

    let flags = try store.featureFlags()

    XCTAssertEqual(flags.map(\.key), ["favorites", "map", "category-filter"])
    XCTAssertEqual(flags.map(\.isOn), [true, true, false])
  }

  func test_setFeatureFlag_isKeptPerAccountAndAcrossStores() async throws {
    let database = try makeDatabase()
    try AccountSettingsStore(database: database, accountID: "1").setFeatureFlag("category-filter", isOn: true)
    try AccountSettingsStore(database: database, accountID: "1").setFeatureFlag("map", isOn: false)

    XCTAssertEqual(
      try AccountSettingsStore(database: database, accountID: "1").featureFlags().map(\.isOn), [true, false, true])
    XCTAssertEqual(
      try AccountSettingsStore(database: database, accountID: "2").featureFlags().map(\.isOn), [true, true, false])
    XCTAssertTrue(try AccountSettingsStore(database: database, accountID: "1").isOn(.categoryFilter))
  }
}
