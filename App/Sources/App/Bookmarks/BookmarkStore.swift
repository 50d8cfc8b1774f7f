import Foundation
import Home
import Storage

/// One account's bookmarks in the database: places saved on Home now,
/// repositories from Explore later. Each keeps every field it was saved
/// with, so it stands on its own.
final class BookmarkStore: Sendable {
  enum Kind: String {
    case place
  }

  private let database: SQLiteDatabase
  private let accountID: Int64
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

  func save(_ kind: Kind, id: String, title: String, fields: [String: String]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(fields), as: UTF8.self)
    try database.execute(
      """
      INSERT INTO bookmarks (account_id, kind, item_id, title, fields, created_at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (account_id, kind, item_id) DO UPDATE SET title = excluded.title, fields = excluded.fields
      """,
      [
        .integer(accountID), .text(kind.rawValue), .text(id), .text(title), .text(json),
        .real(now().timeIntervalSince1970),
      ])
  }

  func remove(_ kind: Kind, id: String) throws {
    try database.execute(
      "DELETE FROM bookmarks WHERE account_id = ? AND kind = ? AND item_id = ?",
      [.integer(accountID), .text(kind.rawValue), .text(id)])
  }

  /// Every bookmark of `kind`, newest first.
  func all(_ kind: Kind) throws -> [(id: String, title: String, fields: [String: String])] {
    try database.execute(
      "SELECT item_id, title, fields FROM bookmarks WHERE account_id = ? AND kind = ? ORDER BY created_at DESC, rowid DESC",
      [.integer(accountID), .text(kind.rawValue)]
    ).compactMap { row in
      guard let id = row.text("item_id"), let title = row.text("title"), let json = row.text("fields") else {
        return nil
      }
      let fields = (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
      return (id, title, fields)
    }
  }
}

extension BookmarkStore: HomeFavoritesStoring {
  func isFavorite(placeID: String) throws -> Bool {
    try contains(.place, id: placeID)
  }

  func saveFavorite(placeID: String, title: String, fields: [String: String]) throws {
    try save(.place, id: placeID, title: title, fields: fields)
  }

  func removeFavorite(placeID: String) throws {
    try remove(.place, id: placeID)
  }
}
