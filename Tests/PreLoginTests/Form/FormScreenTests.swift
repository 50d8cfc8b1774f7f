import Commands
import Components
import Foundation
import TerminalNavigation
import TerminalText
import TestSupport
import XCTest

@testable import PreLogin

/// The words a form screen owns: the commands people type, the labels and
/// which answers are hidden.
@MainActor
final class FormScreenTests: XCTestCase {
  private func makeLoginScreen(file: StaticString = #filePath, line: UInt = #line) -> LoginScreen {
    let attempts = InMemoryAttempts()
    let viewModel = LoginViewModel(
      accounts: AccountsStub(), session: SessionSpy(), throttle: LoginThrottle(attempts: attempts, now: { Date() }),
      router: RouterSpy())
    let screen = LoginScreen(viewModel: viewModel)
    for object in [screen, viewModel, attempts] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return screen
  }

  private func makeRegisterScreen(
    accounts: AccountsStub = AccountsStub(), file: StaticString = #filePath, line: UInt = #line
  ) -> RegisterScreen {
    let viewModel = RegisterViewModel(accounts: accounts, session: SessionSpy(), router: RouterSpy())
    let screen = RegisterScreen(viewModel: viewModel)
    for object in [screen, viewModel] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return screen
  }

  private static let terminal = RenderContext(
    width: 80,
    capabilities: TerminalCapabilities(
      inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false))

  /// Runs the form's command `name` with `console`.
  private func run(_ name: String, on screen: Screen, console: ScriptedConsole) async {
    let command = screen.commands.first { $0.name == name }
    XCTAssertNotNil(command, name)
    await command?.run(CommandInput(argumentText: "", console: console))
  }

  /// On a terminal and piped alike, an answer is checked as it is given,
  /// and its field asked again, saying why, until it passes: piped, the
  /// next line is the new answer, so later answers keep their fields.
  func test_eachAnswerIsCheckedAsItIsGiven_andAskedAgain_onATerminalAndPiped() async {
    for context in [Self.terminal, .plain] {
      let accounts = AccountsStub()
      let screen = makeRegisterScreen(accounts: accounts)
      let console = ScriptedConsole(
        input: ["Ada", "Lovelace", "ada", "ada@example.com", "short", "correct horse", "nope", "correct horse"],
        context: context)

      await screen.didAppear(console: console)

      XCTAssertEqual(
        console.output.filter { $0.hasPrefix("x ") },
        [
          "x E-mail: Please enter a valid e-mail address.", "x Password: Password must be at least 8 characters.",
          "x Confirm password: Passwords do not match.",
        ])
      XCTAssertEqual(console.requests.filter { $0 == .answer(prompt: "E-mail: ") }.count, 2)
      XCTAssertEqual(
        accounts.calls,
        [.register(Registration(name: "Ada", surname: "Lovelace", email: "ada@example.com", password: "correct horse"))]
      )
    }
  }

  /// Piped, a field re-entered after a failed send is asked again while it
  /// is refused, as on a terminal; the form is sent once it passes.
  func test_piped_aReenteredField_isAskedAgainUntilItPasses() async {
    let accounts = AccountsStub()
    accounts.answer(.emailTaken)
    let screen = makeRegisterScreen(accounts: accounts)
    let console = ScriptedConsole(
      input: ["Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"])
    await screen.didAppear(console: console)
    XCTAssertEqual(accounts.calls.count, 1)

    accounts.answer(.registered(accountID: "1"))
    console.feed(["not-an-email", "ada2@example.com"])
    await run("email", on: screen, console: console)

    XCTAssertEqual(
      console.output.filter { $0.hasPrefix("x E-mail") }, ["x E-mail: Please enter a valid e-mail address."])
    XCTAssertEqual(console.requests.filter { $0 == .answer(prompt: "E-mail: ") }.count, 3)
    XCTAssertEqual(
      accounts.calls.last,
      .register(Registration(name: "Ada", surname: "Lovelace", email: "ada2@example.com", password: "correct horse")))
  }

