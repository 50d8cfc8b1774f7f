import FeatureEnvironment
import Foundation
import Home
import Passwords
import Profile
import TerminalNavigation
import TestSupport
import XCTest

@testable import App

/// The routes each tab coordinator keeps once started: what deep links and
/// other tabs will call to show a screen inside a tab.
@MainActor
final class TabCoordinatorRoutesTests: XCTestCase {
  private let account = Account(
    id: "1", name: "Ada", surname: "Lovelace", email: "ada@example.com",
    memberSince: Date(timeIntervalSince1970: 1_800_000_000))

  private func makeServices() throws -> AppServices {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = AppDatabase.at(directory.file("wayfarer.sqlite"))
    try database.execute(
      "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (1, 'Ada', 'Lovelace', 'ada@example.com', 'x', 0)"
    )
    return AppServices(
      session: InMemorySessionStore(accountID: "1"),
      accounts: AccountStore(database: database, hasher: PasswordHasher(cost: .minimum)), database: database,
      environment: .offline(cacheDirectory: directory.file("cache")))
  }

  private func makeContext() throws -> TabContext {
    let services = try makeServices()
    let flags = FeatureFlags(store: services.settings(for: account.id), database: services.database)
    return TabContext(account: account, services: services, flags: flags, logOut: {})
  }

  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> ProfileCoordinator {
    let coordinator = ProfileCoordinator(context: try makeContext())
    trackForMemoryLeaks(coordinator, file: file, line: line)
    return coordinator
  }

  func test_routes_areThereOnceStarted() async throws {
    let coordinator = try makeSUT()
    XCTAssertNil(coordinator.routes)

    let stack = coordinator.start()

    XCTAssertNotNil(coordinator.routes)
    XCTAssertEqual(stack.path, ["profile"])
  }

  func test_routes_showSettingsOnTheTabsStack() async throws {
    let coordinator = try makeSUT()
    let stack = coordinator.start()
    let routes = try XCTUnwrap(coordinator.routes)
    trackForMemoryLeaks(stack)
    trackForMemoryLeaks(routes)

    routes.showSettings()

    XCTAssertEqual(stack.path, ["profile", "settings"])
    let body = stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("(map)"), body)
  }

  func test_homeRoutes_showAPlaceOnHomesStack_andTheDetailFactoryServesAnotherStack() async throws {
    let coordinator = HomeCoordinator(context: try makeContext())
    trackForMemoryLeaks(coordinator)
    XCTAssertNil(coordinator.routes)
    let stack = coordinator.start()
    let routes = try XCTUnwrap(coordinator.routes)
    let details = try XCTUnwrap(coordinator.placeDetails)
    trackForMemoryLeaks(stack)
    trackForMemoryLeaks(routes)
    trackForMemoryLeaks(details)

    routes.showPlace(id: "offline-0001")
    await stack.visibleScreen.didAppear(console: ScriptedConsole())

    XCTAssertEqual(stack.path, ["home", "detail"])
    XCTAssertEqual(stack.visibleScreen.title, "Pinacoteca de São Paulo")

    let saved = FavoritePlace(
      id: "offline-0001", name: "Pinacoteca", categoryKey: "entertainment.museum", address: nil, city: "São Paulo",
      latitude: -23.534, longitude: -46.634, phone: nil, website: nil, openingHours: nil)
    let other = NavigationStack(root: Screen(title: "Bookmarks", pathComponent: "bookmarks"))
    other.push(details.makePlaceDetail(for: saved))
    XCTAssertEqual(other.path, ["bookmarks", "detail"])
    XCTAssertEqual(stack.path, ["home", "detail"])
  }
}
