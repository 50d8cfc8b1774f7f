import DesignSystem
import Foundation
import Passwords
import PreLogin
import Storage
import TerminalKit

/// Drives the real coordinators, screens and REPL with no terminal: for the
/// login/logout memory benchmark and the cycle tests.
///
/// Logging in marks the session directly and finishes the pre-login flow the
/// way its flow delegate does, because Argon2id is slow on purpose; every
/// other step goes through the same commands a person types.
@MainActor
public final class AppFlowHarness {
  private let window = Window()
  private let session = InMemorySessionStore()
  private let coordinator: AppCoordinator
  private let repl: REPL
  private let accountID: String

  /// Opens (creating) the database at `databasePath` with one account.
  public init(databasePath: String) async throws {
    let database = AppDatabase.at(databasePath)
    // The harness's own throwaway account: the cheapest Argon2id cost keeps
    // its 64 MiB hashing peak out of the memory the benchmark measures.
    let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: .minimum))
    let email = "harness@wayfarer.invalid"
    let registration = Registration(name: "Harness", surname: "Run", email: email, password: "harness-password")
    switch try await accounts.register(registration) {
    case .registered(let id):
      accountID = id
    case .emailTaken:
      let existing = try database.execute("SELECT id FROM accounts WHERE email = ?", [.text(email)])
      accountID = String(existing.first?.integer("id") ?? 0)
    }
    let cache = (databasePath as NSString).deletingLastPathComponent + "/cache"
    let services = AppServices(
      session: session, accounts: accounts, database: database, home: .offline(cacheDirectory: cache), now: { Date() })
    coordinator = AppCoordinator(window: window, services: services)
    repl = REPL(window: window, console: NullConsole(), chrome: NavigationChrome())
    coordinator.start()
    await repl.settle()
  }

  /// Marks the session and lets the pre-login flow finish, as Login does.
  public func logIn() async throws {
    try session.markLoggedIn(accountID: accountID)
    (coordinator.activeFlow as? PreLoginCoordinator)?.preLoginDidFinish()
    await repl.settle()
  }

  /// Selects each tab in turn, by typing its name (as the tab bar lists them).
  public func visitTabs() async {
    for name in window.tabBar?.tabs.map(\.name) ?? [] {
      await repl.execute(name)
      await repl.settle()
    }
  }

  /// Types `logout` on the Profile tab.
  public func logOut() async {
    await repl.execute("profile")
    await repl.execute("logout")
    await repl.settle()
  }

  /// Where the person is now, as the prompt shows it.
  public var path: String { window.path }
}
