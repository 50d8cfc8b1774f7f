import DesignSystem
import Explore
import FeatureEnvironment
import Foundation
import Networking
import Passwords
import PreLogin
import ServiceAccess
import TerminalConsole
import TerminalNavigation
import TerminalREPL

/// Drives the real coordinators, screens and REPL with no terminal: for the
/// login/logout memory benchmark and the cycle tests.
///
/// `wayfarer memory-check` runs it on a private database, as do the tests
/// and the benchmarks.
///
/// Logging in marks the session directly and has the app coordinator show the
/// flow the session now calls for, as it does when the pre-login flow
/// finishes, because Argon2id is slow on purpose; every other step goes
/// through the same commands a person types.
@MainActor
package final class AppFlowHarness {
  private let window = Window()
  private let session = InMemorySessionStore()
  private let coordinator: AppCoordinator
  private let repl: REPL
  private let accountID: String

  /// Opens (creating) the database at `databasePath` with one account;
  /// Explore's assistant is `assistant`, reached through `client`, when given.
  package init(
    databasePath: String, assistant: (access: AssistantAccess, client: any HTTPClient & HTTPStreaming)? = nil
  ) async throws {
    let database = AppDatabase.at(databasePath)
    // The harness's own throwaway account: the cheapest Argon2id cost keeps
    // its 64 MiB hashing peak out of the memory the benchmark measures.
    let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: .minimum))
    let email = "harness@wayfarer.invalid"
    let password = "harness-password"
    // Registered on first use; in a database that already has it, logging in
    // with the same password names it.
    let registration = Registration(name: "Harness", surname: "Run", email: email, password: password)
    if case .registered(let id) = try await accounts.register(registration) {
      accountID = id
    } else if case .authenticated(let id, _) = try await accounts.authenticate(email: email, password: password) {
      accountID = id
    } else {
      throw AppFlowHarnessError.accountTaken(email: email, databasePath: databasePath)
    }
    let cache = (databasePath as NSString).deletingLastPathComponent + "/cache"
    let environment =
      assistant.map { Environment(client: $0.client, cacheDirectory: cache) } ?? .offline(cacheDirectory: cache)
    let services = AppServices(
      session: session, accounts: accounts, database: database, environment: environment,
      explore: assistant.map { ExploreAccess.assistantOnly($0.access) } ?? .unconnected)
    coordinator = AppCoordinator(window: window, services: services)
    repl = REPL(window: window, console: NullConsole(), chrome: NavigationChrome())
    coordinator.start()
    await repl.settle()
  }

  /// Marks the session and shows the flow it calls for, as Login's finish does.
  package func logIn() async throws {
    try session.markLoggedIn(accountID: accountID)
    coordinator.start()
    await repl.settle()
  }

  /// Selects each tab in turn, by typing its name (as the tab bar lists them).
  package func visitTabs() async {
    for name in window.tabBar?.tabs.map(\.name) ?? [] {
      await repl.execute(name)
      await repl.settle()
    }
  }

  /// Types `logout` on the Profile tab.
  package func logOut() async {
    await repl.execute("profile")
    await repl.execute("logout")
    await repl.settle()
  }

  /// Runs `line` as if typed at the prompt (a question on the assistant's
  /// screen), then lets what it showed appear.
  package func type(_ line: String) async {
    await repl.submit(line)
  }

  /// Where the person is now, as the prompt shows it.
  package var path: String { window.path }
}

/// Why the harness could not start.
package enum AppFlowHarnessError: Error, CustomStringConvertible {
  /// The database has the harness's e-mail with a password other than its own.
  case accountTaken(email: String, databasePath: String)

  package var description: String {
    switch self {
    case .accountTaken(let email, let path):
      "The database \(path) already has an account for \(email) with another password; give the harness a database of its own."
    }
  }
}
