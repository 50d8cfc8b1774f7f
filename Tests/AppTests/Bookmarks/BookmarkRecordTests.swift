import Bookmarks
import Explore
import Foundation
import Home
import JSON
import Storage
import TestSupport
import XCTest

@testable import App

/// One record per kind: what the database keeps is what export writes and
/// import reads, databases and files of the last version come over whole,
/// and every way in meets the same checks.
@MainActor
final class BookmarkRecordTests: XCTestCase {
  private let clock = Date(timeIntervalSince1970: 1_800_000_000)
  private var directory: TemporaryDirectory!

  override func setUp() async throws {
    directory = try TemporaryDirectory()
  }

  override func tearDown() async throws {
    directory.remove()
  }

  private func database(_ migrations: [Migration] = AppDatabase.migrations) throws -> SQLiteDatabase {
    let database = SQLiteDatabase(path: directory.file("wayfarer.sqlite"), migrations: migrations)
    try database.execute(
      "INSERT OR IGNORE INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (1, 'A', 'B', 'a@b.c', 'x', 0)"
    )
    return database
  }

  private func store(_ database: SQLiteDatabase) -> BookmarkStore {
    let now = clock
    return BookmarkStore(database: database, accountID: "1", now: { now })
  }

  private let cafe = FavoritePlace(
    id: "p1", name: "Guido al Duomo", categoryKey: "catering.cafe", address: "Frauenplatz 12", city: "Munich",
    latitude: 48.1389272, longitude: 11.5742388, phone: "+49 89 24231690", website: "https://example.org",
    openingHours: "Mo-Sa 09:00-24:00", savedAt: Date(timeIntervalSince1970: 1_700_000_000.25))
  private let swift = SavedRepository(
    fullName: "apple/swift", description: "The Swift Programming Language", stars: 68_000, forks: 10_500,
    language: "C++", licence: "Apache-2.0", topics: ["swift", "compiler"], webURL: "https://github.com/apple/swift",
    defaultBranch: "main", savedAt: Date(timeIntervalSince1970: 1_750_000_000.5))

