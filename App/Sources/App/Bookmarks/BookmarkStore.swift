import Bookmarks
import Explore
import Foundation
import Home
import Storage

/// One account's bookmarks in the database: places saved on Home and
/// repositories saved in Explore.
///
/// Each keeps everything needed to show it
/// offline, as a versioned record.
final class BookmarkStore: Sendable {
  enum Kind: String {
    case place
    case repository
  }

  fileprivate let database: SQLiteDatabase
  fileprivate let accountID: Int64
  private let now: @Sendable () -> Date

  init(database: SQLiteDatabase, accountID: String, now: @escaping @Sendable () -> Date = { Date() }) {
    self.database = database
    self.accountID = Int64(accountID) ?? -1
    self.now = now
  }

  func contains(_ kind: Kind, id: String) throws -> Bool {
    try !database.execute(
      "SELECT 1 AS found FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ?",
      [.integer(accountID), .text(kind.rawValue), .text(id)]
    ).isEmpty
  }

  func remove(_ kind: Kind, id: String) throws {
    try database.execute(
      "DELETE FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ?",
      [.integer(accountID), .text(kind.rawValue), .text(id)])
  }

  /// Saves `place`, keeping the time of a first save when it is saved again.
  func save(_ place: FavoritePlace) throws {
    try upsert(NewRow(place))
  }

  /// Saves `repository` under its name in lower case (GitHub's names
  /// compare in any case), keeping the time of a first save.
  func save(_ repository: SavedRepository) throws {
    try upsert(NewRow(repository))
  }

  /// Adds the places and repositories not saved yet, all or none (one
  /// transaction): how many were added, and how many skipped as already
  /// saved (or listed twice).
  ///
  /// Refused whole when it would pass the bound.
  func addNew(places: [FavoritePlace], repositories: [SavedRepository]) throws -> (added: Int, skipped: Int) {
    let rows = try places.map(NewRow.init) + repositories.map(NewRow.init)
    let added = try database.transaction { transaction in
      let added = try rows.reduce(0) { count, row in
        count + (try transaction.execute(Self.insertUnlessSaved + " RETURNING item_id", bindings(row)).count)
      }
      for kind in [Kind.place, .repository] { try checkBound(of: kind, in: transaction) }
      return added
    }
    return (added, rows.count - added)
  }

  /// Throws ``BookmarkStoreError/full(kind:limit:)`` when the account holds
  /// more of `kind` than one bookmarks file carries (the transaction is
  /// then rolled back, so nothing of it is saved).
  private func checkBound(of kind: Kind, in transaction: SQLiteDatabase.Transaction) throws {
    let count =
      try transaction.execute(
        "SELECT COUNT(*) AS n FROM bookmarks WHERE account_id = ? AND kind = ?",
        [.integer(accountID), .text(kind.rawValue)]
      ).first?.integer("n") ?? 0
    if count > BookmarkFile.mostEntriesPerKind {
      throw BookmarkStoreError.full(kind: kind, limit: BookmarkFile.mostEntriesPerKind)
    }
  }

  /// Every saved repository, newest first; unreadable rows are skipped.
  func repositories() throws -> [SavedRepository] {
    try rows(.repository, as: RepositoryRecord.self).map { row in
      row.record.repository(fullName: row.title, savedAt: row.savedAt)
    }
  }

  /// The saved repository stored under `id` (its name in lower case).
  func repository(id: String) throws -> SavedRepository? {
    try rows(.repository, as: RepositoryRecord.self, id: id).first.map { row in
      row.record.repository(fullName: row.title, savedAt: row.savedAt)
    }
  }

  /// The saved place `id`.
  func place(id: String) throws -> FavoritePlace? {
    try rows(.place, as: PlaceRecord.self, id: id).first.map { row in
      row.record.place(id: row.id, name: row.title, savedAt: row.savedAt)
    }
  }

  /// Every saved place, newest first.
  ///
  /// A row that cannot be read is skipped
  /// (it stays in the database).
  func places() throws -> [FavoritePlace] {
    try rows(.place, as: PlaceRecord.self).map { row in
      row.record.place(id: row.id, name: row.title, savedAt: row.savedAt)
    }
  }

