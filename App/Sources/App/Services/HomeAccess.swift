import Home

/// Where Home reaches places: Geoapify when a key is set, else the offline
/// catalog; and the location that overrides the chosen city.
package struct HomeAccess: Sendable {
  var geoapify: GeoapifyService?
  var fixedLocation: GeoPoint?

  /// The offline catalog, with no fixed location.
  package static let offline = HomeAccess(geoapify: nil, fixedLocation: nil)

  /// Home's part of the configuration.
  init(configuration: Configuration) {
    geoapify = configuration.geoapify.map { GeoapifyService(apiKey: $0.apiKey, baseURL: $0.baseURL) }
    fixedLocation = configuration.fixedLocation.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) }
  }

  init(geoapify: GeoapifyService?, fixedLocation: GeoPoint?) {
    self.geoapify = geoapify
    self.fixedLocation = fixedLocation
  }
}
