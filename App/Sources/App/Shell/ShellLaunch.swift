import Bookmarks
import Explore
import FeatureEnvironment
import Home
import PreLogin
import Profile

/// What a one-shot command runs over, opened only when a command asks
/// (`--help` and `completion` open no file): the folders, the database,
/// the session and the services, as the REPL has them.
@MainActor
final class ShellLaunch {
  private let environment: [String: String]
  private var opened: Opened?
  private var failed = false

  struct Opened {
    let paths: AppPaths
    let configuration: Configuration
    let files: WayfarerApp.Files
    let session: FileSessionStore
    let services: AppServices
  }

  init(environment: [String: String]) {
    self.environment = environment
  }

  /// The files and services, opened on first use; nil after the reason
  /// was said on standard error.
  func open() -> Opened? {
    if let opened { return opened }
    guard !failed, let (paths, configuration, files) = WayfarerApp.prepare(environment: environment) else {
      failed = true
      return nil
    }
    for warning in files.warnings + configuration.warnings { WayfarerApp.printError(warning) }
    let session = FileSessionStore(path: paths.sessionFile, now: configuration.clock)
    if let warning = session.warning { WayfarerApp.printError(warning) }
    let services = WayfarerApp.makeServices(files: files, session: session, paths: paths, configuration: configuration)
    let made = Opened(paths: paths, configuration: configuration, files: files, session: session, services: services)
    opened = made
    return made
  }

  /// The logged-in account, when there is one and it still exists (the
  /// files opened for it); a session whose account is gone is ended, as
  /// the REPL ends it.
  var accountID: String? {
    if let checked = checkedAccountID { return checked }
    let id = checkAccount()
    checkedAccountID = .some(id)
    return id
  }

  /// The account, as ``accountID`` found it the first time it was asked
  /// (the command's check and its dependencies ask alike).
  private var checkedAccountID: String??

  private func checkAccount() -> String? {
    guard let opened = open(), let id = opened.session.currentAccountID else { return nil }
    do {
      if try opened.files.accounts.account(id: id) != nil { return id }
    } catch {
      return id  // unreadable is not gone: the session stays, and the command says why it fails
    }
    WayfarerApp.printError("Your saved session belongs to an account that no longer exists; you are logged out.")
    try? opened.session.markLoggedOut()
    return nil
  }

  /// Ends the run: its marker is removed, so the next launch knows it
  /// ended cleanly.
  func end() {
    opened?.files.markers.end()
  }

  // What each feature's commands are handed.

  func explore() -> ExploreShellDependencies? {
    open().map {
      ExploreShellDependencies(
        github: $0.services.explore.github, environment: $0.services.environment, browser: $0.services.explore.browser,
        display: ShellDisplay(configuration: $0.configuration),
        assistant: $0.services.explore.assistant,
        conversations: accountID.map($0.services.conversations(for:)))
    }
  }

  func home() -> HomeShellDependencies? {
    open().map {
      HomeShellDependencies(
        geoapify: $0.services.home.geoapify, fixedLocation: $0.services.home.fixedLocation,
        environment: $0.services.environment)
    }
  }

  func bookmarks() -> BookmarksDependencies? {
    guard let opened = open(), let account = accountID else { return nil }
    let store = opened.services.bookmarks(for: account)
    return BookmarksDependencies(
      store: store,
      transfer: BookmarkTransfer(store: store, services: opened.services))
  }

  func preLogin() -> (PreLoginDependencies, Environment)? {
    open().map {
      (
        PreLoginDependencies(session: $0.session, accounts: $0.files.accounts, attempts: $0.files.accounts),
        $0.services.environment
      )
    }
  }

  func profileSession() -> (any ProfileSessionStoring, isLoggedIn: Bool)? {
    open().map { ($0.session, $0.session.currentAccountID != nil) }
  }
}
