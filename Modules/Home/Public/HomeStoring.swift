import Foundation

/// A place as Home saves it to the person's bookmarks: typed, so what is
/// stored never depends on the words the detail screen shows.
public struct FavoritePlace: Equatable, Sendable {
  public var id: String
  public var name: String
  /// The most specific Geoapify category (`catering.cafe`), or `place`.
  public var categoryKey: String
  public var address: String?
  public var city: String?
  /// Where it is, when known (always, for places saved from Home).
  public var latitude: Double?
  public var longitude: Double?
  public var phone: String?
  public var website: String?
  public var openingHours: String?
  /// When it was saved: nil when Home hands it over; the store records it.
  public var savedAt: Date?

  public init(
    id: String, name: String, categoryKey: String, address: String?, city: String?, latitude: Double?,
    longitude: Double?, phone: String?, website: String?, openingHours: String?, savedAt: Date? = nil
  ) {
    self.id = id
    self.name = name
    self.categoryKey = categoryKey
    self.address = address
    self.city = city
    self.latitude = latitude
    self.longitude = longitude
    self.phone = phone
    self.website = website
    self.openingHours = openingHours
    self.savedAt = savedAt
  }
}

/// Saved places, as Home sees them: App keeps them with the person's bookmarks.
@MainActor
public protocol HomeFavoritesStoring: AnyObject {
  func isFavorite(placeID: String) throws -> Bool
  /// Saves `place` (replacing an earlier save of the same id).
  func saveFavorite(_ place: FavoritePlace) throws
  func removeFavorite(placeID: String) throws
}

/// The city the person chose, kept per account.
@MainActor
public protocol HomeLocationStoring: AnyObject {
  /// The chosen city, nil when none.
  ///
  /// - Throws: ``SavedCityError/unreadable`` when one is stored but cannot
  ///   be read back (Home then forgets it and says so), and
  ///   ``SavedCityError/unavailable(reason:)`` when the store cannot be
  ///   asked now (Home then starts at the default place and keeps the city).
  func savedCity() throws(SavedCityError) -> SavedCity?
  func saveCity(_ city: SavedCity) throws
  func clearCity() throws
}

/// The city the person chose, as Home hands it to be kept.
public struct SavedCity: Equatable, Sendable {
  public var name: String
  /// Empty when the service did not say.
  public var country: String
  public var latitude: Double
  public var longitude: Double

  public init(name: String, country: String, latitude: Double, longitude: Double) {
    self.name = name
    self.country = country
    self.latitude = latitude
    self.longitude = longitude
  }
}

/// The feature flags Home obeys (set in Profile › Settings).
@MainActor
public protocol HomeFeatureFlagsProviding: AnyObject {
  var areFavoritesEnabled: Bool { get }
  var isMapEnabled: Bool { get }
  var isCategoryFilterEnabled: Bool { get }
}

/// Why the saved city could not be read.
public enum SavedCityError: Error, Equatable {
  /// One is stored but cannot be read back (damaged, or written by another
  /// version).
  case unreadable
  /// The store could not be asked (busy, failing), for `reason`.
  case unavailable(reason: String)
}
