import Bookmarks
import Explore
import Foundation
import Home
import JSON
import Storage

/// One account's bookmarks in the database: every registered kind's records
/// (places saved on Home, repositories saved in Explore).
///
/// A row holds the record as JSON (`fields`), the time it was first saved,
/// and, for the list to read without parsing, the key, title, subtitle and
/// detail made from the record when it was written (a row the schema step
/// could not read at all keeps its title, with no subtitle or detail).
final class BookmarkStore: Sendable {
  let database: SQLiteDatabase
  let accountID: Int64
  private let now: @Sendable () -> Date

  init(database: SQLiteDatabase, accountID: String, now: @escaping @Sendable () -> Date = { Date() }) {
    self.database = database
    self.accountID = Int64(accountID) ?? -1
    self.now = now
  }

  func contains<Record: BookmarkRecord>(_ type: Record.Type, key: String) throws -> Bool {
    try !database.execute(
      "SELECT 1 AS found FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ?",
      [.integer(accountID), .text(Record.kind.name), .text(key)]
    ).isEmpty
  }

  func remove<Record: BookmarkRecord>(_ type: Record.Type, key: String) throws {
    try database.execute(
      "DELETE FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ?",
      [.integer(accountID), .text(Record.kind.name), .text(key)])
  }

  /// Saves `record` after the checks an import meets, as saved at
  /// `savedAt` (nil: now); saved again, its fields change and its first
  /// time saved does not.
  ///
  /// A new one past the bound is refused.
  func save(_ record: some BookmarkRecord, savedAt: Date? = nil) throws {
    let checked = try record.checked()
    var row = StoredRow(checked, savedAt: savedAt)
    // Stored as checked only when reading it again gives it back: when the
    // checks left the record as it came (most saves).
    if row.fields != record.json { row.digest = nil }
    try database.transaction { transaction in
      try transaction.execute(
        Self.insert + """
           ON CONFLICT (account_id, kind, item_id) DO UPDATE SET
            title = excluded.title, subtitle = excluded.subtitle, detail = excluded.detail, fields = excluded.fields,
            checked_digest = excluded.checked_digest
          """, bindings(row))
      try checkBound(of: row.kind, in: transaction)
    }
  }

  /// Adds the records not saved yet, all or none (one transaction), each
  /// with its time saved (nil: now): how many were added, and how many
  /// skipped as already saved (or listed twice).
  ///
  /// The records were read strictly (an import): nothing in them was cut
  /// or mended, so reading what is stored gives them back (the fuzz target
  /// `bookmarks` holds every record read from a file to that), and each is
  /// stored as checked.
  ///
  /// Refused whole when it would pass the bound.
  func addNew(_ records: [(record: any BookmarkRecord, savedAt: Date?)]) throws -> (added: Int, skipped: Int) {
    let rows = records.map { StoredRow($0.record, savedAt: $0.savedAt) }
    let added = try database.transaction { transaction in
      let added = try rows.reduce(0) { count, row in
        count + (try transaction.change(Self.insertUnlessSaved, bindings(row)))
      }
      for kind in Set(rows.map(\.kind)) { try checkBound(of: kind, in: transaction) }
      return added
    }
    return (added, rows.count - added)
  }

  /// Throws ``BookmarkStoreError/full(kind:limit:)`` when the account holds
  /// more of `kind` than one bookmarks file carries (the transaction is
  /// then rolled back, so nothing of it is saved).
  private func checkBound(of kind: String, in transaction: SQLiteDatabase.Transaction) throws {
    let count =
      try transaction.execute(
        "SELECT COUNT(*) AS n FROM bookmarks WHERE account_id = ? AND kind = ?", [.integer(accountID), .text(kind)]
      ).first?.integer("n") ?? 0
    if count > BookmarkFile.mostEntriesPerKind, let record = BookmarkKinds.record(named: kind) {
      throw BookmarkStoreError.full(kind: record.kind, limit: BookmarkFile.mostEntriesPerKind)
    }
  }

