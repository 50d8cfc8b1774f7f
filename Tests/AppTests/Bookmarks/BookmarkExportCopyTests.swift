import Explore
import Foundation
import Home
import JSON
import Secrets
import Storage
import TestSupport
import XCTest

@testable import App

/// An export copies a row's stored JSON only when its digest says this
/// version's checks passed it as it is: the file is byte for byte what
/// reading every row through the checks writes, and a row changed since
/// (by hand, by an older Wayfarer) is read and cleaned as before.
@MainActor
final class BookmarkExportCopyTests: XCTestCase {
  private let clock = Date(timeIntervalSince1970: 1_800_000_000)
  private var database: SQLiteDatabase!

  override func setUp() async throws {
    database = AppDatabase.at(try makeDatabasePathWithTwoAccounts())
  }

  private func makeSUT() -> (BookmarkTransfer, BookmarkStore) {
    let now = clock
    let store = BookmarkStore(database: database, accountID: "1", now: { now })
    return (BookmarkTransfer(store: store, homeDirectory: nil, now: { now }), store)
  }

  private func place(_ id: String, name: String) -> FavoritePlace {
    FavoritePlace(
      id: id, name: name, categoryKey: "catering.cafe", address: "Frauenplatz \"12\" \\ Hof", city: "Zürich",
      latitude: 1e-07, longitude: -11.5742388, phone: nil, website: "https://example.org/a?b=1&c=[2]",
      openingHours: "Mo-Sa {09:00}, 24:00", savedAt: Date(timeIntervalSince1970: 1_700_000_000.25))
  }

  /// The file as reading every row through the checks writes it.
  private func readThroughTheChecks(_ store: BookmarkStore) throws -> [UInt8] {
    let places = try store.records(PlaceBookmark.self).records
    let repositories = try store.records(RepositoryBookmark.self).records
    return BookmarkFile(sections: [
      .init(kind: PlaceBookmark.self, entries: places.map { .init(record: $0.record, savedAt: $0.savedAt) }),
      .init(kind: RepositoryBookmark.self, entries: repositories.map { .init(record: $0.record, savedAt: $0.savedAt) }),
    ]).json(exportedAt: clock)
  }

  private func exported(_ transfer: BookmarkTransfer) throws -> [UInt8] {
    try transfer.exportBytes(as: .json).bytes
  }

  func test_copiedRows_areWrittenAsReadingThemWrites() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(place("p1", name: "Grüß Gott ☕ \"quoted\""))
    try store.saveFavorite(place("p2", name: "Plain"))
    try store.saveRepository(
      SavedRepository(
        fullName: "apple/swift", description: nil, stars: 0, forks: nil, language: "C++", licence: nil, topics: [],
        webURL: "https://github.com/apple/swift", defaultBranch: nil, savedAt: nil))
    try store.saveRepository(
      SavedRepository(
        fullName: "a/b", description: "[x]: {y}", stars: 10_000_000_000, forks: 3, language: nil, licence: "MIT",
        topics: ["one", "two, three"], webURL: "https://github.com/a/b", defaultBranch: "main", savedAt: nil))
    let stored = try database.execute("SELECT checked_digest FROM bookmarks").compactMap {
      $0.integer("checked_digest")
    }
    XCTAssertEqual(stored.count, 4, "every row saved as it came is stored as checked")

