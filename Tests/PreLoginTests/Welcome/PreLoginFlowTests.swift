import FeatureEnvironment
import TerminalNavigation
import TestSupport
import XCTest

@testable import PreLogin

@MainActor
final class FlowDelegateSpy: PreLoginFlowDelegate {
  private(set) var finished = 0
  func preLoginDidFinish() { finished += 1 }
}

/// The module as App sees it: the builder's stack, driven through screen commands.
@MainActor
final class PreLoginFlowTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    NavigationStack, AccountsStub, SessionSpy, FlowDelegateSpy, ScriptedConsole
  ) {
    let accounts = AccountsStub()
    let session = SessionSpy()
    let delegate = FlowDelegateSpy()
    let console = ScriptedConsole()
    let stack = PreLoginBuilder.build(
      dependencies: PreLoginDependencies(session: session, accounts: accounts, attempts: InMemoryAttempts()),
      environment: .offline(cacheDirectory: "/nonexistent"), flowDelegate: delegate)
    for object in [stack, stack.root, accounts, session, delegate, console] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (stack, accounts, session, delegate, console)
  }

  private func run(_ name: String, on screen: Screen, console: ScriptedConsole) async {
    let command = screen.commands.first { $0.name == name }
    XCTAssertNotNil(command, "no command \(name)")
    await command?.run(CommandInput(argumentText: "", console: console))
  }

  func test_welcome_offersLoginAndRegister() {
    let (stack, _, _, _, _) = makeSUT()

    XCTAssertEqual(stack.root.commands.map(\.name), ["login", "register"])
    XCTAssertEqual(stack.path, ["welcome"])
  }

  func test_login_pushesTheLoginScreen_whichAsksEmailThenPasswordWithoutEcho() async {
    let (stack, accounts, session, delegate, console) = makeSUT()
    await run("login", on: stack.root, console: console)
    XCTAssertEqual(stack.path, ["welcome", "login"])
    weak let loginScreen = stack.visibleScreen

    console.feed(["ada@example.com", "correct horse"])
    await stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(console.requests, [.answer(prompt: "E-mail: "), .secret(prompt: "Password: ")])
    XCTAssertEqual(accounts.calls, [.authenticate(email: "ada@example.com", password: "correct horse")])
    XCTAssertEqual(session.markedAccounts, ["1"])
    XCTAssertEqual(delegate.finished, 1)
    XCTAssertTrue(console.output.contains("ok Logged in as ada@example.com."), console.transcript)
    XCTAssertFalse(console.transcript.contains("correct horse"))
    stack.popToRoot()
    XCTAssertNil(loginScreen)
  }

  func test_invalidForm_showsEveryFieldsError_andTheNextLineIsACommandAgain() async {
    let (stack, accounts, _, delegate, console) = makeSUT()
    await run("register", on: stack.root, console: console)
    console.feed(["", "Lovelace", "not-an-email", "short", "other", "help"])

    await stack.visibleScreen.didAppear(console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("Name              (empty)  x This field is required"), body)
    XCTAssertTrue(body.contains("E-mail            not-an-email  x Please enter a valid e-mail address"), body)
    XCTAssertTrue(body.contains("Password          ********  x Password must be at least 8 characters"), body)
    XCTAssertTrue(body.contains("Confirm password  ********  x Passwords do not match"), body)
    XCTAssertEqual(console.input, ["help"])
    XCTAssertEqual(accounts.calls, [])
    XCTAssertEqual(delegate.finished, 0)
  }

  func test_wrongPassword_showsTheFormsProblemUnderItsFields_andStays() async {
    let (stack, accounts, _, delegate, console) = makeSUT()
    accounts.answer(.rejected)
    await run("login", on: stack.root, console: console)
    console.feed(["ada@example.com", "wrong password"])

    await stack.visibleScreen.didAppear(console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText)
    XCTAssertEqual(
      body.filter { $0.hasPrefix("x ") }, ["x E-mail or password is incorrect"], body.joined(separator: "\n"))
    XCTAssertEqual(stack.path, ["welcome", "login"])
    XCTAssertEqual(delegate.finished, 0)
  }

  func test_endOfInputInTheMiddleOfAForm_cancelsItAndReturnsToWelcome() async {
    let (stack, accounts, _, _, console) = makeSUT()
    await run("login", on: stack.root, console: console)
    console.feed(["ada@example.com"])

    await stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(stack.path, ["welcome"])
    XCTAssertEqual(accounts.calls, [])
    XCTAssertTrue(console.transcript.contains("Login cancelled."))
  }

  func test_afterAFailedLogin_registerSwitchesToTheRegisterForm_andLoginSwitchesBack() async {
    let (stack, accounts, _, _, console) = makeSUT()
    accounts.answer(.rejected)
    await run("login", on: stack.root, console: console)
    console.feed(["ada@example.com", "wrong password"])
    await stack.visibleScreen.didAppear(console: console)
    weak let loginScreen = stack.visibleScreen

    await run("register", on: stack.visibleScreen, console: console)

    XCTAssertEqual(stack.path, ["welcome", "register"])
    XCTAssertNil(loginScreen, "the login form is replaced, not stacked under the new one")
    await run("login", on: stack.visibleScreen, console: console)
    XCTAssertEqual(stack.path, ["welcome", "login"])
  }

  func test_submittingEmptyFields_printsNoProgressLine_onlyTheFieldsProblems() async {
    let (stack, accounts, _, _, console) = makeSUT()
    await run("register", on: stack.root, console: console)
    console.feed(["", "", "", "", ""])

    await stack.visibleScreen.didAppear(console: console)
    await run("submit", on: stack.visibleScreen, console: console)

    XCTAssertFalse(console.transcript.contains("Creating your account…"), console.transcript)
    XCTAssertEqual(console.statusUpdates, 0)
    XCTAssertEqual(accounts.calls, [])
    XCTAssertTrue(stack.visibleScreen.needsDisplay)
  }

  func test_aValidForm_saysWhatItIsDoing_whileItSends() async {
    let (stack, _, _, _, console) = makeSUT()
    await run("login", on: stack.root, console: console)
    console.feed(["ada@example.com", "correct horse"])

    await stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(console.output.first, "Logging in…", console.transcript)
  }

  func test_reenteringOneField_thenSubmit_sendsTheCorrectedForm() async {
    let (stack, accounts, _, delegate, console) = makeSUT()
    await run("login", on: stack.root, console: console)
    console.feed(["ada@example", "correct horse"])
    await stack.visibleScreen.didAppear(console: console)
    XCTAssertEqual(accounts.calls, [])

    console.feed(["ada@example.com"])
    await run("email", on: stack.visibleScreen, console: console)
    await run("submit", on: stack.visibleScreen, console: console)

    XCTAssertEqual(accounts.calls, [.authenticate(email: "ada@example.com", password: "correct horse")])
    XCTAssertEqual(delegate.finished, 1)
  }
}
