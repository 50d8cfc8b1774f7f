import AppHarness
import TerminalText
import TestSupport
import XCTest

@testable import App

/// `open URL` through AppCoordinator: logged in, the tab's coordinator shows
/// the screen through its module's routes; logged out, the link waits for
/// the login and is then followed and let go.
@MainActor
final class DeepLinkRoutingTests: XCTestCase {
  func test_loggedIn_eachLinkSelectsItsTab_andShowsItsScreen() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()

    await app.type("open wayfarer://profile/settings")
    XCTAssertEqual(app.window.path, "profile/settings")
    await app.type("open wayfarer://home/place/offline-0004")
    XCTAssertEqual(app.window.path, "home/detail")
    XCTAssertEqual(app.window.visibleScreen?.title, "Catedral da Sé")
    await app.type("open wayfarer://explore/repo/apple/swift")
    XCTAssertEqual(app.window.path, "explore/repo")
    XCTAssertEqual(app.window.visibleScreen?.title, "apple/swift")
    await app.type("open wayfarer://bookmarks")
    XCTAssertEqual(app.window.path, "bookmarks")
    XCTAssertEqual(app.window.tabBar?.tabs[0].stack.path, ["home", "detail"], "other tabs keep their stacks")

    app.console.clearOutput()
    await app.type("open wayfarer://home/city?q=Rio")
    XCTAssertEqual(app.window.path, "home")
    XCTAssertTrue(app.console.transcript.contains("Cities matching Rio:"), app.console.transcript)
    XCTAssertTrue(app.console.transcript.contains("Rio de Janeiro"), app.console.transcript)
  }

  func test_aBadLink_changesNothing_andSaysWhy() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()
    await app.type("profile", "settings")
    app.console.clearOutput()

    await app.type("open wayfarer://explore/repo/a/b/c", "open 3")

    XCTAssertEqual(app.window.path, "profile/settings")
    XCTAssertTrue(
      app.console.transcript.contains("Wayfarer cannot open wayfarer://explore/repo/a/b/c: there is no such screen"),
      app.console.transcript)
    XCTAssertTrue(
      app.console.transcript.contains("Wayfarer cannot open 3: it is not a wayfarer:// link."), app.console.transcript)
  }

  /// A link closes what is presented on the way (a README), as choosing
  /// the tab does, instead of waiting behind it.
  func test_aLink_closesAnOpenReadme_onItsWay() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()
    await app.type("open wayfarer://explore/repo/apple/swift", "readme")
    XCTAssertEqual(app.window.path, "explore/repo/readme")

    await app.type("open wayfarer://explore/repo/apple/swift-nio")
    XCTAssertEqual(app.window.path, "explore/repo")
    XCTAssertEqual(app.window.visibleScreen?.title, "apple/swift-nio")
    await app.type("readme", "open wayfarer://explore/search?q=zzz")
    XCTAssertEqual(app.window.path, "explore")
  }

  /// A link with a space, quoted or not, reaches the parser (which asks for
  /// %20) instead of the list's `open N`.
  func test_aLinkWithASpace_isRefusedAsALink_notTakenForARowNumber() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()
    app.console.clearOutput()

    await app.type(#"open "wayfarer://home/city?q=New York""#, "open wayfarer://home/city?q=New York")

    XCTAssertEqual(
      app.console.transcript.components(separatedBy: "it holds spaces or control characters (encode them, e.g. %20)")
        .count - 1, 2, app.console.transcript)
    XCTAssertFalse(app.console.transcript.contains("Usage: open N"), app.console.transcript)
  }

  /// `open N` on a list is still the list's; a link beside it is the app's.
  func test_openOnAList_takesANumber_orALink() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()

    await app.type("open 1")
    XCTAssertEqual(app.window.path, "home/detail")
    await app.type("back", "open wayfarer://profile/settings")
    XCTAssertEqual(app.window.path, "profile/settings")
  }

  func test_loggedOut_theLinkWaitsForLogin_isFollowedOnce_andLetGo() async throws {
    try await withPrivateLedger { ledger in
      let app = try makeApp()
      app.coordinator.start()
      await app.repl.settle()
      let beforeLogin = aliveCounts(ledger)

      await app.type("open wayfarer://profile/settings")
      XCTAssertEqual(app.window.path, "welcome")
      XCTAssertEqual(app.coordinator.pendingLink, DeepLink(tab: "profile", word: "settings", value: ""))
      XCTAssertTrue(
        app.console.transcript.contains("wayfarer://profile/settings will open once you log in or register."),
        app.console.transcript)

      await app.register()
      XCTAssertEqual(app.window.path, "profile/settings")
      XCTAssertNil(app.coordinator.pendingLink, "followed, then let go")

      await app.type("profile", "logout")
      await app.logIn()
      XCTAssertEqual(app.window.path, "home", "a link is followed once")
      await app.type("profile", "logout")
      XCTAssertEqual(differences(beforeLogin, aliveCounts(ledger)), [:], "objects left alive after logout")
    }
  }

  /// The favorites flag hides the Bookmarks tab, its links and `favorite`;
  /// turning it on brings them back without a restart.
  func test_theFavoritesFlag_hidesTheBookmarksTab_andBringsItBack() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()

    await app.type("profile", "settings", "toggle favorites")
    let shown = app.window.tabBar?.shownTabs.map(\.name)
    XCTAssertEqual(shown, Tabs.all.filter { $0.hiddenBy != .favorites }.map(\.name))
    app.console.clearOutput()
    await app.type("bookmarks", "open wayfarer://bookmarks", "open wayfarer://home/place/offline-0004")
    XCTAssertEqual(app.window.path, "home/detail")
    XCTAssertTrue(
      app.console.transcript.contains(
        "Bookmarks are turned off; turn them on in Profile › Settings (toggle favorites)."),
      app.console.transcript)
    XCTAssertTrue(
      app.console.transcript.contains("Wayfarer cannot open wayfarer://bookmarks: bookmarks are turned off"),
      app.console.transcript)
    XCTAssertFalse(app.window.visibleScreen?.commands.contains { $0.name == "favorite" } ?? true)

    await app.type("profile", "toggle favorites", "bookmarks")
    XCTAssertEqual(app.window.path, "bookmarks")
    XCTAssertEqual(app.window.tabBar?.shownTabs.count, Tabs.all.count)
    await app.type("home")
    XCTAssertTrue(app.window.visibleScreen?.commands.contains { $0.name == "favorite" } ?? false)
  }

  /// Another Wayfarer turning Bookmarks back on is seen at the next line:
  /// the flags are read again before the tabs are listed, with no restart
  /// and no other tab chosen first.
  func test_anotherProcessesToggle_isSeenBeforeTheTabsAreListedAgain() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()
    await app.type("profile", "settings", "toggle favorites")
    XCTAssertFalse(app.window.tabBar?.shownTabs.contains { $0.name == "bookmarks" } ?? true)

    let path = try XCTUnwrap(app.database.execute("PRAGMA database_list").first?.text("file"))
    let other = AppDatabase.at(path)
    let accountID = try XCTUnwrap(app.session.currentAccountID)
    try AccountSettingsStore(database: other, accountID: accountID).set(.favorites, isOn: true)

    await app.type("bookmarks")
    XCTAssertEqual(app.window.path, "bookmarks")
  }
}
