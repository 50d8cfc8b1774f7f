import Home
import Networking

/// How Home reaches places: Geoapify when a key is set, else the offline
/// catalog; plus the fixed location and the cache folder.
package struct HomeEnvironment {
  var geoapify: GeoapifyService?
  var fixedLocation: GeoPoint?
  var cacheDirectory: String

  /// The offline catalog, with no fixed location, caching under `cacheDirectory`.
  package static func offline(cacheDirectory: String) -> HomeEnvironment {
    HomeEnvironment(geoapify: nil, fixedLocation: nil, cacheDirectory: cacheDirectory)
  }

  /// Home's part of the configuration, reaching Geoapify through `client`
  /// (the one every live service shares).
  init(configuration: Configuration, client: any HTTPClient, cacheDirectory: String) {
    geoapify = configuration.geoapify.map { GeoapifyService(apiKey: $0.apiKey, baseURL: $0.baseURL, client: client) }
    fixedLocation = configuration.fixedLocation.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
    self.cacheDirectory = cacheDirectory
  }

  init(
    geoapify: GeoapifyService?, fixedLocation: GeoPoint?, cacheDirectory: String
  ) {
    self.geoapify = geoapify
    self.fixedLocation = fixedLocation
    self.cacheDirectory = cacheDirectory
  }
}
