import DesignSystem
import Diagnostics
import FeatureEnvironment
import Foundation
import Passwords
import Storage
import TerminalConsole
import TerminalNavigation
import TerminalREPL
import TestSupport
import XCTest

@testable import App

/// The whole app, wired as at launch but with a scripted console, an
/// in-memory session, a temporary database and cheap password hashing.
@MainActor
struct AppUnderTest {
  let window: Window
  let coordinator: AppCoordinator
  let repl: REPL
  let console: ScriptedConsole
  let session: InMemorySessionStore
  let accounts: AccountStore
  let database: SQLiteDatabase
  let directory: TemporaryDirectory

  /// Types `lines` as a script: commands and form answers in order.
  func type(_ lines: String...) async {
    console.feed(lines)
    while !console.input.isEmpty {
      guard let line = await console.readCommand(prompt: window.path + "> ", completions: CompletionTable()) else {
        return
      }
      await repl.execute(line)
      await repl.settle()
    }
  }

  func register(_ email: String = "ada@example.com", password: String = "correct horse") async {
    await type("register", "Ada", "Lovelace", email, password, password)
  }

  func logIn(_ email: String = "ada@example.com", password: String = "correct horse") async {
    await type("login", email, password)
  }
}

extension XCTestCase {
  /// A fresh database (removed when the test ends) with accounts 1 and 2.
  func makeDatabasePathWithTwoAccounts() throws -> String {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let path = directory.file("wayfarer.sqlite")
    try AppDatabase.at(path).execute(
      "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (1, 'A', 'B', 'a@example.com', 'x', 0), (2, 'C', 'D', 'c@example.com', 'x', 0)"
    )
    return path
  }

  @MainActor
  func makeApp(
    session: InMemorySessionStore = InMemorySessionStore(), file: StaticString = #filePath, line: UInt = #line
  ) throws -> AppUnderTest {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = AppDatabase.at(directory.file("wayfarer.sqlite"))
    let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: .minimum))
    let services = AppServices(
      session: session, accounts: accounts, database: database,
      environment: .offline(cacheDirectory: directory.file("cache")))
    let window = Window()
    let coordinator = AppCoordinator(window: window, services: services)
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: NavigationChrome())
    coordinator.serve(repl)
    trackForMemoryLeaks(window, file: file, line: line)
    trackForMemoryLeaks(coordinator, file: file, line: line)
    trackForMemoryLeaks(repl, file: file, line: line)
    trackForMemoryLeaks(console, file: file, line: line)
    trackForMemoryLeaks(session, file: file, line: line)
    return AppUnderTest(
      window: window, coordinator: coordinator, repl: repl, console: console, session: session, accounts: accounts,
      database: database, directory: directory)
  }
}

/// Alive counts per tracked type in `ledger` (a test's own: see
/// `withPrivateLedger`).
func aliveCounts(_ ledger: LifetimeLedger) -> [String: Int] {
  Dictionary(uniqueKeysWithValues: ledger.rows.map { ($0.typeName, $0.alive) })
}

/// The types whose alive count differs between two snapshots.
func differences(_ before: [String: Int], _ after: [String: Int]) -> [String: Int] {
  var changed: [String: Int] = [:]
  for name in Set(before.keys).union(after.keys) {
    let delta = (after[name] ?? 0) - (before[name] ?? 0)
    if delta != 0 { changed[name] = delta }
  }
  return changed
}
