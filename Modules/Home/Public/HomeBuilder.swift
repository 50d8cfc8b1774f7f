import Foundation
import Networking
import TerminalKit

/// Builds the Home tab: nearby places, with place details pushed from it.
public enum HomeBuilder {
  @MainActor
  public static func build(dependencies: HomeDependencies) -> NavigationStack {
    let repository: any PlacesRepository
    if let geoapify = dependencies.geoapify {
      repository = GeoapifyPlacesRepository(
        client: geoapify.client,
        requests: GeoapifyRequests(baseURL: geoapify.baseURL, apiKey: geoapify.apiKey),
        cache: FirstPageCache(directory: dependencies.cacheDirectory, now: dependencies.now))
    } else {
      repository = OfflineCatalogRepository()
    }
    return NavigationStack { stack in
      let router = HomeRouter(
        stack: stack, repository: repository, favorites: dependencies.favorites, flags: dependencies.featureFlags)
      let viewModel = NearbyPlacesViewModel(
        repository: repository, isOffline: dependencies.geoapify == nil,
        fixedLocation: dependencies.fixedLocation.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) },
        locations: dependencies.locations, flags: dependencies.featureFlags, router: router)
      return NearbyPlacesScreen(viewModel: viewModel)
    }
  }
}

/// What the Home tab needs from the app.
public struct HomeDependencies {
  /// Geoapify's key, base URL and the client to reach it; `nil` means the
  /// bundled offline catalog.
  public let geoapify: (apiKey: String, baseURL: URL, client: any HTTPClient)?
  /// A location that overrides the chosen city (WAYFARER_LOCATION).
  public let fixedLocation: (latitude: Double, longitude: Double)?
  /// Where the first page of places is cached.
  public let cacheDirectory: String
  public let favorites: any HomeFavoritesStoring
  public let locations: any HomeLocationStoring
  public let featureFlags: any HomeFeatureFlagsProviding
  public let now: @Sendable () -> Date

  public init(
    geoapify: (apiKey: String, baseURL: URL, client: any HTTPClient)?,
    fixedLocation: (latitude: Double, longitude: Double)?,
    cacheDirectory: String,
    favorites: any HomeFavoritesStoring,
    locations: any HomeLocationStoring,
    featureFlags: any HomeFeatureFlagsProviding,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.geoapify = geoapify
    self.fixedLocation = fixedLocation
    self.cacheDirectory = cacheDirectory
    self.favorites = favorites
    self.locations = locations
    self.featureFlags = featureFlags
    self.now = now
  }
}
