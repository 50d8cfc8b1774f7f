import Foundation
import Passwords
import Profile
import TerminalKit
import TestSupport
import XCTest

@testable import App

@MainActor
final class ProfileCoordinatorTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> ProfileCoordinator {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = AppDatabase.at(directory.file("wayfarer.sqlite"))
    let services = AppServices(
      session: InMemorySessionStore(accountID: "1"),
      accounts: AccountStore(database: database, hasher: PasswordHasher(cost: .minimum)), database: database,
      home: .offline(cacheDirectory: directory.file("cache")), now: { Date() })
    let account = Account(
      id: "1", name: "Ada", surname: "Lovelace", email: "ada@example.com",
      memberSince: Date(timeIntervalSince1970: 1_800_000_000))
    let coordinator = ProfileCoordinator(account: account, services: services)
    trackForMemoryLeaks(coordinator, file: file, line: line)
    return coordinator
  }

  func test_routes_areThereOnceStarted() async throws {
    let coordinator = try makeSUT()
    XCTAssertNil(coordinator.routes)

    let tab = coordinator.start()

    XCTAssertNotNil(coordinator.routes)
    XCTAssertEqual(tab.stack.path, ["profile"])
  }

  func test_routes_showSettingsOnTheTabsStack() async throws {
    let coordinator = try makeSUT()
    let tab = coordinator.start()
    let routes = try XCTUnwrap(coordinator.routes)
    trackForMemoryLeaks(tab.stack)
    trackForMemoryLeaks(routes)

    routes.showSettings()

    XCTAssertEqual(tab.stack.path, ["profile", "settings"])
    let body = tab.stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("(map)"), body)
  }
}
