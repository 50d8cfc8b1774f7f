import Foundation
import Networking
import TerminalNavigation

/// Builds the Home tab: nearby places, with place details pushed from it.
public enum HomeBuilder {
  @MainActor
  public static func build(dependencies: HomeDependencies) -> HomeTab {
    let repository: any PlacesRepository
    if let geoapify = dependencies.geoapify {
      repository = GeoapifyPlacesRepository(
        client: geoapify.client,
        requests: GeoapifyRequests(baseURL: geoapify.baseURL, apiKey: geoapify.apiKey),
        cache: FirstPageCache(directory: dependencies.cacheDirectory, now: dependencies.now))
    } else {
      repository = OfflineCatalogRepository()
    }
    let details = PlaceDetailFactory(
      repository: repository, favorites: dependencies.favorites, flags: dependencies.featureFlags)
    var router: HomeRouter?
    let stack = NavigationStack { stack in
      let made = HomeRouter(stack: stack, details: details)
      router = made
      let viewModel = NearbyPlacesViewModel(
        repository: repository, isOffline: dependencies.geoapify == nil,
        fixedLocation: dependencies.fixedLocation.flatMap {
          Coordinate(validLatitude: $0.latitude, longitude: $0.longitude)
        },
        locations: dependencies.locations, flags: dependencies.featureFlags, router: made)
      let screen = NearbyPlacesScreen(viewModel: viewModel)
      made.root = screen
      return screen
    }
    guard let router else { preconditionFailure("NavigationStack(makeRoot:) calls makeRoot at once") }
    return HomeTab(stack: stack, routes: router, placeDetails: details)
  }
}

/// What the Home tab needs from the app.
public struct HomeDependencies {
  /// Geoapify, or `nil` for the bundled offline catalog.
  public let geoapify: GeoapifyService?
  /// A location that overrides the chosen city (WAYFARER_LOCATION).
  public let fixedLocation: GeoPoint?
  /// Where the first page of places is cached.
  public let cacheDirectory: String
  public let favorites: any HomeFavoritesStoring
  public let locations: any HomeLocationStoring
  public let featureFlags: any HomeFeatureFlagsProviding
  public let now: @Sendable () -> Date

  public init(
    geoapify: GeoapifyService?,
    fixedLocation: GeoPoint?,
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

/// How Home reaches Geoapify: the key, the base URL and the client.
public struct GeoapifyService {
  /// `GEOAPIFY_API_KEY`.
  public let apiKey: Secret
  public let baseURL: URL
  public let client: any HTTPClient

  public init(apiKey: Secret, baseURL: URL, client: any HTTPClient) {
    self.apiKey = apiKey
    self.baseURL = baseURL
    self.client = client
  }
}

/// A position in decimal degrees, as App hands it to Home.
public struct GeoPoint: Equatable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
