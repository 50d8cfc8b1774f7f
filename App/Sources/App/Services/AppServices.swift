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
