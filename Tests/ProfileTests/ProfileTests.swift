import DesignSystem
import TerminalNavigation
import TerminalText
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

    XCTAssertEqual(viewModel.logOut(), .loggedOut)

    XCTAssertEqual(session.loggedOut, 1)
    XCTAssertEqual(router.messages, [.finishAfterLogout])
  }

  func test_logOut_whenTheSessionCannotBeCleared_staysAndSaysWhy() async {
    let (viewModel, session, router) = makeSUT()
    session.failure = DiskFull()

    XCTAssertEqual(viewModel.logOut(), .failed(reason: "the disk is full"))
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

    XCTAssertEqual(viewModel.toggle("2"), .toggled(title: "Map view", isOn: true))
    XCTAssertEqual(viewModel.toggle("FAVORITES"), .toggled(title: "Favorites", isOn: false))

    XCTAssertEqual(settings.writes, ["map=true", "favorites=false"])
    XCTAssertEqual(viewModel.flags.map(\.isOn), [false, true])
  }

  func test_toggle_unknown_namesTheChoices_andChangesNothing() async {
    let (viewModel, settings) = makeSUT()

    let result = viewModel.toggle("9")

    XCTAssertEqual(result, .unknown(reference: "9", count: 2, keys: ["favorites", "map"]))
    XCTAssertEqual(settings.writes, [])
  }

  func test_toggle_whenTheStoreRefuses_saysWhichFlag_andKeepsTheState() async {
    let (viewModel, settings) = makeSUT()
    settings.writeFailure = DiskFull()

    let result = viewModel.toggle("map")

    XCTAssertEqual(result, .notSaved(title: "Map view", reason: "the disk is full"))
    XCTAssertEqual(viewModel.flags.map(\.isOn), [true, false])
  }

  func test_unreadableSettings_showAFailure() async {
    let settings = SettingsStub()
    settings.failure = DiskFull()

    let viewModel = SettingsViewModel(settings: settings)

    XCTAssertEqual(viewModel.state, .failed(reason: "the disk is full"))
  }
}

