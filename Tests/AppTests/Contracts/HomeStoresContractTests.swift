import Bookmarks
import BookmarksContracts
import Explore
import ExploreContracts
import Home
import HomeContracts
import Storage
import TestSupport
import XCTest

@testable import App

/// App's SQLite stores behind Home's and Explore's protocols keep their contracts, per
/// account, across a reopened database.
@MainActor
final class HomeStoresContractTests: XCTestCase {
  func test_theSettingsStore_keepsTheCityChoiceContract() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    try HomeLocationStoringContract.verify(
      "AccountSettingsStore", make: { AccountSettingsStore(database: AppDatabase.at(path), accountID: "1") },
      reopen: { _ in AccountSettingsStore(database: AppDatabase.at(path), accountID: "1") })
    let other = AccountSettingsStore(database: AppDatabase.at(path), accountID: "2")
    try other.saveCity(SavedCity(name: "Lisbon", country: "Portugal", latitude: 38.7, longitude: -9.1))
    XCTAssertNil(try AccountSettingsStore(database: AppDatabase.at(path), accountID: "1").savedCity(), "per account")
  }

  func test_theBookmarkStore_keepsTheFavoritesContract() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
    try HomeFavoritesStoringContract.verify(
      "BookmarkStore", make: { BookmarkStore(database: AppDatabase.at(path), accountID: "1", now: now) },
      reopen: { _ in BookmarkStore(database: AppDatabase.at(path), accountID: "1", now: now) })
    let cafe = HomeFavoritesStoringContract.cafe
    try BookmarkStore(database: AppDatabase.at(path), accountID: "1", now: now).saveFavorite(cafe)
    XCTAssertFalse(
      try BookmarkStore(database: AppDatabase.at(path), accountID: "2", now: now).isFavorite(placeID: cafe.id),
      "per account")
  }

  func test_theBookmarkStore_keepsExploresBookmarkContract_perAccount() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    let now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }
    let open = { BookmarkStore(database: AppDatabase.at(path), accountID: "1", now: now) }
    try ExploreBookmarksStoringContract.verify("BookmarkStore", make: open, reopen: { _ in open() })

    let tetris = ExploreBookmarksStoringContract.tetris
    try open().saveRepository(tetris)
    var saved = tetris
    saved.savedAt = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertEqual(try open().repositories().first { $0.fullName == tetris.fullName }, saved, "every field comes back")
    XCTAssertEqual(try open().repository(id: "dtrupenn/tetris"), saved, "and by its id, the name in lower case")
    XCTAssertFalse(
      try BookmarkStore(database: AppDatabase.at(path), accountID: "2", now: now).isBookmarked(
        repository: tetris.fullName),
      "per account")
    // The id a repository is stored under, exactly: only its kind tells it apart.
    XCTAssertFalse(try open().isFavorite(placeID: tetris.fullName.lowercased()), "a repository is not a place")
  }

  func test_theBookmarkStore_keepsTheBookmarksTabsContract() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    let seed = { (store: BookmarkStore) throws in
      var place = HomeFavoritesStoringContract.cafe
      try store.saveFavorite(place)
      place.id = "p2"
      place.name = "Schumann's"
      place.savedAt = Date(timeIntervalSince1970: 1_800_000_500)
      try store.saveFavorite(place)
      var repository = ExploreBookmarksStoringContract.tetris
      repository.savedAt = Date(timeIntervalSince1970: 1_700_000_000)
      try store.saveRepository(repository)
      repository.fullName = "apple/swift"
      repository.savedAt = Date(timeIntervalSince1970: 1_900_000_000)
      try store.saveRepository(repository)
    }
    let open = {
      BookmarkStore(database: AppDatabase.at(path), accountID: "1", now: { Date(timeIntervalSince1970: 1_800_000_000) })
    }
    try seed(open())
    try BookmarksStoringContract.verify("BookmarkStore", make: open, reopen: { _ in open() })
    XCTAssertEqual(
      try open().bookmarks().map(\.title), ["Schumann's", "Guido al Duomo", "apple/swift", "dtrupenn/Tetris"])
  }
}