  /// Every record of `type`, newest first, with its time saved, and how
  /// many rows could not be read at all (left in the database).
  ///
  /// Rows are read fitting (what Wayfarer saved is never refused for a bound
  /// a later version tightened); one in an older shape (an older Wayfarer
  /// wrote it after the upgrade) is read as the schema step reads it. Only
  /// the one stored under `key`, when given.
  func records<Record: BookmarkRecord>(_ type: Record.Type, key: String? = nil) throws -> (
    records: [Saved<Record>], unreadable: Int
  ) {
    let rows = try database.execute(
      """
      SELECT item_id, title, fields, created_at FROM bookmarks WHERE account_id = ? AND kind = ?
      \(key == nil ? "" : "AND item_id = ?") ORDER BY created_at DESC, rowid DESC
      """,
      [.integer(accountID), .text(Record.kind.name)] + (key.map { [.text($0)] } ?? []))
    let records = rows.compactMap { row -> Saved<Record>? in
      guard let json = row.text("fields"),
        let record = Self.record(Record.self, json: json, id: row.text("item_id"), title: row.text("title"))
      else {
        return nil
      }
      return Saved(record: record, savedAt: row.real("created_at").map(Date.init(timeIntervalSince1970:)))
    }
    return (records, rows.count - records.count)
  }

  /// The record a row holds: its JSON read fitting, or when that is an older
  /// shape, converted as the schema step converts it.
  static func record<Record: BookmarkRecord>(_ type: Record.Type, json: String, id: String?, title: String?)
    -> Record?
  {
    if let document = try? JSONDocument(bytes: Array(json.utf8)), let record = try? Record.read(document.root, .fitting)
    {
      return record
    }
    guard let id, let title else { return nil }
    return LegacyBookmarks.record(kind: Record.kind.name, id: id, title: title, fields: json) as? Record
  }

  /// A record with the time it was first saved.
  struct Saved<Record: BookmarkRecord> {
    var record: Record
    var savedAt: Date?
  }

  /// A row as it is written: the record's JSON and what the list reads.
  fileprivate struct StoredRow {
    var kind: String
    var key: String
    var row: BookmarkRow
    var fields: String
    /// Nil: now.
    var savedAt: Date?
    /// `fields`' digest, for a record whose stored JSON reads back as
    /// itself; nil otherwise.
    var digest: Int64?

    init(_ record: any BookmarkRecord, savedAt: Date?) {
      kind = type(of: record).kind.name
      key = record.key
      row = record.row
      fields = record.json
      self.savedAt = savedAt
      digest = BookmarkStore.digest(of: fields, kind: kind)
    }
  }

