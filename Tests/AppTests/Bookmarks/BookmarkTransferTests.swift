import Bookmarks
import ErrorSentences
import Explore
import Foundation
import Home
import JSON
import Storage
import TestSupport
import XCTest

@testable import App

/// `export` and `import` over the real database and real files: the round
/// trip keeps every field, GeoJSON parses back as GeoJSON, an existing file
/// is kept unless forced, and a file that is wrong anywhere changes nothing.
@MainActor
final class BookmarkTransferTests: XCTestCase {
  private let clock = Date(timeIntervalSince1970: 1_800_000_000)
  private var directory: TemporaryDirectory!
  private var database: SQLiteDatabase!

  override func setUp() async throws {
    directory = try TemporaryDirectory()
    database = SQLiteDatabase(path: directory.file("wayfarer.sqlite"), migrations: AppDatabase.migrations)
    for id in 1...2 {
      try database.execute(
        "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (?, 'A', 'B', ?, 'x', 0)",
        [.integer(Int64(id)), .text("user\(id)@example.com")])
    }
  }

  override func tearDown() async throws {
    directory.remove()
  }

  private func makeSUT(account: String = "1") -> (BookmarkTransfer, BookmarkStore) {
    let now = clock
    let store = BookmarkStore(database: database, accountID: account, now: { now })
    let transfer = BookmarkTransfer(store: store, homeDirectory: directory.path, now: { now })
    trackForMemoryLeaks(store)
    trackForMemoryLeaks(transfer)
    return (transfer, store)
  }

  private let cafe = FavoritePlace(
    id: "p1", name: "Guido al Duomo", categoryKey: "catering.cafe", address: "Frauenplatz 12", city: "Munich",
    latitude: 48.1389272, longitude: 11.5742388, phone: "+49 89 24231690", website: "https://example.org",
    openingHours: "Mo-Sa 09:00-24:00", savedAt: Date(timeIntervalSince1970: 1_700_000_000.25))
  private let unplaced = FavoritePlace(
    id: "offline-0002", name: "Somewhere", categoryKey: "place", address: nil, city: nil, latitude: nil,
    longitude: nil, phone: nil, website: nil, openingHours: nil, savedAt: Date(timeIntervalSince1970: 1_600_000_000))
  private let swift = SavedRepository(
    fullName: "apple/swift", description: "The Swift Programming Language", stars: 68_000, forks: 10_500,
    language: "C++", licence: "Apache-2.0", topics: ["swift", "compiler"], webURL: "https://github.com/apple/swift",
    defaultBranch: "main", savedAt: Date(timeIntervalSince1970: 1_750_000_000.5))

  private func write(_ text: String, to name: String) throws -> String {
    let path = directory.file(name)
    try AtomicFile.write(Array(text.utf8), to: path)
    return path
  }

