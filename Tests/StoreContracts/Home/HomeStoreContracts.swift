import Home
import XCTest

/// What every store behind Home's narrow protocols promises, checked the
/// same way against App's SQLite stores (AppTests) and the in-memory doubles
/// Home's tests use (HomeTests), so a double cannot drift from the real
/// thing, and a store whose write does nothing, or that drops a field, fails.
///
/// `make` gives a new, empty store; `reopen` opens the same data anew, as a
/// relaunch would (an in-memory store returns itself).
@MainActor
public enum HomeLocationStoringContract {
  public static func verify(
    _ name: String, make: () throws -> any HomeLocationStoring,
    reopen: (any HomeLocationStoring) throws -> any HomeLocationStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let lisbon = SavedCity(name: "Lisbon", country: "Portugal", latitude: 38.7077507, longitude: -9.1365919)
    let quito = SavedCity(name: "Quito", country: "", latitude: -0.2201641, longitude: -78.5123274)

    let store = try make()
    XCTAssertNil(try store.savedCity(), "\(name): a new store has no city", file: file, line: line)
    XCTAssertNoThrow(try store.clearCity(), "\(name): clearing nothing is fine", file: file, line: line)

    try store.saveCity(lisbon)
    XCTAssertEqual(try store.savedCity(), lisbon, "\(name): every field comes back", file: file, line: line)
    XCTAssertEqual(try reopen(store).savedCity(), lisbon, "\(name): kept across a relaunch", file: file, line: line)

    try store.saveCity(quito)
    XCTAssertEqual(
      try reopen(store).savedCity(), quito, "\(name): a new choice replaces the old", file: file, line: line)

    try store.clearCity()
    XCTAssertNil(try reopen(store).savedCity(), "\(name): cleared for good", file: file, line: line)
  }
}

@MainActor
public enum HomeFavoritesStoringContract {
  public static let cafe = FavoritePlace(
    id: "p1", name: "Guido al Duomo", categoryKey: "catering.cafe", address: "Frauenplatz 12", city: "Munich",
    latitude: 48.1389272, longitude: 11.5742388, phone: "+49 89 24231690", website: "https://example.org",
    openingHours: "Mo-Sa 09:00-24:00")

  public static func verify(
    _ name: String, make: () throws -> any HomeFavoritesStoring,
    reopen: (any HomeFavoritesStoring) throws -> any HomeFavoritesStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var bar = cafe
    bar.id = "p2"
    bar.name = "Schumann's"

    let store = try make()
    XCTAssertFalse(try store.isFavorite(placeID: cafe.id), "\(name): nothing saved yet", file: file, line: line)
    XCTAssertNoThrow(
      try store.removeFavorite(placeID: cafe.id), "\(name): removing nothing is fine", file: file, line: line)

    try store.saveFavorite(cafe)
    try store.saveFavorite(bar)
    XCTAssertTrue(try reopen(store).isFavorite(placeID: cafe.id), "\(name): saved for good", file: file, line: line)
    XCTAssertNoThrow(try store.saveFavorite(cafe), "\(name): saving again is fine", file: file, line: line)

    try store.removeFavorite(placeID: cafe.id)
    XCTAssertFalse(try reopen(store).isFavorite(placeID: cafe.id), "\(name): removed for good", file: file, line: line)
    XCTAssertTrue(
      try reopen(store).isFavorite(placeID: bar.id), "\(name): only that one is removed", file: file, line: line)
  }
}
