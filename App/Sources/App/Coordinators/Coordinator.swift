import Explore
import Foundation
import Home
import Networking
import PreLogin
import Profile
import ServiceAccess
import Storage
import TerminalKit

/// Owns a flow: builds its screens and decides where it goes next.
@MainActor
protocol Coordinator: AnyObject {
  func start()
}

/// Everything the coordinators need from the rest of App, made once at launch.
@MainActor
package struct AppServices {
  let session: any AppSessionStoring
  let accounts: any PreLoginAuthenticating & PreLoginAttemptsStoring & AccountDirectory
  /// Holds the per-account stores (settings, bookmarks).
  let database: SQLiteDatabase
  let home: HomeEnvironment
  let explore: ExploreEnvironment
  /// HOME, for `~/` in a file name typed at the prompt.
  let homeDirectory: String?
  let now: @Sendable () -> Date

  /// The services over one database: `session` says who is logged in,
  /// `accounts` logs in and registers, `home` is where places come from,
  /// `explore` how GitHub is reached (by default not at all) and `now` the
  /// clock (of sessions, login attempts and bookmarks).
  package init(
    session: any AppSessionStoring, accounts: any PreLoginAuthenticating & PreLoginAttemptsStoring & AccountDirectory,
    database: SQLiteDatabase, home: HomeEnvironment, explore: ExploreEnvironment = .unconnected,
    homeDirectory: String? = nil, now: @escaping @Sendable () -> Date
  ) {
    self.session = session
    self.accounts = accounts
    self.database = database
    self.home = home
    self.explore = explore
    self.homeDirectory = homeDirectory
    self.now = now
  }

  func settings(for accountID: String) -> AccountSettingsStore {
    AccountSettingsStore(database: database, accountID: accountID)
  }

  func bookmarks(for accountID: String) -> BookmarkStore {
    BookmarkStore(database: database, accountID: accountID, now: now)
  }

  func conversations(for accountID: String) -> ConversationStore {
    ConversationStore(database: database, accountID: accountID, now: now)
  }
}

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

/// How Explore reaches GitHub, where it caches, how it opens a browser, and
/// where the assistant's models are.
@MainActor
package struct ExploreEnvironment {
  var github: GitHubAccess?
  var cacheDirectory: String
  var browser: (any WebOpening)?
  /// Nil when neither Gemini nor an OpenAI-compatible server is configured.
  var assistant: AssistantAccess?

  /// No GitHub at all (tests and benchmarks that never search).
  package static let unconnected = ExploreEnvironment(github: nil, cacheDirectory: "/nonexistent", browser: nil)

  /// No GitHub, and the assistant at `assistant` (the turns benchmark).
  package static func assistantOnly(_ assistant: AssistantAccess) -> ExploreEnvironment {
    ExploreEnvironment(github: nil, cacheDirectory: "/nonexistent", browser: nil, assistant: assistant)
  }

  /// Explore's part of the configuration, reaching GitHub and the
  /// assistant's models through `client`.
  init(
    configuration: Configuration, client: any HTTPClient & HTTPStreaming, cacheDirectory: String,
    browser: (any WebOpening)?
  ) {
    let models = configuration.assistant
    if models.gemini != nil || models.openAI != nil {
      assistant = AssistantAccess(
        gemini: models.gemini, openAI: models.openAI, client: client,
        waitSeconds: configuration.timing.assistantWaitSeconds)
    }
    github = configuration.github.baseURL.map { baseURL in
      GitHubAccess(
        baseURL: baseURL, client: client,
        tokens: GitHubTokens(configured: configuration.github.token, searchPath: configuration.searchPath))
    }
    self.cacheDirectory = cacheDirectory
    self.browser = browser
  }

  init(github: GitHubAccess?, cacheDirectory: String, browser: (any WebOpening)?, assistant: AssistantAccess? = nil) {
    self.github = github
    self.cacheDirectory = cacheDirectory
    self.browser = browser
    self.assistant = assistant
  }
}
