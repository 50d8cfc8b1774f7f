import Foundation
import Networking
import PreLogin
import Profile
import Storage
import TerminalKit

/// Owns a flow: builds its screens and decides where it goes next.
@MainActor
protocol Coordinator: AnyObject {
  func start()
}

/// A coordinator that runs one tab of the tab bar.
@MainActor
protocol TabCoordinator: AnyObject {
  /// Builds the tab's stack and returns the tab for the bar.
  func start() -> TabBarController.Tab
}

/// Everything the coordinators need from the rest of App, made once at launch.
@MainActor
struct AppServices {
  let session: any AppSessionStoring
  let accounts: any PreLoginAuthenticating & PreLoginAttemptsStoring & AccountDirectory
  /// Holds the per-account stores (settings, bookmarks).
  let database: SQLiteDatabase
  let home: HomeEnvironment
  let now: @Sendable () -> Date

  func settings(for accountID: String) -> AccountSettingsStore {
    AccountSettingsStore(database: database, accountID: accountID)
  }

  func bookmarks(for accountID: String) -> BookmarkStore {
    BookmarkStore(database: database, accountID: accountID, now: now)
  }
}

/// How Home reaches places: Geoapify when a key is set, else the offline
/// catalog; plus the fixed location and the cache folder.
struct HomeEnvironment {
  var geoapify: (apiKey: String, baseURL: URL, client: any HTTPClient)?
  var fixedLocation: (latitude: Double, longitude: Double)?
  var cacheDirectory: String

  static let defaultGeoapifyURL = URL(string: "https://api.geoapify.com")!

  static func offline(cacheDirectory: String) -> HomeEnvironment {
    HomeEnvironment(geoapify: nil, fixedLocation: nil, cacheDirectory: cacheDirectory)
  }

  /// Reads GEOAPIFY_API_KEY, WAYFARER_GEOAPIFY_URL and WAYFARER_LOCATION.
  /// Values that cannot be used are ignored, each with a sentence in `warnings`.
  static func from(
    environment: [String: String], cacheDirectory: String, makeClient: () -> any HTTPClient
  ) -> (environment: HomeEnvironment, warnings: [String]) {
    var warnings: [String] = []
    var home = HomeEnvironment.offline(cacheDirectory: cacheDirectory)
    if let key = environment["GEOAPIFY_API_KEY"], !key.isEmpty {
      var baseURL: URL? = defaultGeoapifyURL
      if let text = environment["WAYFARER_GEOAPIFY_URL"], !text.isEmpty {
        baseURL = serviceURL(text)
        if baseURL == nil {
          // Falling back to the real service would send the key somewhere
          // the person did not ask for: use no service at all.
          warnings.append(
            "WAYFARER_GEOAPIFY_URL must be an http:// or https:// URL, not '\(TextSanitizer.clean(text, limit: 80))'; "
              + "GEOAPIFY_API_KEY is not sent anywhere and Home uses the offline catalog.")
        }
      }
      if let baseURL { home.geoapify = (key, baseURL, makeClient()) }
    }
    if let text = environment["WAYFARER_LOCATION"], !text.isEmpty {
      // Decimal degrees only: Double() would also take "0x10", "inf" or "nan".
      let decimal = Set("0123456789+-.eE")
      let parts = text.split(separator: ",").map { part -> Double? in
        let number = part.trimmingCharacters(in: .whitespaces)
        return number.allSatisfy(decimal.contains) ? Double(number) : nil
      }
      if parts.count == 2, let latitude = parts[0], let longitude = parts[1], abs(latitude) <= 90, abs(longitude) <= 180
      {
        home.fixedLocation = (latitude, longitude)
      } else {
        warnings.append(
          "WAYFARER_LOCATION must be LAT,LON in degrees (like -23.55,-46.63); '\(TextSanitizer.clean(text, limit: 80))' is ignored."
        )
      }
    }
    return (home, warnings)
  }

  /// `text` as a service's base URL: http or https, with a host, and
  /// nothing else (no `file:`, `ftp:`, or text that only looks like one).
  static func serviceURL(_ text: String) -> URL? {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty
    else { return nil }
    return url
  }
}
