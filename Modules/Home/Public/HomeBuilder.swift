import FeatureEnvironment
import Foundation
import Networking
import TerminalNavigation

/// Builds the Home tab: nearby places, with place details pushed from it.
public enum HomeBuilder {
  /// The tab over `dependencies`, in `environment` (its clock, client and cache).
  @MainActor
  public static func build(dependencies: HomeDependencies, environment: Environment) -> HomeTab {
    let repository = repository(geoapify: dependencies.geoapify, environment: environment)
    let details = PlaceDetailFactory(
      repository: repository, favorites: dependencies.favorites, flags: dependencies.featureFlags,
      browser: dependencies.browser)
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
  public let favorites: any HomeFavoritesStoring
  public let locations: any HomeLocationStoring
  public let featureFlags: any HomeFeatureFlagsProviding
  /// Opens a place's website (`web` on a terminal); nil when none can.
  public let browser: (any PlaceWebOpening)?

  public init(
    geoapify: GeoapifyService?,
    fixedLocation: GeoPoint?,
    favorites: any HomeFavoritesStoring,
    locations: any HomeLocationStoring,
    featureFlags: any HomeFeatureFlagsProviding,
    browser: (any PlaceWebOpening)? = nil
  ) {
    self.browser = browser
    self.geoapify = geoapify
    self.fixedLocation = fixedLocation
    self.favorites = favorites
    self.locations = locations
    self.featureFlags = featureFlags
  }
}

/// Where Home reaches Geoapify: the key and the base URL (the environment's
/// client sends the requests).
public struct GeoapifyService: Sendable {
  /// `GEOAPIFY_API_KEY`.
  public let apiKey: Secret
  public let baseURL: URL

  public init(apiKey: Secret, baseURL: URL) {
    self.apiKey = apiKey
    self.baseURL = baseURL
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
