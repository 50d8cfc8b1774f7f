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

  /// A refused answer is said and its field asked again with the next
  /// line; once the form is sent and stays, the next line is a command again.
  func test_aRefusedAnswer_isAskedAgain_andAfterTheFormTheNextLineIsACommand() async {
    let (stack, accounts, _, delegate, console) = makeSUT()
    accounts.answer(.rejected)
    await run("login", on: stack.root, console: console)
    console.feed(["not-an-email", "ada@example.com", "short", "wrong password", "help"])

    await stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(
      console.output.filter { $0.hasPrefix("x ") },
      ["x E-mail: Please enter a valid e-mail address.", "x Password: Password must be at least 8 characters."])
    XCTAssertEqual(accounts.calls, [.authenticate(email: "ada@example.com", password: "wrong password")])
    XCTAssertEqual(console.input, ["help"])
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

  /// A password re-entered alone leaves the confirmation differing: the
  /// form is not sent, and `submit` shows that problem with no progress line.
  func test_submittingAFormThatFails_printsNoProgressLine_onlyTheFieldsProblems() async {
    let (stack, accounts, _, _, console) = makeSUT()
    accounts.answer(.emailTaken)
    await run("register", on: stack.root, console: console)
    console.feed(["Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"])
    await stack.visibleScreen.didAppear(console: console)
    console.feed(["another horse"])
    await run("password", on: stack.visibleScreen, console: console)
    console.clearOutput()

    await run("submit", on: stack.visibleScreen, console: console)

    XCTAssertFalse(console.transcript.contains("Creating your account…"), console.transcript)
    XCTAssertEqual(accounts.calls.count, 1, "sent once, before the password changed")
    let body = stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(body.contains("Confirm password  ********  x Passwords do not match"), body)
    XCTAssertTrue(stack.visibleScreen.needsDisplay)
  }

  func test_aValidForm_saysWhatItIsDoing_whileItSends() async {
    let (stack, _, _, _, console) = makeSUT()
    await run("login", on: stack.root, console: console)
    console.feed(["ada@example.com", "correct horse"])

    await stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(console.output.first, "Logging in…", console.transcript)
  }

  /// After a failed login, `email` asks again until the answer passes,
  /// then sends the corrected form.
  func test_reenteringOneField_sendsTheCorrectedForm() async {
    let (stack, accounts, _, delegate, console) = makeSUT()
    accounts.answer(.rejected)
    await run("login", on: stack.root, console: console)
    console.feed(["ada@exampel.com", "correct horse"])
    await stack.visibleScreen.didAppear(console: console)

    accounts.answer(.authenticated(accountID: "1", email: "ada@example.com"))
    console.feed(["ada@example", "ada@example.com"])
    await run("email", on: stack.visibleScreen, console: console)

    XCTAssertTrue(console.output.contains("x E-mail: Please enter a valid e-mail address."), console.transcript)
    XCTAssertEqual(
      accounts.calls,
      [
        .authenticate(email: "ada@exampel.com", password: "correct horse"),
        .authenticate(email: "ada@example.com", password: "correct horse"),
      ])
    XCTAssertEqual(delegate.finished, 1)
  }
}