  private func importError(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> BookmarksTransferError?
  {
    let (transfer, store) = makeSUT()
    let path = try write(text, to: "in.json")
    do {
      _ = try transfer.importBookmarks(from: path)
      XCTFail("imported: \(text.prefix(80))", file: file, line: line)
      return nil
    } catch {
      XCTAssertEqual(try store.places(), [], "nothing changes", file: file, line: line)
      XCTAssertEqual(try store.repositories(), [], "nothing changes", file: file, line: line)
      return error
    }
  }

  func test_exportThenImport_intoAnotherAccount_keepsEveryField_andSkipsWhatIsThere() async throws {
    let (ada, adaStore) = makeSUT()
    try adaStore.saveFavorite(cafe)
    try adaStore.saveFavorite(unplaced)
    try adaStore.saveRepository(swift)

    let summary = try ada.export(to: "~/all.json", as: .json, replacing: false)
    XCTAssertEqual(
      summary,
      ExportSummary(
        path: directory.file("all.json"), format: .json,
        counts: [.init(kind: PlaceBookmark.kind, written: 2), .init(kind: RepositoryBookmark.kind, written: 1)]))

    let (bob, bobStore) = makeSUT(account: "2")
    XCTAssertEqual(try bob.importBookmarks(from: directory.file("all.json")), ImportSummary(added: 3, skipped: 0))
    XCTAssertEqual(try bobStore.places(), try adaStore.places())
    XCTAssertEqual(try bobStore.repositories(), [swift])
    XCTAssertEqual(try bob.importBookmarks(from: "~/all.json"), ImportSummary(added: 0, skipped: 3))
    XCTAssertEqual(try bobStore.places().count, 2)
  }

  func test_anExistingFile_isKept_unlessForced() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(cafe)
    let path = try write("mine", to: "taken.json")

    XCTAssertThrowsError(try transfer.export(to: path, as: .json, replacing: false)) { error in
      XCTAssertEqual(error as? BookmarksTransferError, .fileExists(path: path))
    }
    XCTAssertEqual(try AtomicFile.read(path), Array("mine".utf8))

    XCTAssertEqual(try transfer.export(to: path, as: .json, replacing: true).counts.map(\.written), [1, 0])
    let document = try JSONDocument(bytes: try XCTUnwrap(AtomicFile.read(path)))
    XCTAssertEqual(document.root["format"]?.string, "wayfarer-bookmarks")
    XCTAssertEqual(document.root["version"]?.int, 1)
    XCTAssertThrowsError(try transfer.export(to: directory.file("no/such/folder.json"), as: .json, replacing: false)) {
      error in
      guard case .file(_, let reason) = error as? BookmarksTransferError else { return XCTFail("\(error)") }
      XCTAssertEqual(reason, "no such file or directory")
    }
  }

