import FeatureEnvironment
import Foundation
import PreLogin
import Storage

/// Everything the coordinators need from the rest of App, made once at launch.
@MainActor
package struct AppServices {
  let session: any AppSessionStoring
  let accounts: any PreLoginAuthenticating & PreLoginAttemptsStoring & AccountDirectory
  /// Holds the per-account stores (settings, bookmarks).
  let database: SQLiteDatabase
  /// The clock, the one HTTP client and the cache folder every builder is handed.
  let environment: Environment
  let home: HomeAccess
  let explore: ExploreAccess
  /// HOME, for `~/` in a file name typed at the prompt.
  let homeDirectory: String?
  /// The config file, where the assistant keeps a choice saved with `--save`.
  let configFile: String?
  /// Where Wayfarer keeps its files: never written to by an export.
  let ownFolders: OwnFolders

  /// The services over one database: `session` says who is logged in,
  /// `accounts` logs in and registers, `environment` is the clock (of
  /// sessions, login attempts and bookmarks too), client and cache, `home`
  /// is where places come from and `explore` how GitHub is reached (by
  /// default not at all).
  package init(
    session: any AppSessionStoring, accounts: any PreLoginAuthenticating & PreLoginAttemptsStoring & AccountDirectory,
    database: SQLiteDatabase, environment: Environment, home: HomeAccess = .offline,
    explore: ExploreAccess = .unconnected, homeDirectory: String? = nil, configFile: String? = nil,
    ownFolders: OwnFolders = .none
  ) {
    self.configFile = configFile
    self.ownFolders = ownFolders
    self.session = session
    self.accounts = accounts
    self.database = database
    self.environment = environment
    self.home = home
    self.explore = explore
    self.homeDirectory = homeDirectory
  }

  /// The time now, as every store and flow tells it.
  var now: @Sendable () -> Date { environment.now }

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