  /// A database the last version left (places as version 2 fields,
  /// repositories as version 1, written by Foundation with sorted keys)
  /// comes up with every bookmark as its record, the list's columns filled,
  /// and a row no version could read left as it was.
  func test_aDatabaseOfTheLastVersion_bringsEveryBookmarkToItsRecord() async throws {
    let old = try database(Array(AppDatabase.migrations.prefix(5)))
    let rows: [(String, String, String, String, Double)] = [
      (
        "place", "p1", "Guido al Duomo",
        #"{"address":"Frauenplatz 12","categoryKey":"catering.cafe","city":"Munich","latitude":48.1389272,"longitude":11.5742388,"openingHours":"Mo-Sa 09:00-24:00","phone":"+49 89 24231690","version":2,"website":"https:\/\/example.org"}"#,
        1_700_000_000.25
      ),
      (
        "repository", "apple/swift", "apple/swift",
        #"{"defaultBranch":"main","description":"The Swift Programming Language","forks":10500,"language":"C++","licence":"Apache-2.0","stars":68000,"topics":["swift","compiler"],"version":1,"webURL":"https:\/\/github.com\/apple\/swift"}"#,
        1_750_000_000.5
      ),
      ("place", "odd", "Odd", #"{"version":2,"latitude":"north"}"#, 2),
      ("place", "broken", "Broken", "{not json", 1),
    ]
    for (kind, id, title, fields, time) in rows {
      try old.execute(
        "INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, ?, ?, ?, ?, ?)",
        [.text(kind), .text(id), .text(title), .text(fields), .real(time)])
    }

    let upgraded = try database()
    let store = store(upgraded)

    XCTAssertEqual(try store.places().first, cafe)
    XCTAssertEqual(try store.places().last?.categoryKey, "place", "an odd row is fitted, its bad latitude left out")
    XCTAssertNil(try store.places().last?.latitude)
    XCTAssertEqual(try store.repositories(), [swift])
    XCTAssertEqual(
      try store.bookmarks().map { [$0.title, $0.subtitle ?? "-", $0.detail ?? "-"] },
      [
        ["Guido al Duomo", "Munich", "catering"], ["Odd", "-", "place"], ["Broken", "-", "-"],
        ["apple/swift", "The Swift Programming Language", "C++"],
      ],
      "the list reads its columns, filled from the records")
    XCTAssertEqual(
      try upgraded.execute("SELECT fields FROM bookmarks WHERE item_id = 'broken'").first?.text("fields"),
      "{not json", "a row no version reads stays as it was")
    let fields = try upgraded.execute("SELECT fields FROM bookmarks WHERE item_id = 'p1'").first?.text("fields")
    XCTAssertEqual(fields, PlaceBookmark(cafe).json, "the record, as every save writes it")
  }

  /// A file the last version exported (Foundation's pretty printing, sorted
  /// keys, no version on the entries) imports whole.
  func test_anExportOfTheLastVersion_stillImports() async throws {
    let path = directory.file("old.json")
    try AtomicFile.write(
      Array(
        #"""
        {
          "exportedAt" : "2026-11-29T20:41:07.250Z",
          "format" : "wayfarer-bookmarks",
          "places" : [
            {
              "address" : "Frauenplatz 12",
              "category" : "catering.cafe",
              "city" : "Munich",
              "id" : "p1",
              "latitude" : 48.1389272,
              "longitude" : 11.5742388,
              "name" : "Guido al Duomo",
              "openingHours" : "Mo-Sa 09:00-24:00",
              "phone" : "+49 89 24231690",
              "savedAt" : "2023-11-14T22:13:20.250Z",
              "website" : "https://example.org"
            }
          ],
          "repositories" : [
            {
              "defaultBranch" : "main",
              "description" : "The Swift Programming Language",
              "forks" : 10500,
              "fullName" : "apple/swift",
              "language" : "C++",
              "licence" : "Apache-2.0",
              "savedAt" : "2025-06-15T15:06:40.500Z",
              "stars" : 68000,
              "topics" : [
                "swift",
                "compiler"
              ],
              "webURL" : "https://github.com/apple/swift"
            }
          ],
          "version" : 1
        }
        """#.utf8), to: path)
    let store = store(try database())
    let transfer = BookmarkTransfer(store: store, homeDirectory: nil, now: { [clock] in clock })

    XCTAssertEqual(try transfer.importBookmarks(from: path), ImportSummary(added: 2, skipped: 0))
    XCTAssertEqual(try store.places(), [cafe])
    XCTAssertEqual(try store.repositories(), [swift])
  }

  /// Export writes each record as the database keeps it, with its time
  /// saved: the file's layout, pinned.
  func test_export_writesEachRecordAsTheDatabaseKeepsIt() async throws {
    let store = store(try database())
    try store.saveFavorite(cafe)
    try store.saveRepository(swift)
    let transfer = BookmarkTransfer(store: store, homeDirectory: nil, now: { [clock] in clock })

    _ = try transfer.export(to: directory.file("new.json"), as: .json, replacing: false)

    XCTAssertEqual(
      String(decoding: try XCTUnwrap(AtomicFile.read(directory.file("new.json"))), as: UTF8.self),
      #"""
      {
        "format": "wayfarer-bookmarks",
        "version": 1,
        "exportedAt": "2027-01-15T08:00:00.000Z",
        "places": [
          {
            "version": 3,
            "id": "p1",
            "name": "Guido al Duomo",
            "category": "catering.cafe",
            "address": "Frauenplatz 12",
            "city": "Munich",
            "latitude": 48.1389272,
            "longitude": 11.5742388,
            "phone": "+49 89 24231690",
            "website": "https://example.org",
            "openingHours": "Mo-Sa 09:00-24:00",
            "savedAt": "2023-11-14T22:13:20.250Z"
          }
        ],
        "repositories": [
          {
            "version": 2,
            "fullName": "apple/swift",
            "description": "The Swift Programming Language",
            "stars": 68000,
            "forks": 10500,
            "language": "C++",
            "licence": "Apache-2.0",
            "topics": [
              "swift",
              "compiler"
            ],
            "webURL": "https://github.com/apple/swift",
            "defaultBranch": "main",
            "savedAt": "2025-06-15T15:06:40.500Z"
          }
        ]
      }

      """#)
  }

  /// A save from a feature meets the checks an import does: text is
  /// cleaned, and what breaks a rule is refused with the same sentence.
  func test_aSave_meetsTheChecksOfAnImport() async throws {
    let store = store(try database())
    var hostile = cafe
    hostile.name = "Guido\u{1B}[2J al Duomo"
    try store.saveFavorite(hostile)
    XCTAssertEqual(try store.places().first?.name, "Guido al Duomo")

    hostile.id = "../../etc"
    XCTAssertThrowsError(try store.saveFavorite(hostile)) { error in
      XCTAssertEqual(
        error.localizedDescription, "the bookmark's id is not a place id (letters, digits, '-', '_', '.', ':', ',')")
    }
    var repository = swift
    repository.fullName = "not a name"
    XCTAssertThrowsError(try store.saveRepository(repository))
    XCTAssertEqual(try store.bookmarks().count, 1, "nothing refused was saved")
  }

  /// What the last version could save and read is never refused after the upgrade.
  ///
  /// A place Home named by its position (Geoapify sent no id), a phone past
  /// today's bound, a latitude without its longitude, a category in
  /// capitals: each is read (fitted: cut to the bound, the lone
  /// coordinate left out), listed with its columns, exported and opened.
  func test_whatTheLastVersionRead_isStillRead() async throws {
    let old = try database(Array(AppDatabase.migrations.prefix(5)))
    let longPhone = String(repeating: "+49 89 1234567; ", count: 40)
    let rows: [(String, String, String)] = [
      (
        "48.1389272,11.5742388", "By position",
        #"{"categoryKey":"catering","latitude":48.1389272,"longitude":11.5742388,"version":2}"#
      ),
      ("p-phone", "Long phone", #"{"categoryKey":"catering","phone":"\#(longPhone)","version":2}"#),
      ("p-lone", "Lone latitude", #"{"categoryKey":"tourism","latitude":12.5,"version":2}"#),
      ("p-caps", "Capitals", #"{"categoryKey":"Catering.Cafe","city":"Munich","version":2}"#),
    ]
    for (index, (id, title, fields)) in rows.enumerated() {
      try old.execute(
        "INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, 'place', ?, ?, ?, ?)",
        [.text(id), .text(title), .text(fields), .real(Double(1_000 + index))])
    }

    let store = store(try database())
    let places = try store.places()

    XCTAssertEqual(places.map(\.id), ["p-caps", "p-lone", "p-phone", "48.1389272,11.5742388"])
    XCTAssertEqual(places.first { $0.id == "p-caps" }?.categoryKey, "catering.cafe")
    XCTAssertEqual(places.first { $0.id == "p-caps" }?.city, "Munich")
    let phone = try XCTUnwrap(places.first { $0.id == "p-phone" }?.phone)
    XCTAssertTrue(phone.count <= 500 && longPhone.hasPrefix(phone), "cut to the bound, not refused")
    XCTAssertNil(places.first { $0.id == "p-lone" }?.latitude, "a lone coordinate is left out")
    XCTAssertEqual(try store.bookmarks().count, 4)
    XCTAssertEqual(try store.records(PlaceBookmark.self).unreadable, 0)
    XCTAssertNoThrow(try store.saveFavorite(places[3]), "and saved again as it is")
  }

  /// `undo` puts back exactly what `remove` took, even a row nothing can
  /// read any more: the bookmark is never lost between the two.
  func test_undo_bringsBackEvenARowThatCannotBeRead() async throws {
    let database = try database()
    try database.execute(
      "INSERT INTO bookmarks (account_id, kind, item_id, title, subtitle, detail, fields, created_at) VALUES (1, 'place', 'odd', 'Odd', 'Sub', 'det', '{not json', 42.25)"
    )
    let store = store(database)
    let listed = try XCTUnwrap(store.bookmarks().first)
    XCTAssertEqual(try store.records(PlaceBookmark.self).unreadable, 1)

    let removed = try store.remove(listed)
    XCTAssertEqual(try store.bookmarks(), [])
    try store.restore(removed)

    let row = try XCTUnwrap(
      database.execute("SELECT item_id, title, subtitle, detail, fields, created_at FROM bookmarks").first)
    XCTAssertEqual(
      [row.text("item_id"), row.text("title"), row.text("subtitle"), row.text("detail"), row.text("fields")],
      ["odd", "Odd", "Sub", "det", "{not json"])
    XCTAssertEqual(row.real("created_at"), 42.25)
  }

  /// A row an older Wayfarer writes after the upgrade (a version 2 place)
  /// is read as the schema step reads it.
  func test_aRowInTheOldShape_writtenAfterTheUpgrade_isRead() async throws {
    let database = try database()
    try database.execute(
      #"INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, 'place', 'late', 'Late', '{"categoryKey":"tourism","version":2}', 5)"#
    )
    XCTAssertEqual(try store(database).places().map(\.categoryKey), ["tourism"])
  }

  /// An import is strict where the database is fitting: an entry of a
  /// newer version, or past a bound, refuses the file with where and why.
  func test_anImport_isStrict() async throws {
    let store = store(try database())
    let transfer = BookmarkTransfer(store: store, homeDirectory: nil, now: { [clock] in clock })
    let cases = [
      (#"{"version": 9, "id": "p", "name": "N"}"#, "place 1's version is not a version from 1 to 3"),
      (
        #"{"id": "p", "name": "N", "phone": "\#(String(repeating: "1", count: 501))"}"#,
        "place 1's phone is longer than 500 characters"
      ),
      (#"{"id": "p", "name": "N", "latitude": 1}"#, "place 1's latitude comes without its partner coordinate"),
    ]
    for (entry, reason) in cases {
      let path = directory.file("strict.json")
      try AtomicFile.write(
        Array(#"{"format": "wayfarer-bookmarks", "version": 1, "places": [\#(entry)]}"#.utf8), to: path,
        replacing: true)
      XCTAssertThrowsError(try transfer.importBookmarks(from: path)) { error in
        guard case .malformed(_, let said, _, _) = error as? BookmarksTransferError else {
          return XCTFail("\(error)")
        }
        XCTAssertEqual(said, reason)
      }
    }
    XCTAssertEqual(try store.bookmarks(), [], "nothing was added")
  }

  /// Every kind registered reads back what it writes.
  func test_everyKind_readsBackWhatItWrites() async throws {
    let records: [any BookmarkRecord] = [PlaceBookmark(cafe), RepositoryBookmark(swift)]
    XCTAssertEqual(records.map { type(of: $0).kind }, BookmarkKinds.all.map { $0.kind }, "one of each kind")
    for record in records {
      XCTAssertTrue(readsBack(record), "\(type(of: record).kind.name)")
    }
  }

  private func readsBack<Record: BookmarkRecord>(_ record: Record) -> Bool {
    guard let document = try? JSONDocument(bytes: Array(record.json.utf8)) else { return false }
    return (try? Record.read(document.root, .strict)) == record
  }
}
