import FeatureEnvironment
import PreLoginContracts
import TerminalNavigation
import TestSupport
import XCTest

@testable import PreLogin

/// The in-memory stores PreLogin's tests use keep the promises of App's
/// real ones (AppTests runs the same contracts against those).
@MainActor
final class DoublesContractTests: XCTestCase {
  func test_inMemoryAccounts_keepTheAccountsContract() async throws {
    try await PreLoginAuthenticatingContract.verify("InMemoryAccounts", make: { InMemoryAccounts() })
  }

  func test_inMemoryAttempts_keepTheAttemptsContract() async throws {
    try PreLoginAttemptsStoringContract.verify("InMemoryAttempts", make: { InMemoryAttempts() }, reopen: { $0 })
  }

  /// The flow over the in-memory accounts: register, then log in with the
  /// same e-mail in another case.
  func test_registerThenLogIn_throughTheFlow() async throws {
    let accounts = InMemoryAccounts()
    let session = SessionSpy()
    let delegate = FlowDelegateSpy()
    let stack = PreLoginBuilder.build(
      dependencies: PreLoginDependencies(session: session, accounts: accounts, attempts: InMemoryAttempts()),
      environment: .offline(cacheDirectory: "/nonexistent"), flowDelegate: delegate)
    let console = ScriptedConsole()
    trackForMemoryLeaks(stack)

    await stack.root.commands.first { $0.name == "register" }?.run(
      CommandInput(argumentText: "", console: console))
    console.feed(["Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"])
    await stack.visibleScreen.didAppear(console: console)
    stack.popToRoot()
    await stack.root.commands.first { $0.name == "login" }?.run(
      CommandInput(argumentText: "", console: console))
    console.feed(["ADA@example.com", "correct horse"])
    await stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(session.markedAccounts, ["1", "1"])
    XCTAssertEqual(delegate.finished, 2)
    stack.popToRoot()
  }
}
