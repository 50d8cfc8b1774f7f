import AppHarness
import PreLogin
import TerminalText
import TestSupport
import XCTest

@testable import App

@MainActor
final class AppCoordinatorTests: XCTestCase {
  func test_start_withoutSession_showsWelcome() async throws {
    let app = try makeApp()

    app.coordinator.start()
    await app.repl.settle()

    XCTAssertTrue(app.coordinator.activeFlow is PreLoginCoordinator)
    XCTAssertEqual(app.window.path, "welcome")
    XCTAssertTrue(app.console.transcript.contains("register  Create an account"), app.console.transcript)
  }

  func test_start_withSavedSession_showsHomeTab() async throws {
    let app = try makeApp()
    let id = try registeredAccountID(
      await app.accounts.register(
        Registration(name: "Ada", surname: "L", email: "ada@example.com", password: "pw123456")))
    try app.session.markLoggedIn(accountID: id)

    app.coordinator.start()

    XCTAssertTrue(app.coordinator.activeFlow is MainTabBarCoordinator)
    XCTAssertEqual(app.window.path, "home")
    XCTAssertEqual(app.window.tabBar?.tabs.map(\.name), Tabs.all.map(\.name))
    XCTAssertEqual(app.window.tabBar?.tabs.map(\.title), Tabs.all.map(\.title))
  }

  func test_loggedOut_theTabsCommandsAskForALoginFirst_andLoggedInTheyAreCommandsAgain() async throws {
    let app = try makeApp()
    app.coordinator.start()

    for name in ["tab"] + Tabs.all.map(\.name) {
      XCTAssertEqual(app.coordinator.advice(forMissingCommand: name), "Log in first: type login or register.", name)
    }
    XCTAssertNil(app.coordinator.advice(forMissingCommand: "fly"))

    await app.register()
    XCTAssertEqual(app.window.tabBar?.tabs.map(\.name), Tabs.all.map(\.name))
    XCTAssertNil(app.coordinator.advice(forMissingCommand: "tab"))
  }

  func test_start_withSessionOfUnknownAccount_warnsAndLogsOut() async throws {
    let app = try makeApp(session: InMemorySessionStore(accountID: "42"))
    var warnings: [String] = []
    app.coordinator.onWarning = { warnings.append($0) }

    app.coordinator.start()

    XCTAssertEqual(app.window.path, "welcome")
    XCTAssertNil(app.session.currentAccountID)
    XCTAssertEqual(warnings, ["Your saved session belongs to an account that no longer exists; you are logged out."])
  }

  func test_register_marksSessionAndShowsHome() async throws {
    let app = try makeApp()
    var sessions: [String?] = []
    app.coordinator.onSessionChange = { sessions.append($0) }
    app.coordinator.start()

    await app.register()

    XCTAssertEqual(app.window.path, "home")
    XCTAssertNotNil(app.session.currentAccountID)
    XCTAssertEqual(sessions, [nil, app.session.currentAccountID])
    XCTAssertTrue(app.console.transcript.contains("Account created. Welcome, Ada!"), app.console.transcript)
  }

  func test_logout_returnsToWelcomeThroughTheDelegateChain() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()

    await app.type("profile", "logout")

