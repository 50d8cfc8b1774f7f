/// Saved places, as Home sees them: App keeps them with the person's bookmarks.
@MainActor
public protocol HomeFavoritesStoring: AnyObject {
  func isFavorite(placeID: String) throws -> Bool
  /// Saves the whole place: `fields` holds what the detail showed (category,
  /// address, phone, website, opening hours, coordinates…), by name.
  func saveFavorite(placeID: String, title: String, fields: [String: String]) throws
  func removeFavorite(placeID: String) throws
}

/// The city the person chose, kept per account.
@MainActor
public protocol HomeLocationStoring: AnyObject {
  /// The chosen city, nil when none. Throws ``UnreadableSavedCity`` when one
  /// is stored but cannot be read back: Home then forgets it and says so.
  func savedCity() throws -> (name: String, country: String, latitude: Double, longitude: Double)?
  func saveCity(name: String, country: String, latitude: Double, longitude: Double) throws
  func clearCity() throws
}

/// The feature flags Home obeys (set in Profile › Settings).
@MainActor
public protocol HomeFeatureFlagsProviding: AnyObject {
  var areFavoritesEnabled: Bool { get }
  var isMapEnabled: Bool { get }
  var isCategoryFilterEnabled: Bool { get }
}

/// A stored city that cannot be read back (damaged, or written by another version).
public struct UnreadableSavedCity: Error, Equatable {
  public init() {}
}
