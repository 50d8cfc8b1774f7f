import TerminalKit
import TestSupport
import XCTest

@testable import Profile

@MainActor
final class ProfileViewModelTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    ProfileViewModel, ProfileSessionSpy, ProfileRouterSpy
  ) {
    let session = ProfileSessionSpy()
    let router = ProfileRouterSpy()
    let viewModel = ProfileViewModel(account: AccountStub(), session: session, router: router)
    for object in [viewModel, session, router] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return (viewModel, session, router)
  }

  func test_details_showNameEmailAndMemberSince() async {
    let (viewModel, _, _) = makeSUT()
    XCTAssertEqual(viewModel.details.map(\.value), ["Ada Lovelace", "ada@example.com", "29 November 2026"])
  }

  func test_logOut_clearsTheSessionThenLeaves() async {
    let (viewModel, session, router) = makeSUT()

    XCTAssertNil(viewModel.logOut())

    XCTAssertEqual(session.loggedOut, 1)
    XCTAssertEqual(router.messages, [.finishAfterLogout])
  }

  func test_logOut_whenTheSessionCannotBeCleared_staysAndSaysWhy() async {
    let (viewModel, session, router) = makeSUT()
    session.failure = DiskFull()

    XCTAssertEqual(viewModel.logOut(), "Could not log out: the disk is full. You are still logged in.")
    XCTAssertEqual(router.messages, [])
  }

  func test_routes() async {
    let (viewModel, _, router) = makeSUT()
    viewModel.showSettings()
    viewModel.showAbout()
    XCTAssertEqual(router.messages, [.showSettings, .showAbout])
  }
}

@MainActor
final class SettingsViewModelTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (SettingsViewModel, SettingsStub) {
    let settings = SettingsStub()
    let viewModel = SettingsViewModel(settings: settings)
    trackForMemoryLeaks(viewModel, file: file, line: line)
    trackForMemoryLeaks(settings, file: file, line: line)
    return (viewModel, settings)
  }

  func test_toggle_byNumberOrName_flipsAndSaves() async {
    let (viewModel, settings) = makeSUT()

    XCTAssertEqual(viewModel.toggle("2").message, "Map view is now on.")
    XCTAssertEqual(viewModel.toggle("FAVORITES").message, "Favorites is now off.")

    XCTAssertEqual(settings.writes, ["map=true", "favorites=false"])
    XCTAssertEqual(viewModel.flags.map(\.isOn), [false, true])
  }

  func test_toggle_unknown_namesTheChoices_andChangesNothing() async {
    let (viewModel, settings) = makeSUT()

    let result = viewModel.toggle("9")

    XCTAssertFalse(result.succeeded)
    XCTAssertEqual(result.message, "There is no setting '9'. Use a number from 1 to 2 or one of: favorites, map.")
    XCTAssertEqual(settings.writes, [])
  }

  func test_unreadableSettings_showAFailure() async {
    let settings = SettingsStub()
    settings.failure = DiskFull()

    let viewModel = SettingsViewModel(settings: settings)

    XCTAssertEqual(viewModel.state, .failed("Could not read your settings: the disk is full."))
  }
}

@MainActor
final class ProfileFlowTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    NavigationStack, ProfileSessionSpy, ProfileFlowDelegateSpy, ScriptedConsole
  ) {
    let session = ProfileSessionSpy()
    let delegate = ProfileFlowDelegateSpy()
    let console = ScriptedConsole()
    let stack = ProfileBuilder.build(
      dependencies: ProfileDependencies(
        account: AccountStub(), session: session, settings: SettingsStub(), appVersion: "9.9.9",
        credits: [Credit(name: "libedit", licence: "BSD 3-Clause")]),
      flowDelegate: delegate)
    for object in [stack, stack.root, session, delegate, console] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (stack, session, delegate, console)
  }

  private func run(_ name: String, _ arguments: [String] = [], on screen: Screen, console: ScriptedConsole) async {
    let command = screen.commands.first { $0.name == name }
    XCTAssertNotNil(command, "no command \(name)")
    await command?.run(
      CommandInput(arguments: arguments, argumentText: arguments.joined(separator: " "), console: console))
  }

  func test_logout_endsTheSessionAndTellsTheDelegate() async {
    let (stack, session, delegate, console) = makeSUT()

    await run("logout", on: stack.root, console: console)

    XCTAssertEqual(session.loggedOut, 1)
    XCTAssertEqual(delegate.loggedOut, 1)
    XCTAssertEqual(console.output, ["ok Logged out."])
  }

  func test_settings_pushesTheFlags_andToggleRedraws() async {
    let (stack, _, _, console) = makeSUT()
    await run("settings", on: stack.root, console: console)
    XCTAssertEqual(stack.path, ["profile", "settings"])
    weak var settings = stack.visibleScreen

    await run("toggle", ["map"], on: stack.visibleScreen, console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText)
    XCTAssertEqual(body[0], "  1. Favorites  on   (favorites)")
    XCTAssertEqual(body[1], "  2. Map view   on   (map)")
    XCTAssertEqual(console.output, ["ok Map view is now on."])
    stack.popToRoot()
    XCTAssertNil(settings)
  }

  func test_about_showsVersionAndCredits() async {
    let (stack, _, _, console) = makeSUT()

    await run("about", on: stack.root, console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("Version  9.9.9"), body)
    XCTAssertTrue(body.contains("libedit  BSD 3-Clause"), body)
  }
}