    XCTAssertEqual(app.window.path, "welcome")
    XCTAssertNil(app.session.currentAccountID)
    XCTAssertTrue(app.coordinator.activeFlow is PreLoginCoordinator)
  }

  func test_eachTabKeepsItsOwnStack() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()

    await app.type("profile", "settings", "home")
    XCTAssertEqual(app.window.path, "home")
    await app.type("profile")
    XCTAssertEqual(app.window.path, "profile/settings")
    await app.type("back")
    XCTAssertEqual(app.window.path, "profile")
  }

  // MARK: Memory release

  func test_logout_releasesEveryCoordinatorScreenViewModelAndRouterOfTheTabFlow() async throws {
    try await withPrivateLedger { ledger in
      let app = try makeApp()
      app.coordinator.start()
      await app.repl.settle()
      let beforeLogin = aliveCounts(ledger)
      await app.register()
      await app.type("explore", "bookmarks", "profile", "settings", "back", "about")

      weak let mainTabBar = app.coordinator.activeFlow as? MainTabBarCoordinator
      weak let tabBar = app.window.tabBar
      let stacks = app.window.tabBar?.tabs.map(\.stack) ?? []
      weak let homeStack = stacks.first
      weak let profileStack = stacks.last
      weak let aboutScreen = app.window.visibleScreen
      weak let homeScreen = stacks.first?.root
      XCTAssertNotNil(mainTabBar)
      XCTAssertEqual(stacks.count, Tabs.all.count)
      let whileLoggedIn = aliveCounts(ledger)
      for type in ["MainTabBarCoordinator"] + Tabs.all.map(\.coordinatorType) + [
        "ProfileScreen", "ProfileViewModel", "ProfileRouter", "AboutScreen", "AboutViewModel",
      ] {
        XCTAssertEqual(whileLoggedIn[type], (beforeLogin[type] ?? 0) + 1, type)
      }

      _ = consume stacks
      await app.type("profile", "logout")

      XCTAssertNil(mainTabBar)
      XCTAssertNil(tabBar)
      XCTAssertNil(homeStack)
      XCTAssertNil(profileStack)
      XCTAssertNil(aboutScreen)
      XCTAssertNil(homeScreen)
      XCTAssertEqual(differences(beforeLogin, aliveCounts(ledger)), [:], "objects left alive after logout")
    }
  }

  func test_login_releasesThePreLoginFlow() async throws {
    try await withPrivateLedger { ledger in
      let app = try makeApp()
      let beforeStart = aliveCounts(ledger)
      app.coordinator.start()
      await app.repl.settle()
      await app.register()
      await app.type("profile", "logout")
      XCTAssertEqual(app.window.path, "welcome")
      await app.type("login", "ada@example.com", "wrong password")
      XCTAssertEqual(app.window.path, "welcome/login")

      weak let preLogin = app.coordinator.activeFlow as? PreLoginCoordinator
      weak let preLoginStack = app.window.visibleStack
      weak let loginScreen = app.window.visibleScreen
      weak let welcomeScreen = app.window.visibleStack?.root
      XCTAssertNotNil(loginScreen)

      await app.type("login", "ada@example.com", "correct horse")

      XCTAssertEqual(app.window.path, "home")
      XCTAssertNil(preLogin)
      XCTAssertNil(preLoginStack)
      XCTAssertNil(loginScreen)
      XCTAssertNil(welcomeScreen)
      let alive = aliveCounts(ledger)
      for type in [
        "PreLoginCoordinator", "PreLoginRouter", "WelcomeScreen", "WelcomeViewModel", "LoginScreen",
        "LoginViewModel", "RegisterScreen", "RegisterViewModel",
      ] {
        XCTAssertEqual(alive[type] ?? 0, beforeStart[type] ?? 0, type)
      }
    }
  }

  func test_hundredLoginLogoutCycles_leaveNothingBehind() async throws {
    try await withPrivateLedger { ledger in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let harness = try await AppFlowHarness(databasePath: directory.file("wayfarer.sqlite"))
      try await harness.logIn()
      await harness.visitTabs()
      await harness.logOut()
      let afterFirstCycle = aliveCounts(ledger)

      for _ in 0..<100 {
        try await harness.logIn()
        XCTAssertEqual(harness.path, "home")
        await harness.visitTabs()
        await harness.logOut()
        XCTAssertEqual(harness.path, "welcome")
      }

      XCTAssertEqual(differences(afterFirstCycle, aliveCounts(ledger)), [:])
      XCTAssertEqual(ledger.row(for: "MainTabBarCoordinator")?.alive, 0)
    }
  }
}
