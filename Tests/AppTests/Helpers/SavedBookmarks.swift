import Explore
import Foundation
import Home

@testable import App

/// The store's records as the features see them, for assertions.
extension BookmarkStore {
  /// Every saved place, newest first.
  func places() throws -> [FavoritePlace] {
    try records(PlaceBookmark.self).records.map { $0.record.favoritePlace(savedAt: $0.savedAt) }
  }

  /// The saved place `id`.
  func place(id: String) throws -> FavoritePlace? {
    try records(PlaceBookmark.self, key: id).records.first.map { $0.record.favoritePlace(savedAt: $0.savedAt) }
  }

  /// Every saved repository, newest first.
  func repositories() throws -> [SavedRepository] {
    try records(RepositoryBookmark.self).records.map { $0.record.savedRepository(savedAt: $0.savedAt) }
  }

  /// The saved repository stored under `id` (its name in lower case).
  func repository(id: String) throws -> SavedRepository? {
    try records(RepositoryBookmark.self, key: id).records.first.map { $0.record.savedRepository(savedAt: $0.savedAt) }
  }
}
