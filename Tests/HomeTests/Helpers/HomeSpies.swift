import Foundation
import Locking
import Networking
import TestSupport

@testable import Home

/// A repository that answers from a script and records what it was asked.
final class RepositorySpy: PlacesRepository, @unchecked Sendable {
  enum Call: Equatable {
    case places(latitude: Double, longitude: Double, offset: Int, limit: Int, refresh: Bool)
    case details(String)
    case lookup(String)
    case cities(String)
  }

  private let lock = Lock()
  private var _calls: [Call] = []
  var pages: [Result<PlacesPage, any Error>] = []
  var detailsResult: Result<PlaceDetails, any Error> = .success(PlaceDetails())
  var citiesResult: Result<CityResults, any Error> = .success(CityResults(cities: []))
  var lookupResult: Result<PlaceLookup?, any Error> = .success(nil)

  var calls: [Call] { lock.withLock { _calls } }

  func places(near center: Coordinate, offset: Int, limit: Int, refresh: Bool) async throws -> PlacesPage {
    lock.withLock {
      _calls.append(
        .places(latitude: center.latitude, longitude: center.longitude, offset: offset, limit: limit, refresh: refresh))
    }
    guard !pages.isEmpty else { return PlacesPage(places: [], fetched: 0, mayHaveMore: false, cachedAt: nil) }
    return try pages.removeFirst().get()
  }

  func details(for place: Place) async throws -> PlaceDetails {
    lock.withLock { _calls.append(.details(place.id)) }
    return try detailsResult.get()
  }

  func place(id: String) async throws -> PlaceLookup? {
    lock.withLock { _calls.append(.lookup(id)) }
    return try lookupResult.get()
  }

  func cities(named query: String) async throws -> CityResults {
    lock.withLock { _calls.append(.cities(query)) }
    return try citiesResult.get()
  }
}

@MainActor
final class FavoritesSpy: HomeFavoritesStoring {
  private(set) var saved: [String: FavoritePlace] = [:]
  var failure: (any Error)?

  func isFavorite(placeID: String) throws -> Bool { saved[placeID] != nil }

  func saveFavorite(_ place: FavoritePlace) throws {
    if let failure { throw failure }
    saved[place.id] = place
  }

  func removeFavorite(placeID: String) throws {
    if let failure { throw failure }
    saved[placeID] = nil
  }
}

@MainActor
final class LocationsSpy: HomeLocationStoring {
  var city: SavedCity?
  var readFailure: SavedCityError?

  func savedCity() throws(SavedCityError) -> SavedCity? {
    if let readFailure { throw readFailure }
    return city
  }
  func saveCity(_ city: SavedCity) throws {
    self.city = city
  }
  func clearCity() throws {
    city = nil
    readFailure = nil
  }
}

@MainActor
final class FlagsStub: HomeFeatureFlagsProviding {
  var areFavoritesEnabled = true
  var isMapEnabled = true
  var isCategoryFilterEnabled = false
}

@MainActor
final class HomeRouterSpy: HomeRouting {
  private(set) var shown: [String] = []
  func showDetail(of place: Place) { shown.append(place.id) }
}

/// A failure with a sentence of its own, as every error of Wayfarer's has.
extension Place {
  static func sample(
    _ id: String, name: String, city: String = "Munich", category: String = "catering.cafe", distance: Double = 100
  )
    -> Place
  {
    Place(
      id: id, name: name, categories: [category.components(separatedBy: ".")[0], category], city: city,
      address: "Street 1",
      coordinate: Coordinate(latitude: 48.1, longitude: 11.5), distance: distance, phone: "+49 1",
      website: "https://example.org",
      openingHours: "Mo-Fr 09:00-17:00")
  }
}