  /// A bookmark as it is written: the item's id and title in their own
  /// columns, the rest as the kind's record in `fields`.
  fileprivate struct NewRow {
    var kind: Kind
    var id: String
    var title: String
    var fields: String
    /// Nil: now.
    var savedAt: Date?

    init(_ place: FavoritePlace) throws {
      self.init(
        kind: .place, id: place.id, title: place.name, fields: try PlaceRecord(place).json(), savedAt: place.savedAt)
    }

    init(_ repository: SavedRepository) throws {
      self.init(
        kind: .repository, id: repository.fullName.lowercased(), title: repository.fullName,
        fields: try Self.json(RepositoryRecord(repository)), savedAt: repository.savedAt)
    }

    init(kind: Kind, id: String, title: String, fields: String, savedAt: Date?) {
      self.kind = kind
      self.id = id
      self.title = title
      self.fields = fields
      self.savedAt = savedAt
    }

    static func json(_ record: some Encodable) throws -> String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      return String(decoding: try encoder.encode(record), as: UTF8.self)
    }
  }

  fileprivate static let insertUnlessSaved = """
    INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (account_id, kind, item_id) DO NOTHING
    """

  fileprivate func bindings(_ row: NewRow) -> [SQLiteValue] {
    [
      .integer(accountID), .text(row.kind.rawValue), .text(row.id), .text(row.title), .text(row.fields),
      .real((row.savedAt ?? now()).timeIntervalSince1970),
    ]
  }

  /// Writes `row`; saved again, its title and fields change, its time does
  /// not.
  ///
  /// A new one past the bound is refused.
  private func upsert(_ row: NewRow) throws {
    try database.transaction { transaction in
      try transaction.execute(
        """
        INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (account_id, kind, item_id) DO UPDATE SET title = excluded.title, fields = excluded.fields
        """, bindings(row))
      try checkBound(of: row.kind, in: transaction)
    }
  }

  private struct Row<Record> {
    var id: String
    var title: String
    var record: Record
    var savedAt: Date?
  }

  /// The bookmarks of `kind`, newest first, each with its record read back;
  /// a row that cannot be read is left out (and left in the database).
  /// (Only the one stored under `id`, when given.)
  private func rows<Record: Decodable>(_ kind: Kind, as type: Record.Type, id: String? = nil) throws -> [Row<Record>] {
    try database.execute(
      """
      SELECT item_id, title, fields, created_at FROM bookmarks WHERE account_id = ? AND kind = ?
      \(id == nil ? "" : "AND item_id = ?") ORDER BY created_at DESC, rowid DESC
      """,
      [.integer(accountID), .text(kind.rawValue)] + (id.map { [.text($0)] } ?? [])
    ).compactMap { row in
      guard let id = row.text("item_id"), let title = row.text("title"), let json = row.text("fields"),
        let record = try? JSONDecoder().decode(Record.self, from: Data(json.utf8))
      else { return nil }
      return Row(
        id: id, title: title, record: record, savedAt: row.real("created_at").map(Date.init(timeIntervalSince1970:)))
    }
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
    try store.save(place)
  }
}

extension BookmarkStore: HomeFavoritesStoring {
  func isFavorite(placeID: String) throws -> Bool {
    try contains(.place, id: placeID)
  }

  func saveFavorite(_ place: FavoritePlace) throws {
    try save(place)
  }

  func removeFavorite(placeID: String) throws {
    try remove(.place, id: placeID)
  }
}

extension BookmarkStore: ExploreBookmarksStoring {
  func isBookmarked(repository fullName: String) throws -> Bool {
    try contains(.repository, id: fullName.lowercased())
  }

  func saveRepository(_ repository: SavedRepository) throws {
    try save(repository)
  }

  func removeRepository(fullName: String) throws {
    try remove(.repository, id: fullName.lowercased())
  }
}

extension BookmarkStore: BookmarksStoring {
  /// The database's files: any commit, here or in another process, changes it.
  var revision: [Int] { database.fileStamp() }

  func bookmarks() throws -> [Bookmark] {
    let places = try places().map { place in
      Bookmark(
        kind: .place, id: place.id, title: place.name, subtitle: place.city,
        detail: place.categoryKey.split(separator: ".").first.map(String.init),
        savedAt: place.savedAt ?? Date(timeIntervalSince1970: 0))
    }
    let repositories = try repositories().map { repository in
      Bookmark(
        kind: .repository, id: repository.fullName.lowercased(), title: repository.fullName,
        subtitle: repository.description, detail: repository.language,
        savedAt: repository.savedAt ?? Date(timeIntervalSince1970: 0))
    }
    return places + repositories
  }

  /// Removes the row and hands back what it held, for `undo`.
  ///
  /// A row
  /// already gone (another Wayfarer removed it) is an error: there is
  /// nothing to bring back, and nothing must be made up in its place.
  func remove(_ bookmark: Bookmark) throws -> RemovedBookmark {
    let kind = Kind(bookmark.kind)
    let fields = try database.execute(
      "DELETE FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ? RETURNING fields",
      [.integer(accountID), .text(kind.rawValue), .text(bookmark.id)]
    ).first?.text("fields")
    guard let fields else { throw AlreadyRemoved() }
    return RemovedBookmark(bookmark: bookmark, record: fields)
  }

