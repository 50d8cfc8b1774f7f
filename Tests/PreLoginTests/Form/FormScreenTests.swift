import Components
import Foundation
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

  private func makeRegisterScreen(file: StaticString = #filePath, line: UInt = #line) -> RegisterScreen {
    let viewModel = RegisterViewModel(accounts: AccountsStub(), session: SessionSpy(), router: RouterSpy())
    let screen = RegisterScreen(viewModel: viewModel)
    for object in [screen, viewModel] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return screen
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
