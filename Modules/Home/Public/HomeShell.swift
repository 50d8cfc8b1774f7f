import Commands
import FeatureEnvironment
import JSON

/// What Home's one-shot commands need from the app, asked for only when
/// one runs.
public struct HomeShellDependencies {
  /// Geoapify, or nil for the bundled offline catalog.
  public let geoapify: GeoapifyService?
  /// WAYFARER_LOCATION, the centre when none is given.
  public let fixedLocation: GeoPoint?
  public let environment: Environment

  public init(geoapify: GeoapifyService?, fixedLocation: GeoPoint?, environment: Environment) {
    self.geoapify = geoapify
    self.fixedLocation = fixedLocation
    self.environment = environment
  }
}

extension HomeBuilder {
  /// Home's one-shot commands (`wayfarer places`), over the dependencies
  /// `dependencies` makes when one runs (nil: it has said why).
  ///
  /// `placeRecord` is how `--json` writes a place: the record the
  /// bookmarks file holds, so that `--json` and `export` give one shape;
  /// its fields, and the distance after them, are what `--json=FIELDS`
  /// may name.
  public static func shellCommands(
    placeRecord: JSONFields<FavoritePlace>, dependencies: @escaping @MainActor () -> HomeShellDependencies?
  ) -> [ShellCommand] {
    [PlacesShellCommand.command(record: PlacesShellCommand.record(placeRecord), dependencies: dependencies)]
  }

  /// The places repository `dependencies` call for.
  static func repository(geoapify: GeoapifyService?, environment: Environment) -> any PlacesRepository {
    guard let geoapify else { return OfflineCatalogRepository() }
    return GeoapifyPlacesRepository(
      client: environment.client,
      requests: GeoapifyRequests(baseURL: geoapify.baseURL, apiKey: geoapify.apiKey),
      cache: FirstPageCache(directory: environment.cacheDirectory, now: environment.now))
  }
}
