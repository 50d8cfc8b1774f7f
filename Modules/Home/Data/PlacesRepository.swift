import Foundation

/// What Home searches: the categories and circle of the reference app.
enum NearbySearch {
  static let categories = ["tourism", "catering", "entertainment", "leisure"]
  static let radiusMetres = 5_000
  /// How far from the centre a result may lie and still be believed: the
  /// radius and a margin for the service's own rounding.
  static let reachMetres = Double(radiusMetres) * 1.2
  static let pageSize = 20
  static let citySuggestions = 5
}

/// A place found by its id, with what Place Details adds.
struct PlaceLookup: Equatable, Sendable {
  var place: Place
  var details: PlaceDetails
}

/// Where Home's places come from: Geoapify, or the bundled offline catalog.
protocol PlacesRepository: Sendable {
  /// Places within ``NearbySearch/radiusMetres`` of `center`, nearest first,
  /// `limit` of them from `offset`. `refresh` skips any cached copy.
  func places(near center: Coordinate, offset: Int, limit: Int, refresh: Bool) async throws -> PlacesPage
  /// What Place Details adds for `place`.
  func details(for place: Place) async throws -> PlaceDetails
  /// The place with Geoapify id `id` and its details, in one call; nil
  /// when the service knows no such place.
  func place(id: String) async throws -> PlaceLookup?
  /// Up to five cities called `query`.
  func cities(named query: String) async throws -> CityResults
}
