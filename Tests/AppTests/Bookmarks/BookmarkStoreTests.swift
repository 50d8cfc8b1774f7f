import ErrorSentences
import Foundation
import Home
import Storage
import TestSupport
import XCTest

@testable import App

/// The places Home saves, as the database keeps them: every field comes
/// back, removal removes, accounts do not see each other's, and places saved
/// by the first version (the detail screen's labels) are read as records.
@MainActor
final class BookmarkStoreTests: XCTestCase {
  private let savedAt = Date(timeIntervalSince1970: 1_800_000_000)

  private func makeDatabase(_ migrations: [Migration] = AppDatabase.migrations) throws -> (
    SQLiteDatabase, TemporaryDirectory
  ) {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = SQLiteDatabase(path: directory.file("wayfarer.sqlite"), migrations: migrations)
    for id in 1...2 {
      try database.execute(
        "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (?, 'A', 'B', ?, 'x', 0)",
        [.integer(Int64(id)), .text("user\(id)@example.com")])
    }
    return (database, directory)
  }

  private func store(_ database: SQLiteDatabase, account: String = "1") -> BookmarkStore {
    let clock = savedAt
    let store = BookmarkStore(database: database, accountID: account, now: { clock })
    trackForMemoryLeaks(store)
    return store
  }

  private let cafe = FavoritePlace(
    id: "p1", name: "Guido al Duomo", categoryKey: "catering.cafe", address: "Frauenplatz 12", city: "Munich",
    latitude: 48.1389272, longitude: 11.5742388, phone: "+49 89 24231690", website: "https://example.org",
    openingHours: "Mo-Sa 09:00-24:00")

  func test_aSavedPlace_comesBackWithEveryField_andTheTimeItWasSaved() async throws {
    let (database, _) = try makeDatabase()
    let store = store(database)

    try store.saveFavorite(cafe)

    var expected = cafe
    expected.savedAt = savedAt
    XCTAssertEqual(try store.places(), [expected])
    XCTAssertTrue(try store.isFavorite(placeID: "p1"))
    XCTAssertEqual(try store.place(id: "p1"), expected, "one read by id gives the same")
    XCTAssertNil(try store.place(id: "p2"))
    XCTAssertNil(try self.store(database, account: "2").place(id: "p1"), "another account's is not found")
  }

  func test_remove_removes_andOtherAccountsAreApart() async throws {
    let (database, _) = try makeDatabase()
    let ada = store(database)
    let bob = store(database, account: "2")
    try ada.saveFavorite(cafe)
    try bob.saveFavorite(cafe)

    try ada.removeFavorite(placeID: "p1")

    XCTAssertFalse(try ada.isFavorite(placeID: "p1"))
    XCTAssertEqual(try ada.places(), [])
    XCTAssertEqual(try bob.places().map(\.id), ["p1"])
  }

  func test_savingAgain_updatesTheFields_andKeepsTheFirstTime() async throws {
    let (database, _) = try makeDatabase()
    let first = store(database)
    try first.saveFavorite(cafe)
    let later = BookmarkStore(database: database, accountID: "1", now: { Date(timeIntervalSince1970: 1_900_000_000) })
    var changed = cafe
    changed.phone = nil

    try later.saveFavorite(changed)

    XCTAssertEqual(try later.places().first?.phone, nil)
    XCTAssertEqual(try later.places().first?.savedAt, savedAt)
  }

  /// A database written by the first version of the schema, with a place
  /// saved as that version's detail screen labelled it.
  func test_placesSavedByTheFirstVersion_areReadAsTypedRecords() async throws {
    let firstVersion = Array(AppDatabase.migrations.prefix(2))
    let (old, directory) = try makeDatabase(firstVersion)
    let labels = [
      "category": "catering › cafe", "address": "Frauenplatz 12", "city": "Munich", "distance": "85 m",
      "opening hours": "Mo-Sa 09:00-24:00", "phone": "+49 89 24231690", "website": "https://example.org",
      "latitude": "48.1389272", "longitude": "11.5742388", "categories": "catering,catering.cafe", "wheelchair": "yes",
    ]
    let json = String(decoding: try JSONEncoder().encode(labels), as: UTF8.self)
    try old.execute(
      "INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, 'place', 'p1', ?, ?, ?)",
      [.text("Guido al Duomo"), .text(json), .real(savedAt.timeIntervalSince1970)])
    try old.execute(
      "INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, 'place', 'p2', 'Odd', ?, ?)",
      [.text(#"{"category":"tourism › sights › place of worship","latitude":"1e308","longitude":"x"}"#), .real(0)])

    let upgraded = SQLiteDatabase(path: directory.file("wayfarer.sqlite"), migrations: AppDatabase.migrations)
    let places = try store(upgraded).places()

    var expected = cafe
    expected.savedAt = savedAt
    XCTAssertEqual(places.first, expected)
    XCTAssertEqual(places.last?.categoryKey, "tourism.sights.place_of_worship")
    XCTAssertNil(places.last?.latitude, "a position off the map is not carried over")
    XCTAssertEqual(
      try upgraded.execute("PRAGMA user_version").first?.integer("user_version"), Int64(AppDatabase.migrations.count),
      "brought up to the latest version")
  }

  /// Two Wayfarers remove the same bookmark: the second is told it was
  /// already gone and has nothing to undo, so no empty record is put back.
  func test_removingWhatAnotherProcessRemoved_fails_andLeavesNothingToRestore() async throws {
    let (database, _) = try makeDatabase()
    let first = store(database)
    let second = store(database)
    try first.saveFavorite(cafe)
    let listed = try XCTUnwrap(second.bookmarks().first)

    _ = try first.remove(listed)
    XCTAssertThrowsError(try second.remove(listed)) { error in
      XCTAssertEqual(ErrorSentence.reason(for: error), "it had already been removed, perhaps by another Wayfarer")
    }
    XCTAssertEqual(try second.bookmarks(), [])
    XCTAssertFalse(try second.isFavorite(placeID: cafe.id))
  }
}
