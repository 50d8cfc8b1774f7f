import TerminalNavigation
import TestSupport
import XCTest

@testable import Profile

/// The tab's routes as App drives them from outside (deep links).
@MainActor
final class ProfileRoutesTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> ProfileTab {
    let session = ProfileSessionSpy()
    let settings = SettingsStub()
    let tab = ProfileBuilder.build(
      dependencies: ProfileDependencies(
        account: AccountStub(), session: session, settings: settings, appVersion: "9.9.9", credits: []),
      flowDelegate: ProfileFlowDelegateSpy())
    for object in [tab.stack, tab.stack.root, tab.routes, session, settings] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return tab
  }

  func test_showSettings_showsSettingsAboveTheProfileRoot() async {
    let tab = makeSUT()

    tab.routes.showSettings()

    XCTAssertEqual(tab.stack.path, ["profile", "settings"])
    XCTAssertTrue(tab.stack.visibleScreen is SettingsScreen)
  }

  func test_showSettings_fromAnotherScreenOfTheTab_replacesIt() async {
    let tab = makeSUT()
    let about = tab.stack.root.commands.first { $0.name == "about" }
    await about?.run(CommandInput(argumentText: "", console: ScriptedConsole()))
    XCTAssertEqual(tab.stack.path, ["profile", "about"])

    tab.routes.showSettings()
    tab.routes.showSettings()

    XCTAssertEqual(tab.stack.path, ["profile", "settings"])
  }

  func test_routes_doNotKeepTheTabsScreensAlive() async {
    let routes: any ProfileRoutes
    weak var stack: NavigationStack?
    weak var root: Screen?
    do {
      let tab = makeSUT()
      routes = tab.routes
      stack = tab.stack
      root = tab.stack.root
    }

    XCTAssertNil(stack)
    XCTAssertNil(root)
    _ = routes
  }
}