  struct AlreadyRemoved: LocalizedError {
    var errorDescription: String? { "it had already been removed, perhaps by another Wayfarer" }
  }

  func restore(_ removed: RemovedBookmark) throws {
    let bookmark = removed.bookmark
    let row = NewRow(
      kind: Kind(bookmark.kind), id: bookmark.id, title: bookmark.title, fields: removed.record,
      savedAt: bookmark.savedAt)
    try database.execute(Self.insertUnlessSaved, bindings(row))
  }
}

extension BookmarkStore.Kind {
  init(_ kind: Bookmark.Kind) {
    switch kind {
    case .place: self = .place
    case .repository: self = .repository
    }
  }
}

/// A saved repository as stored in the `fields` column: Explore's
/// `SavedRepository` less what has a column of its own (name, time saved).
struct RepositoryRecord: Codable, Equatable {
  var version = 1
  var description: String?
  var stars: Int?
  var forks: Int?
  var language: String?
  var licence: String?
  var topics: [String]
  var webURL: String
  var defaultBranch: String?

  init(_ repository: SavedRepository) {
    description = repository.description
    stars = repository.stars
    forks = repository.forks
    language = repository.language
    licence = repository.licence
    topics = repository.topics
    webURL = repository.webURL
    defaultBranch = repository.defaultBranch
  }

  func repository(fullName: String, savedAt: Date?) -> SavedRepository {
    SavedRepository(
      fullName: fullName, description: description, stars: stars, forks: forks, language: language, licence: licence,
      topics: topics, webURL: webURL, defaultBranch: defaultBranch, savedAt: savedAt)
  }
}

/// A saved place as stored in the `fields` column: Home's `FavoritePlace`
/// less what has a column of its own (id, name, time saved).
struct PlaceRecord: Codable, Equatable {
  var version = 2
  var categoryKey: String
  var address: String?
  var city: String?
  var latitude: Double?
  var longitude: Double?
  var phone: String?
  var website: String?
  var openingHours: String?

  init(_ place: FavoritePlace) {
    categoryKey = place.categoryKey
    address = place.address
    city = place.city
    latitude = place.latitude
    longitude = place.longitude
    phone = place.phone
    website = place.website
    openingHours = place.openingHours
  }

  /// A place saved by the first version, from the detail screen's labels.
  ///
  /// The labels: `category` ("tourism › sights"), `categories`
  /// ("tourism,tourism.sights"), `opening hours`, `latitude` and `longitude`
  /// as text…
  init(labels: [String: String]) {
    let categories = (labels["categories"] ?? "").split(separator: ",").map(String.init)
    categoryKey =
      categories.max { $0.count < $1.count }
      ?? labels["category"].map {
        $0.components(separatedBy: " › ").map { $0.replacingOccurrences(of: " ", with: "_") }.joined(separator: ".")
      } ?? "place"
    address = labels["address"]
    city = labels["city"]
    let position = Configuration.Location(
      checkingLatitude: labels["latitude"].flatMap(Double.init), longitude: labels["longitude"].flatMap(Double.init))
    latitude = position?.latitude
    longitude = position?.longitude
    phone = labels["phone"]
    website = labels["website"]
    openingHours = labels["opening hours"]
  }

  func place(id: String, name: String, savedAt: Date?) -> FavoritePlace {
    FavoritePlace(
      id: id, name: name, categoryKey: categoryKey, address: address, city: city, latitude: latitude,
      longitude: longitude, phone: phone, website: website, openingHours: openingHours, savedAt: savedAt)
  }

  func json() throws -> String {
    try BookmarkStore.NewRow.json(self)
  }

  /// Rewrites the places saved by the first version as records (step 3 of
  /// the schema).
  ///
  /// Rows already in the new form are left as they are.
  static func rewriteLabelledPlaces(in transaction: SQLiteDatabase.Transaction) throws {
    for row in try transaction.execute("SELECT rowid AS row, fields FROM bookmarks WHERE kind = 'place'") {
      guard let number = row.integer("row"), let json = row.text("fields"),
        let labels = try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))
      else { continue }
      try transaction.execute(
        "UPDATE bookmarks SET fields = ? WHERE rowid = ?",
        [.text(try PlaceRecord(labels: labels).json()), .integer(number)])
    }
  }
}

/// What the bookmark store refuses.
enum BookmarkStoreError: LocalizedError, Equatable {
  /// As many of a kind as one bookmarks file carries are saved already.
  case full(kind: BookmarkStore.Kind, limit: Int)

  var errorDescription: String? {
    switch self {
    case .full(let kind, let limit):
      "you have \(Self.grouped(limit)) \(kind == .place ? "places" : "repositories") saved, the most one bookmarks file carries; remove some first"
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