  /// Once the last error is fixed, the form is sent without `submit`.
  func test_fixingTheLastError_sendsTheFormAgain() async {
    let accounts = AccountsStub()
    accounts.answer(.rejected)
    let attempts = InMemoryAttempts()
    let router = RouterSpy()
    let viewModel = LoginViewModel(
      accounts: accounts, session: SessionSpy(), throttle: LoginThrottle(attempts: attempts, now: { Date() }),
      router: router)
    let screen = LoginScreen(viewModel: viewModel)
    let console = ScriptedConsole(input: ["ada@example.com", "wrong password"])
    await screen.didAppear(console: console)
    XCTAssertEqual(viewModel.formProblem, .incorrectCredentials)

    accounts.answer(.authenticated(accountID: "1", email: "ada@example.com"))
    console.feed(["correct horse"])
    await run("password", on: screen, console: console)

    XCTAssertEqual(
      accounts.calls,
      [
        .authenticate(email: "ada@example.com", password: "wrong password"),
        .authenticate(email: "ada@example.com", password: "correct horse"),
      ])
    XCTAssertEqual(router.messages, [.finish])
  }

  /// The throttle's wait is said once, by the form, with no mask for the
  /// password given before: none was asked this time.
  ///
  /// On a terminal the password is not asked at all; piped, the script's
  /// password line is read and never used.
  func test_aLockedEmail_saysTheWaitOnce_andShowsNoMaskForAPasswordNotAsked() async {
    for context in [Self.terminal, .plain] {
      let accounts = AccountsStub()
      accounts.answer(.rejected)
      let attempts = InMemoryAttempts()
      let now = Date()
      let viewModel = LoginViewModel(
        accounts: accounts, session: SessionSpy(), throttle: LoginThrottle(attempts: attempts, now: { now }),
        router: RouterSpy())
      let screen = LoginScreen(viewModel: viewModel)
      let console = ScriptedConsole(input: ["ada@example.com", "wrong horse"], context: context)
      await screen.didAppear(console: console)
      for _ in 0..<4 { _ = try? attempts.reserveAttempt(for: "ada@example.com", at: now) { _ in .proceed } }
      console.clearOutput()

      console.feed(["ada@example.com", "correct horse", "help"])
      await run("login", on: screen, console: console)

      let shown = console.output + screen.body(in: .plain).map(\.plainText)
      XCTAssertEqual(
        shown.filter { $0.contains("Too many failed attempts") },
        ["x Too many failed attempts for this e-mail. Try again in 30 seconds."], shown.joined(separator: "\n"))
      XCTAssertTrue(shown.contains("  Password  (empty)"), shown.joined(separator: "\n"))
      let unread = context.capabilities.inputIsTerminal ? ["correct horse", "help"] : ["help"]
      XCTAssertEqual(console.input, unread, "the terminal asks no password; piped, its line is read")
      XCTAssertEqual(accounts.calls.count, 1, "nothing sent")
      XCTAssertEqual(attempts.records["ada@example.com"]?.count, 5, "nothing counted")
    }
  }

  func test_login_commandsAreTheFieldNames_submitLogin_andRegisterToSwitch() async {
    let screen = makeLoginScreen()

    XCTAssertEqual(screen.commands.map(\.name), ["email", "password", "submit", "login", "register"])
    XCTAssertEqual(
      screen.commands.map(\.summary),
      [
        "Enter e-mail again", "Enter password again", "Send the form as it is", "Fill in every field again",
        "Create an account instead",
      ])
    XCTAssertEqual(screen.commands.map(\.signature.parameters), Array(repeating: [], count: 5), "none takes words")
    XCTAssertEqual(screen.formFields.map(\.label), ["E-mail", "Password"])
    XCTAssertEqual(screen.formFields.map(\.isSecret), [false, true])
  }

  func test_register_commandsAreTheFieldNames_submitRegister_andLoginToSwitch() async {
    let screen = makeRegisterScreen()

    XCTAssertEqual(
      screen.commands.map(\.name), ["name", "surname", "email", "password", "confirm", "submit", "register", "login"])
    XCTAssertEqual(screen.commands.last?.summary, "Log in to an existing account instead")
    XCTAssertEqual(
      screen.formFields.map(\.label), ["Name", "Surname", "E-mail", "Password", "Confirm password"])
    XCTAssertEqual(screen.formFields.map(\.isSecret), [false, false, false, true, true])
  }
}