    XCTAssertEqual(
      String(decoding: try exported(transfer), as: UTF8.self),
      String(decoding: try readThroughTheChecks(store), as: UTF8.self))
  }

  /// A key configured after a row was saved is in no file: the copied
  /// row never went through the document that hides it when read.
  func test_aKeyConfiguredAfterTheSave_isHiddenInACopiedRow() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(place("p1", name: "Cafe ghp_LaterKey0123456789"))
    SecretText.hide("ghp_LaterKey0123456789", naming: "GH_TOKEN")

    let text = String(decoding: try exported(transfer), as: UTF8.self)

    XCTAssertFalse(text.contains("LaterKey"), text)
    XCTAssertTrue(text.contains(#""name": "Cafe [GH_TOKEN]""#), text)
  }

  /// A row whose kind was changed by hand is not copied into the other
  /// kind's list, which would make the whole file refused on import: it
  /// is read as that kind, and left out when it is not one.
  func test_aRowWhoseKindWasChangedByHand_isNotCopied() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(place("p1", name: "Plain"))
    try store.saveFavorite(place("p2", name: "Other"))
    try database.execute("UPDATE bookmarks SET kind = 'repository' WHERE item_id = 'p1'")

    let bytes = try exported(transfer)

    XCTAssertEqual(
      String(decoding: bytes, as: UTF8.self), String(decoding: try readThroughTheChecks(store), as: UTF8.self))
    XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("Plain"))
  }

  /// `fields` stored as a blob by another tool are read as text, as the
  /// rows of every other read are.
  func test_fieldsStoredAsABlob_areExported() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(place("p1", name: "Blob"))
    try database.execute("UPDATE bookmarks SET fields = CAST(fields AS BLOB)")

    let text = String(decoding: try exported(transfer), as: UTF8.self)

    XCTAssertTrue(text.contains(#""name": "Blob""#), text)
    XCTAssertEqual(text, String(decoding: try readThroughTheChecks(store), as: UTF8.self))
  }

  /// A row edited by hand keeps its digest but no longer matches it: it is
  /// read through the checks, cleaned, never copied.
  func test_aRowEditedByHand_isReadThroughTheChecks() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(place("p1", name: "Plain"))
    try database.execute(
      #"UPDATE bookmarks SET fields = '{"version":3,"id":"p1","name":"Evil\u001b[2J name ","category":"CATERING","latitude":500}'"#
    )

    let text = String(decoding: try exported(transfer), as: UTF8.self)

    XCTAssertTrue(text.contains(#""name": "Evil name""#), text)
    XCTAssertTrue(text.contains(#""category": "catering""#), text)
    XCTAssertFalse(text.contains("latitude"), text)
    XCTAssertEqual(text, String(decoding: try readThroughTheChecks(store), as: UTF8.self))
  }

  /// A save the checks changed so that reading it again changes it once
  /// more (a topic cut to its bound just after a space, which the next
  /// reading trims) is not stored as checked: reading it is what gives
  /// the file, as before.
  func test_aSaveThatReadsBackOtherwise_isReadThroughTheChecks() async throws {
    let (transfer, store) = makeSUT()
    try store.saveRepository(
      SavedRepository(
        fullName: "a/b", description: nil, stars: nil, forks: nil, language: nil, licence: nil,
        topics: [String(repeating: "a", count: 299) + " bcd"], webURL: "https://github.com/a/b", defaultBranch: nil,
        savedAt: nil))
    XCTAssertEqual(try database.execute("SELECT checked_digest FROM bookmarks").first?.value("checked_digest"), .null)
    XCTAssertEqual(
      String(decoding: try exported(transfer), as: UTF8.self),
      String(decoding: try readThroughTheChecks(store), as: UTF8.self))
  }

  /// A database of the last version: the step that adds the digests gives
  /// one to each row that reads back as it is stored, none to the others
  /// (an older shape, text the checks clean), changes no `fields`, and the
  /// export is what reading every row writes.
  func test_rowsOfTheLastVersion_thatReadBackAsStored_areMarked() async throws {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let path = directory.file("old.sqlite")
    let old = SQLiteDatabase(path: path, migrations: Array(AppDatabase.migrations.dropLast()))
    try old.execute(
      "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (1, 'A', 'B', 'a@b.c', 'x', 0)"
    )
    let rows = [
      ("p1", PlaceBookmark(place("p1", name: "Plain")).json),
      ("p2", #"{"version":3,"id":"p2","name":"Dirty\u001b[2J name "}"#),
      ("p3", #"{"categoryKey":"tourism","version":2}"#),
    ]
    for (index, (id, fields)) in rows.enumerated() {
      try old.execute(
        "INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, 'place', ?, ?, ?, ?)",
        [.text(id), .text(id), .text(fields), .real(Double(index))])
    }
    database = AppDatabase.at(path)
    let (transfer, store) = makeSUT()

    let stored = try database.execute("SELECT item_id, fields, checked_digest FROM bookmarks ORDER BY item_id")
    XCTAssertEqual(stored.map { $0.text("fields") }, rows.map(\.1), "no fields changed")
    XCTAssertEqual(stored.map { $0.integer("checked_digest") != nil }, [true, false, false])
    XCTAssertEqual(
      String(decoding: try exported(transfer), as: UTF8.self),
      String(decoding: try readThroughTheChecks(store), as: UTF8.self))
  }
}
