import Components
import TestSupport
import XCTest

@testable import PreLogin

@MainActor
final class LoginViewModelTests: XCTestCase {
  private struct SUT {
    let viewModel: LoginViewModel
    let accounts: AccountsStub
    let session: SessionSpy
    let router: RouterSpy
    let attempts: InMemoryAttempts
    let clock: TestClock
  }

  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> SUT {
    let accounts = AccountsStub()
    let session = SessionSpy()
    let router = RouterSpy()
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let viewModel = LoginViewModel(
      accounts: accounts, session: session, throttle: LoginThrottle(attempts: attempts, now: { clock.now }),
      router: router)
    for object in [viewModel, accounts, session, router, attempts, clock] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return SUT(
      viewModel: viewModel, accounts: accounts, session: session, router: router, attempts: attempts, clock: clock)
  }

  private func problems(_ viewModel: LoginViewModel) -> [FieldProblem?] {
    LoginField.allCases.map(viewModel.problem(with:))
  }

  func test_submit_withEmptyFields_requiresBoth_andSendsNothing() async {
    let sut = makeSUT()

    let result = await sut.viewModel.submit()

    XCTAssertEqual(result, .stays)
    XCTAssertEqual(problems(sut.viewModel), [.required, .required])
    XCTAssertEqual(sut.accounts.calls, [])
    XCTAssertEqual(sut.router.messages, [])
  }

  func test_submit_withMalformedEmailAndShortPassword_saysSoForEachField() async {
    let sut = makeSUT()
    sut.viewModel.setValue("ada@example", for: .email)
    sut.viewModel.setValue("short", for: .password)

    _ = await sut.viewModel.submit()

    XCTAssertEqual(problems(sut.viewModel), [.invalidEmail, .passwordTooShort(minimum: 8)])
    XCTAssertEqual(sut.accounts.calls, [])
  }

  func test_reenteringAField_clearsOnlyItsError() async {
    let sut = makeSUT()
    _ = await sut.viewModel.submit()

    sut.viewModel.setValue("ada@example.com", for: .email)

    XCTAssertEqual(problems(sut.viewModel), [nil, .required])
  }

  func test_submit_trimsInput_marksTheSession_andLeavesTheFlow() async {
    let sut = makeSUT()
    sut.accounts.answer(.authenticated(accountID: "7", email: "ada@example.com"))
    sut.viewModel.setValue("  ada@example.com ", for: .email)
    sut.viewModel.setValue(" correct horse  ", for: .password)

    let result = await sut.viewModel.submit()

    XCTAssertEqual(result, .loggedIn(email: "ada@example.com"))
    XCTAssertEqual(sut.accounts.calls, [.authenticate(email: "ada@example.com", password: "correct horse")])
    XCTAssertEqual(sut.session.markedAccounts, ["7"])
    XCTAssertEqual(sut.router.messages, [.finish])
  }

  func test_submit_withWrongCredentials_saysSoWithoutSayingWhich_andRecordsTheFailure() async {
    let sut = makeSUT()
    sut.accounts.answer(.rejected)
    sut.viewModel.setValue("ada@example.com", for: .email)
    sut.viewModel.setValue("wrong password", for: .password)

    let result = await sut.viewModel.submit()

    XCTAssertEqual(result, .stays)
    XCTAssertEqual(sut.viewModel.formProblem, .incorrectCredentials)
    XCTAssertEqual(sut.session.markedAccounts, [])
    XCTAssertEqual(sut.router.messages, [])
    XCTAssertEqual(sut.attempts.records["ada@example.com"]?.count, 1)
  }

  func test_submit_afterFiveFailures_isThrottledWithoutCheckingThePassword_untilTheWaitIsOver() async {
    let sut = makeSUT()
    sut.accounts.answer(.rejected)
    sut.viewModel.setValue("Ada@Example.com", for: .email)
    sut.viewModel.setValue("wrong password", for: .password)
    for _ in 0..<5 { _ = await sut.viewModel.submit() }
    XCTAssertEqual(sut.accounts.calls.count, 5)

    _ = await sut.viewModel.submit()

    XCTAssertEqual(sut.viewModel.formProblem, .tooManyAttempts(waitSeconds: 30))
    XCTAssertEqual(sut.accounts.calls.count, 5)

    sut.clock.advance(by: 31)
    sut.accounts.answer(.authenticated(accountID: "7", email: "ada@example.com"))
    let result = await sut.viewModel.submit()
    // The address the account has, not the case it was typed in.
    XCTAssertEqual(result, .loggedIn(email: "ada@example.com"))
    XCTAssertNil(sut.attempts.records["ada@example.com"])
  }

  func test_submit_whenTheAccountStoreFails_saysWhatHappened_andStays() async {
    let sut = makeSUT()
    sut.accounts.failEverything()
    sut.viewModel.setValue("ada@example.com", for: .email)
    sut.viewModel.setValue("correct horse", for: .password)

    _ = await sut.viewModel.submit()

    XCTAssertEqual(sut.viewModel.formProblem, .couldNotCheckAccount(reason: "the disk is full"))
    XCTAssertEqual(sut.router.messages, [])
  }

  func test_submit_whenTheSessionCannotBeSaved_staysInTheFlow() async {
    let sut = makeSUT()
    sut.session.failure = StubError()
    sut.viewModel.setValue("ada@example.com", for: .email)
    sut.viewModel.setValue("correct horse", for: .password)

    let result = await sut.viewModel.submit()

    XCTAssertEqual(result, .stays)
    XCTAssertEqual(sut.router.messages, [])
    XCTAssertEqual(sut.viewModel.formProblem, .couldNotCheckAccount(reason: "the disk is full"))
  }

  func test_passwordIsNeverShown() async {
    let sut = makeSUT()
    let screen = LoginScreen(viewModel: sut.viewModel)
    trackForMemoryLeaks(screen)
    sut.viewModel.setValue("correct horse", for: .password)

    let lines = FormView(screen.formFields).lines(in: .plain).map(\.plainText).joined()

    XCTAssertFalse(lines.contains("correct horse"))
    XCTAssertTrue(lines.contains("********"))
  }

  func test_switchForm_showsRegister() async {
    let sut = makeSUT()
    sut.viewModel.switchForm()
    XCTAssertEqual(sut.router.messages, [.showRegister])
  }

  func test_validate_withEmptyFields_refusesWithoutSending() async {
    let sut = makeSUT()

    XCTAssertFalse(sut.viewModel.validate())

    XCTAssertEqual(problems(sut.viewModel), [.required, .required])
    XCTAssertEqual(sut.accounts.calls, [])
  }

  func test_cancel_closesTheForm() async {
    let sut = makeSUT()
    sut.viewModel.cancel()
    XCTAssertEqual(sut.router.messages, [.closeForm])
  }
}