  fileprivate static let insert = """
    INSERT INTO bookmarks (account_id, kind, item_id, title, subtitle, detail, fields, created_at, checked_digest)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
  fileprivate static let insertUnlessSaved = insert + " ON CONFLICT (account_id, kind, item_id) DO NOTHING"

  fileprivate func bindings(_ row: StoredRow) -> [SQLiteValue] {
    [
      .integer(accountID), .text(row.kind), .text(row.key), .text(row.row.title),
      row.row.subtitle.map(SQLiteValue.text) ?? .null, row.row.detail.map(SQLiteValue.text) ?? .null,
      .text(row.fields), .real((row.savedAt ?? now()).timeIntervalSince1970),
      row.digest.map(SQLiteValue.integer) ?? .null,
    ]
  }
}

/// One account's place saving, as the bookmark writer of the crash tests
/// (AppHarness) reaches it: the very code Home's `favorite` runs.
package struct PlaceBookmarks {
  private let store: BookmarkStore

  package init(database: SQLiteDatabase, accountID: String) {
    store = BookmarkStore(database: database, accountID: accountID)
  }

  package func save(_ place: FavoritePlace) throws {
    try store.save(PlaceBookmark(place), savedAt: place.savedAt)
  }
}

extension BookmarkStore: HomeFavoritesStoring {
  func isFavorite(placeID: String) throws -> Bool {
    try contains(PlaceBookmark.self, key: placeID)
  }

  func saveFavorite(_ place: FavoritePlace) throws {
    try save(PlaceBookmark(place), savedAt: place.savedAt)
  }

  func removeFavorite(placeID: String) throws {
    try remove(PlaceBookmark.self, key: placeID)
  }
}

extension BookmarkStore: ExploreBookmarksStoring {
  func isBookmarked(repository fullName: String) throws -> Bool {
    try contains(RepositoryBookmark.self, key: fullName.lowercased())
  }

  func saveRepository(_ repository: SavedRepository) throws {
    try save(RepositoryBookmark(repository), savedAt: repository.savedAt)
  }

  func removeRepository(fullName: String) throws {
    try remove(RepositoryBookmark.self, key: fullName.lowercased())
  }
}

extension BookmarkStore: BookmarksStoring {
  /// The database's files: any commit, here or in another process, changes it.
  var revision: [Int] { database.fileStamp() }

  /// Every kind's rows, in the kinds' order, each newest first: read from
  /// the columns written with each record, no JSON parsed.
  ///
  /// Read through a small page cache: the listing reads each page once,
  /// and SQLite's own (2,000 KiB) kept 2.2 MB of them for 10,000 bookmarks
  /// while their list was drawn.
  func bookmarks() throws -> [Bookmark] {
    let cacheSize = try database.execute("PRAGMA cache_size").first?.integer("cache_size")
    try database.execute("PRAGMA cache_size = \(Self.listingCacheSize)")
    defer { if let cacheSize { _ = try? database.execute("PRAGMA cache_size = \(cacheSize)") } }
    let rows = try database.execute(
      """
      SELECT kind, item_id, title, subtitle, detail, created_at FROM bookmarks WHERE account_id = ?
      ORDER BY created_at DESC, rowid DESC
      """, [.integer(accountID)])
    return Self.bookmarks(in: rows, kinds: BookmarkKinds.all.map { $0.kind })
  }

  /// The listing's page cache, in KiB as SQLite takes a negative size.
  private static let listingCacheSize = -64

  /// The rows as bookmarks, kind by kind in the order of `kinds`; a row of
  /// a kind not among them, or without its key or title, is left out.
  ///
  /// Not isolated to the main actor: its closures, run per row, are then
  /// not checked to be on it (5 checks a row).
  nonisolated private static func bookmarks(in rows: [SQLiteRow], kinds: [BookmarkKind]) -> [Bookmark] {
    // Each row's kind by its place in `kinds`; each kind's array then takes
    // exactly its rows, and one kind alone (the usual case) is handed back
    // without a copy.
    let ranks = rows.map { row in row.text("kind").flatMap { name in kinds.firstIndex { $0.name == name } } }
    var byKind = kinds.indices.map { rank in
      var bookmarks: [Bookmark] = []
      bookmarks.reserveCapacity(ranks.count { $0 == rank })
      return bookmarks
    }
    for (row, rank) in zip(rows, ranks) {
      guard let rank, let id = row.text("item_id"), let title = row.text("title") else { continue }
      byKind[rank].append(
        Bookmark(
          kind: kinds[rank], id: id, title: title, subtitle: row.text("subtitle"), detail: row.text("detail"),
          savedAt: Date(timeIntervalSince1970: row.real("created_at") ?? 0)))
    }
    let filled = byKind.filter { !$0.isEmpty }
    if filled.count == 1, let only = filled.first { return only }
    return Array(filled.joined())
  }

  /// Removes the row and hands back what it held, for `undo`.
  ///
  /// A row already gone (another Wayfarer removed it) is an error: there is
  /// nothing to bring back, and nothing must be made up in its place.
  func remove(_ bookmark: Bookmark) throws -> RemovedBookmark {
    let fields = try database.execute(
      "DELETE FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ? RETURNING fields",
      [.integer(accountID), .text(bookmark.kind.name), .text(bookmark.id)]
    ).first?.text("fields")
    guard let fields else { throw AlreadyRemoved() }
    return RemovedBookmark(bookmark: bookmark, record: fields)
  }

  struct AlreadyRemoved: LocalizedError {
    var errorDescription: String? { "it had already been removed, perhaps by another Wayfarer" }
  }

  /// Puts the row back exactly as it was removed.
  ///
  /// Its record's JSON as stored, its list columns and its time saved go
  /// back; nothing is read or checked again, so whatever could be removed
  /// can be brought back.
  func restore(_ removed: RemovedBookmark) throws {
    let bookmark = removed.bookmark
    try database.execute(
      Self.insertUnlessSaved,
      [
        .integer(accountID), .text(bookmark.kind.name), .text(bookmark.id), .text(bookmark.title),
        bookmark.subtitle.map(SQLiteValue.text) ?? .null, bookmark.detail.map(SQLiteValue.text) ?? .null,
        .text(removed.record), .real(bookmark.savedAt.timeIntervalSince1970), .null,
      ])
  }
}

/// What the bookmark store refuses.
enum BookmarkStoreError: LocalizedError, Equatable {
  /// As many of a kind as one bookmarks file carries are saved already.
  case full(kind: BookmarkKind, limit: Int)

  var errorDescription: String? {
    switch self {
    case .full(let kind, let limit):
      "you have \(Self.grouped(limit)) \(kind.plural) saved, the most one bookmarks file carries; remove some first"
    }
  }

  /// `100000` as `100,000`, whatever the locale.
  private static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var index = digits.count - 3
    while index > 0 {
      digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
      index -= 3
    }
    return digits
  }
}