@MainActor
final class ProfileFlowTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    NavigationStack, ProfileSessionSpy, ProfileFlowDelegateSpy, ScriptedConsole, SettingsStub
  ) {
    let session = ProfileSessionSpy()
    let delegate = ProfileFlowDelegateSpy()
    let console = ScriptedConsole()
    let settings = SettingsStub()
    let tab = ProfileBuilder.build(
      dependencies: ProfileDependencies(
        account: AccountStub(), session: session, settings: settings, appVersion: "9.9.9",
        credits: [Credit(name: "libedit", licence: "BSD 3-Clause")]),
      flowDelegate: delegate)
    let stack = tab.stack
    for object in [stack, stack.root, tab.routes, session, delegate, console, settings] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (stack, session, delegate, console, settings)
  }

  private func run(_ name: String, _ arguments: [String] = [], on screen: Screen, console: ScriptedConsole) async {
    let command = screen.commands.first { $0.name == name }
    XCTAssertNotNil(command, "no command \(name)")
    await command?.run(
      CommandInput(argumentText: arguments.joined(separator: " "), console: console))
  }

  func test_logout_endsTheSessionAndTellsTheDelegate() async {
    let (stack, session, delegate, console, _) = makeSUT()

    await run("logout", on: stack.root, console: console)

    XCTAssertEqual(session.loggedOut, 1)
    XCTAssertEqual(delegate.loggedOut, 1)
    XCTAssertEqual(console.output, ["ok Logged out."])
  }

  /// `logout` is one of each Profile screen's specs, done by its own
  /// handler: from Settings and About as from Profile.
  func test_logout_fromSettingsAndFromAbout_endsTheSession() async {
    for way in ["settings", "about"] {
      let (stack, session, delegate, console, _) = makeSUT()
      await run(way, on: stack.root, console: console)

      await run("logout", on: stack.visibleScreen, console: console)

      XCTAssertEqual(session.loggedOut, 1, way)
      XCTAssertEqual(delegate.loggedOut, 1, way)
      XCTAssertEqual(console.output.last, "ok Logged out.", way)
      stack.popToRoot()
    }
  }

  func test_logout_whenTheSessionCannotBeCleared_saysSoAndStays() async {
    let (stack, session, delegate, console, _) = makeSUT()
    session.failure = DiskFull()

    await run("logout", on: stack.root, console: console)

    XCTAssertEqual(delegate.loggedOut, 0)
    XCTAssertEqual(console.output, ["x Could not log out: the disk is full. You are still logged in."])
  }

  /// A piped prompt asks for one command, not the table: the same command,
  /// on Profile and on Settings.
  func test_commandNamed_isTheTablesCommand() async {
    let (stack, _, _, console, _) = makeSUT()
    let profile = stack.root
    assertLookupMatchesTable(profile.commands.map { ($0.name, "\($0.usage) — \($0.summary)") }) {
      profile.command(named: $0).map { "\($0.usage) — \($0.summary)" }
    }
    await run("settings", on: profile, console: console)
    let settings = stack.visibleScreen
    assertLookupMatchesTable(settings.commands.map { ($0.name, "\($0.usage) — \($0.summary)") }) {
      settings.command(named: $0).map { "\($0.usage) — \($0.summary)" }
    }
    stack.popToRoot()
  }

  func test_settings_pushesTheFlags_andToggleRedraws() async {
    let (stack, _, _, console, _) = makeSUT()
    await run("settings", on: stack.root, console: console)
    XCTAssertEqual(stack.path, ["profile", "settings"])
    weak let settings = stack.visibleScreen

    await run("toggle", ["map"], on: stack.visibleScreen, console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText)
    XCTAssertEqual(body[0], "  1. Favorites  on   (favorites)")
    XCTAssertEqual(body[1], "  2. Map view   on   (map)")
    XCTAssertEqual(console.output, ["ok Map view is now on."])
    stack.popToRoot()
    XCTAssertNil(settings)
  }

  func test_settings_onStandsOutFromOff_inColour() async {
    let (stack, _, _, console, _) = makeSUT()
    await run("settings", on: stack.root, console: console)
    let colour = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let rows = stack.visibleScreen.body(in: RenderContext(width: 80, capabilities: colour)).prefix(2)
    let status = rows.map { row in row.spans.first { ["on ", "off"].contains($0.text) } }

    XCTAssertEqual(status.map(\.?.text), ["on ", "off"])
    XCTAssertEqual(status[0]?.style, Palette.enabled)
    XCTAssertNotEqual(status[0]?.style, status[1]?.style, "on and off look alike")
    XCTAssertNotEqual(Palette.enabled, Palette.muted)
    XCTAssertTrue(Palette.enabled.isBold)
  }

  func test_toggle_unknownOrUnsaved_printsAnError_andLeavesTheList() async {
    let (stack, _, _, console, settings) = makeSUT()
    await run("settings", on: stack.root, console: console)

    await run("toggle", ["nine"], on: stack.visibleScreen, console: console)
    settings.writeFailure = DiskFull()
    await run("toggle", ["1"], on: stack.visibleScreen, console: console)

    XCTAssertEqual(
      console.output,
      [
        "x There is no setting 'nine'. Use a number from 1 to 2 or one of: favorites, map.",
        "x Could not save Favorites: the disk is full. The setting is unchanged.",
      ])
    XCTAssertEqual(stack.visibleScreen.body(in: .plain).first?.plainText, "  1. Favorites  on   (favorites)")
  }

  func test_settings_whenUnreadable_showsWhyAndHowToRetry() async {
    let (stack, _, _, console, settings) = makeSUT()
    settings.failure = DiskFull()

    await run("settings", on: stack.root, console: console)

    XCTAssertEqual(
      stack.visibleScreen.body(in: .plain).map(\.plainText).first,
      "x Could not read your settings: the disk is full.")
  }

  func test_about_showsVersionAndCredits() async {
    let (stack, _, _, console, _) = makeSUT()

    await run("about", on: stack.root, console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("Version  9.9.9"), body)
    XCTAssertTrue(body.contains("libedit  BSD 3-Clause"), body)
  }
}
