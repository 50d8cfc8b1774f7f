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
  /// How a place is written as JSON: the bookmarks file's record.
  public let records: any PlaceRecordWriting

  public init(
    geoapify: GeoapifyService?, fixedLocation: GeoPoint?, environment: Environment, records: any PlaceRecordWriting
  ) {
    self.geoapify = geoapify
    self.fixedLocation = fixedLocation
    self.environment = environment
    self.records = records
  }
}

/// Writes a place as the record the bookmarks file holds, `extra` members
/// after its own, so that `--json` and `export` give one shape.
public protocol PlaceRecordWriting {
  func write(_ place: FavoritePlace, to writer: inout JSONWriter, extra: (inout JSONWriter) -> Void)
}

extension HomeBuilder {
  /// Home's one-shot commands (`wayfarer places`), over the dependencies
  /// `dependencies` makes when one runs (nil: it has said why).
  public static func shellCommands(dependencies: @escaping @MainActor () -> HomeShellDependencies?) -> [ShellCommand] {
    [PlacesShellCommand.command(dependencies: dependencies)]
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
