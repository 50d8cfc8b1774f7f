import Bookmarks

/// Every kind of bookmark, in the order the list shows them.
///
/// A file holds them in the same order. A new kind is its record type,
/// added here.
enum BookmarkKinds {
  static let all: [any BookmarkRecord.Type] = [PlaceBookmark.self, RepositoryBookmark.self]

  /// The record type registered under `kind`.
  static func record(of kind: BookmarkKind) -> (any BookmarkRecord.Type)? {
    all.first { $0.kind == kind }
  }

  /// The record type registered under the name the database keeps (`place`).
  static func record(named name: String) -> (any BookmarkRecord.Type)? {
    all.first { $0.kind.name == name }
  }
}