  /// Whatever --force says, only a regular file (or a link) is replaced:
  /// never a folder, a FIFO or a device.
  func test_export_neverReplacesAFolderAFIFOOrADevice() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(cafe)
    let fifo = directory.file("pipe.json")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    for (path, reason) in [(fifo, "it is not a regular file"), (directory.path, "it is a folder")] {
      for replacing in [false, true] {
        XCTAssertThrowsError(try transfer.export(to: path, as: .json, replacing: replacing)) { error in
          XCTAssertEqual(error as? BookmarksTransferError, .file(path: path, reason: reason))
        }
      }
    }
    var info = stat()
    XCTAssertEqual(lstat(fifo, &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
  }

  /// Nothing is written into Wayfarer's own folders, however the path
  /// reaches them (`..`, a second slash, a link to the folder): the
  /// database there was once replaced by an export with --force.
  func test_export_neverWritesIntoWayfarersOwnFolders() async throws {
    let own = directory.file("data")
    try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
    let database = try write("SQLite format 3", to: "data/wayfarer.sqlite")
    let link = directory.file("to-data")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: own)
    let store = BookmarkStore(database: self.database, accountID: "1", now: { [clock] in clock })
    let transfer = BookmarkTransfer(
      store: store, homeDirectory: directory.path, ownFolders: OwnFolders(folders: [own]), now: { [clock] in clock })
    try store.saveFavorite(cafe)
    for path in [database, own + "/new.json", directory.file("data/../data//x.json"), link + "/wayfarer.sqlite"] {
      XCTAssertThrowsError(try transfer.export(to: path, as: .json, replacing: true), path) { error in
        guard case .file(_, let reason) = error as? BookmarksTransferError else { return XCTFail("\(error)") }
        XCTAssertTrue(reason.contains("where Wayfarer keeps its own files"), reason)
      }
    }
    XCTAssertEqual(try String(contentsOfFile: database, encoding: .utf8), "SQLite format 3")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: own), ["wayfarer.sqlite"])
    XCTAssertNoThrow(try transfer.export(to: directory.file("out.json"), as: .json, replacing: false))
    XCTAssertNil(OwnFolders(folders: [own]).holding(directory.file("missing/x.json")))
  }

  /// Parsed back as GeoJSON (RFC 7946): a FeatureCollection of Points,
  /// longitude first; a place with no coordinates is left out and counted.
  func test_geoJSON_isAFeatureCollectionOfPoints_longitudeFirst() async throws {
    let (transfer, store) = makeSUT()
    try store.saveFavorite(cafe)
    try store.saveFavorite(unplaced)
    try store.saveRepository(swift)

    let summary = try transfer.export(to: "~/places.geojson", as: .geoJSON, replacing: false)
    XCTAssertEqual(
      summary,
      ExportSummary(
        path: directory.file("places.geojson"), format: .geoJSON,
        counts: [.init(kind: PlaceBookmark.kind, written: 1, leftOut: 1)]))

    let root = try JSONDocument(bytes: try XCTUnwrap(AtomicFile.read(directory.file("places.geojson")))).root
    XCTAssertEqual(root["type"]?.string, "FeatureCollection")
    let features = try XCTUnwrap(root["features"]?.array)
    XCTAssertEqual(features.count, 1)
    let feature = features[0]
    XCTAssertEqual(feature["type"]?.string, "Feature")
    XCTAssertEqual(feature["geometry"]?["type"]?.string, "Point")
    XCTAssertEqual(feature["geometry"]?["coordinates"]?.array?.compactMap(\.double), [11.5742388, 48.1389272])
    XCTAssertEqual(feature["properties"]?["name"]?.string, "Guido al Duomo")
    XCTAssertEqual(feature["properties"]?["id"]?.string, "p1")

    let path = directory.file("places.geojson")
    XCTAssertThrowsError(try makeSUT(account: "2").0.importBookmarks(from: path)) { error in
      XCTAssertEqual(error as? BookmarksTransferError, .geoJSONImport(path: path))
    }
  }

  /// Bytes that are not UTF-8, and an escape that is half a surrogate
  /// pair, are refused with where they are.
  ///
  /// Read, each became U+FFFD and the name was saved changed. A pair, and
  /// an escaped backslash before `u`, are text.
  func test_textThatIsNotUTF8_orALoneSurrogate_isRefusedWhereItIs() async throws {
    let (transfer, store) = makeSUT()
    let head = Array(#"{"format": "wayfarer-bookmarks", "version": 1, "places": [{"id": "a", "name": "Bad "#.utf8)
    func file(_ name: [UInt8]) -> [UInt8] {
      head + name + Array(#"", "category": "catering.cafe", "latitude": 1, "longitude": 2}]}"#.utf8)
    }
    let refused: [([UInt8], String)] = [
      ([0xFF, 0xFE], "it is not JSON: bytes that are not UTF-8 text"),
      ([0xC0, 0xAF], "it is not JSON: bytes that are not UTF-8 text"),
      ([0xED, 0xA0, 0x80], "it is not JSON: bytes that are not UTF-8 text"),
      (Array(#"\ud800 x"#.utf8), "it is not JSON: a \\u escape that is half of a surrogate pair"),
      (Array(#"\udc00"#.utf8), "it is not JSON: a \\u escape that is half of a surrogate pair"),
      (Array(#"\uD800\u0041"#.utf8), "it is not JSON: a \\u escape that is half of a surrogate pair"),
    ]
    for (name, reason) in refused {
      XCTAssertThrowsError(try transfer.importBookmarks(bytes: file(name), named: "in.json")) { error in
        XCTAssertEqual(
          error as? BookmarksTransferError,
          .malformed(path: "in.json", reason: reason, line: 1, byte: head.count), "\(name)")
      }
    }
    XCTAssertEqual(try store.places(), [], "nothing changes")
    _ = try transfer.importBookmarks(bytes: file(Array(#"\ud83d\ude00 \\ud800"#.utf8)), named: "in.json")
    XCTAssertEqual(try store.places().map(\.name), [#"Bad 😀 \ud800"#])
  }

  func test_malformedFiles_sayWhatAndWhere_andChangeNothing() async throws {
    let head = #"{"format": "wayfarer-bookmarks", "version": 1,"#
    XCTAssertEqual(
      try importError("{\n  \"format\": \"wayfarer-bookmarks\",\n  \"version\": 1,\n  \"places\": [}\n"),
      .malformed(path: directory.file("in.json"), reason: "it is not JSON: unexpected '}'", line: 4, byte: 65))
    XCTAssertEqual(
      try importError(
        head
          + "\n\"places\": [{\"id\": \"a\", \"name\": \"A\"},\n {\"id\": \"b\", \"name\": \"B\", \"latitude\": 91, \"longitude\": 0}]}"
      ),
      .malformed(
        path: directory.file("in.json"), reason: "place 2's latitude is not a number from -90 to 90", line: 3,
        byte: 122))
    let problems: [(String, String)] = [
      (#"[1, 2]"#, "it holds no JSON object"),
      (#"{"version": 1}"#, #"it has no "format": "wayfarer-bookmarks""#),
      (#"{"format": "wayfarer-bookmarks", "version": "1"}"#, #"its "version" is not a whole number from 1"#),
      (head + #""places": {}}"#, #""places" is not a list"#),
      (head + #""places": [{"name": "A"}]}"#, "place 1 has no id"),
      (
        head + #""places": [{"id": "a/../b", "name": "A"}]}"#,
        "place 1's id is not a place id (letters, digits, '-', '_', '.', ':', ',')"
      ),
      (head + #""places": [{"id": "a", "name": "\u001b[2J"}]}"#, "place 1's name is empty"),
      (
        head + #""places": [{"id": "a", "name": "A", "latitude": 1}]}"#,
        "place 1's latitude comes without its partner coordinate"
      ),
      (
        head + #""places": [{"id": "a", "name": "A", "savedAt": "yesterday"}]}"#,
        "place 1's savedAt is not a time like 2026-11-29T20:41:07Z"
      ),
      (
        head + #""repositories": [{"fullName": "../../etc"}]}"#,
        "repository 1's fullName is not a GitHub name like owner/name"
      ),
      (
        head + #""repositories": [{"fullName": "a/b", "stars": -1}]}"#,
        "repository 1's stars is not a whole number from 0"
      ),
      (
        head + #""repositories": [{"fullName": "a/b", "description": ""# + String(repeating: "x", count: 2001)
          + #""}]}"#,
        "repository 1's description is longer than 2000 characters"
      ),
    ]
    for (text, reason) in problems {
      guard case .malformed(_, let said, _, _) = try importError(text) else {
        XCTFail(text)
        continue
      }
      XCTAssertEqual(said, reason, text)
    }
    XCTAssertEqual(
      try importError(#"{"format": "wayfarer-bookmarks", "version": 2}"#),
      .unsupportedVersion(path: directory.file("in.json"), version: 2, newest: 1))
    // A time that is none on the calendar is refused where it stands, not
    // rolled over into March.
    XCTAssertEqual(
      try importError(head + "\n" + #""places": [{"id": "a", "name": "A", "savedAt": "2026-02-30T25:61:61Z"}]}"#),
      .malformed(
        path: directory.file("in.json"), reason: "place 1's savedAt is not a time like 2026-11-29T20:41:07Z",
        line: 2, byte: 94))
  }

  /// A valid file whose last entry is wrong adds none of the others.
  func test_aFileWrongOnlyAtTheEnd_addsNothing() async throws {
    let entries = (1...50).map { #"{"id": "p\#($0)", "name": "Place \#($0)"}"# }.joined(separator: ",")
    let error = try importError(
      #"{"format": "wayfarer-bookmarks", "version": 1, "places": ["# + entries + #", {"id": "last"}]}"#)
    guard case .malformed(_, let reason, _, _) = error else { return XCTFail("\(String(describing: error))") }
    XCTAssertEqual(reason, "place 51 has no name")
  }

  /// Escape sequences and bidi controls in names are dropped; a time far
  /// ahead is taken as now; a file over the limit, a link and a folder are refused.
  func test_hostileFiles_areSanitisedOrRefused() async throws {
    let (transfer, store) = makeSUT()
    let path = try write(
      #"{"format": "wayfarer-bookmarks", "version": 1, "places": [{"id": "x1", "name": "Evil\u001b]8;;http://x\u0007Caf\u00e9\u202e", "city": "\u009b31mRome", "savedAt": "2999-01-01T00:00:00Z"}]}"#,
      to: "hostile.json")
    XCTAssertEqual(try transfer.importBookmarks(from: path), ImportSummary(added: 1, skipped: 0))
    let place = try XCTUnwrap(store.places().first)
    XCTAssertEqual(place.name, "EvilCafé")
    XCTAssertEqual(place.city, "Rome")
    XCTAssertEqual(place.savedAt, clock)

    let huge = directory.file("huge.json")
    XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: huge))
    try handle.truncate(atOffset: UInt64(BookmarkFile.largestMiB << 20) + 1)
    try handle.close()
    XCTAssertThrowsError(try transfer.importBookmarks(from: huge)) { error in
      XCTAssertEqual(error as? BookmarksTransferError, .tooLarge(path: huge, limitMiB: 64))
    }
    symlink(path, directory.file("link.json"))
    XCTAssertThrowsError(try transfer.importBookmarks(from: directory.file("link.json"))) { error in
      // Refused for being a link, not for anything in the file it points to (which imported above).
      guard case .file(_, let reason) = error as? BookmarksTransferError else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("symbolic link"), reason)
    }
    XCTAssertThrowsError(try transfer.importBookmarks(from: directory.path)) { error in
      guard case .file(_, let reason) = error as? BookmarksTransferError else { return XCTFail("\(error)") }
      XCTAssertEqual(reason, "it is not a regular file")
    }
    XCTAssertEqual(try store.places().count, 1)
  }

  /// One bound for what an account saves, what export writes and what
  /// import reads (export once wrote files import refused): an account
  /// full to the bound exports a file that imports again whole, and one
  /// bookmark more is refused, saved or imported.
  func test_oneBound_forSavingExportingAndImporting() async throws {
    let (transfer, store) = makeSUT()
    let limit = BookmarkFile.mostEntriesPerKind
    try database.transaction { transaction in
      for number in 1...limit {
        var place = PlaceBookmark(unplaced)
        (place.id, place.name) = ("bulk-\(number)", "Place \(number)")
        try transaction.execute(
          "INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (1, 'place', ?, ?, ?, ?)",
          [.text(place.id), .text(place.name), .text(place.json), .real(Double(number))])
      }
    }

    XCTAssertThrowsError(try store.saveFavorite(cafe)) { error in
      XCTAssertEqual(
        ErrorSentence.reason(for: error),
        "you have 100,000 places saved, the most one bookmarks file carries; remove some first")
    }
    var again = unplaced
    again.id = "bulk-7"
    XCTAssertNoThrow(try store.saveFavorite(again), "saving again what is saved is no new bookmark")
    let more = try write(
      #"{"format": "wayfarer-bookmarks", "version": 1, "places": [{"id": "new", "name": "One more"}]}"#,
      to: "more.json")
    XCTAssertThrowsError(try transfer.importBookmarks(from: more))
    XCTAssertEqual(try store.places().count, limit, "the refused import added nothing")

    let exported = try transfer.export(to: directory.file("all.json"), as: .json, replacing: false)
    XCTAssertEqual(exported.counts.map(\.written), [limit, 0])
    let (other, otherStore) = makeSUT(account: "2")
    XCTAssertEqual(
      try other.importBookmarks(from: directory.file("all.json")), ImportSummary(added: limit, skipped: 0),
      "what export wrote, import reads")
    XCTAssertEqual(try otherStore.places().count, limit)
  }

  /// The README states the bound the code keeps.
  func test_theREADME_statesTheBound() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../README.md"), encoding: .utf8
    ).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(readme.contains("at most \(BookmarkFile.largestMiB) MiB"), "the README's import limit")
    XCTAssertTrue(readme.contains("100,000 places and 100,000 repositories"), "the README's count")
    XCTAssertEqual(BookmarkFile.mostEntriesPerKind, 100_000)
  }

  /// `export ~` (or any name that can only be a folder) is refused: it once
  /// wrote the export as the path of a HOME that did not exist.
  func test_aNameThatCanOnlyBeAFolder_isRefused() async throws {
    let now = clock
    let store = BookmarkStore(database: database, accountID: "1", now: { now })
    let transfer = BookmarkTransfer(store: store, homeDirectory: directory.file("no-such-home"), now: { now })
    for name in ["~", "~/", ".", "..", directory.path + "/", "a/.."] {
      XCTAssertThrowsError(try transfer.export(to: name, as: .json, replacing: true), name) { error in
        XCTAssertEqual(
          error as? BookmarksTransferError,
          .file(path: name, reason: "it names a folder; give a file name in it, like ~/bookmarks.json"), name)
      }
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("no-such-home")))
    XCTAssertThrowsError(try transfer.export(to: "~/b.json", as: .json, replacing: false)) { error in
      guard case .file(_, let reason) = error as? BookmarksTransferError else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("No such file") || reason.contains("no such file"), reason)
    }
  }

  /// A file saved by an editor that starts it with a byte-order mark.
  func test_aByteOrderMark_isNotPartOfTheFile() async throws {
    let (transfer, _) = makeSUT()
    let text = #"{"format": "wayfarer-bookmarks", "version": 1, "places": [{"id": "bom1", "name": "Marked"}]}"#
    let path = directory.file("bom.json")
    try AtomicFile.write([0xEF, 0xBB, 0xBF] + Array(text.utf8), to: path)

    XCTAssertEqual(try transfer.importBookmarks(from: path), ImportSummary(added: 1, skipped: 0))
    // A problem is said at its byte in the file, the mark counted.
    XCTAssertThrowsError(try transfer.importBookmarks(bytes: [0xEF, 0xBB, 0xBF, 0xFF] + Array("{}".utf8), named: "m")) {
      error in
      XCTAssertEqual(
        error as? BookmarksTransferError,
        .malformed(path: "m", reason: "it is not JSON: bytes that are not UTF-8 text", line: 1, byte: 3))
    }
  }

  /// The reader itself refuses a list past the bound, saying where, before
  /// the store is asked.
  func test_aListPastTheBound_isRefusedByTheReader() async throws {
    let entries = (0...BookmarkFile.mostEntriesPerKind).map { #"{"id":"p\#($0)","name":"P"}"# }
    let text = #"{"format":"wayfarer-bookmarks","version":1,"places":["# + entries.joined(separator: ",") + "]}"
    guard case .malformed(_, let reason, _, _) = try importError(text) else { return XCTFail("imported") }
    XCTAssertEqual(reason, #""places" holds more than 100000 entries"#)
  }

  /// Topics are outside text too: cleaned and bounded like every field.
  func test_hostileTopics_areCleaned() async throws {
    let (transfer, store) = makeSUT()
    let path = try write(
      #"{"format": "wayfarer-bookmarks", "version": 1, "repositories": [{"fullName": "a/b", "topics": ["ok\u001b[2J", "\u202egame"]}]}"#,
      to: "topics.json")
    XCTAssertEqual(try transfer.importBookmarks(from: path), ImportSummary(added: 1, skipped: 0))
    XCTAssertEqual(try store.repositories().first?.topics, ["ok", "game"])
  }
}
