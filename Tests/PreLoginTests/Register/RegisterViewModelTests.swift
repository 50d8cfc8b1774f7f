import TestSupport
import XCTest

@testable import PreLogin

@MainActor
final class RegisterViewModelTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    RegisterViewModel, AccountsStub, SessionSpy, RouterSpy
  ) {
    let accounts = AccountsStub()
    let session = SessionSpy()
    let router = RouterSpy()
    let viewModel = RegisterViewModel(accounts: accounts, session: session, router: router)
    for object in [viewModel, accounts, session, router] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (viewModel, accounts, session, router)
  }

  private func fill(_ viewModel: RegisterViewModel, _ values: [RegisterField: String]) {
    for (field, value) in values { viewModel.setValue(value, for: field) }
  }

  private func problems(_ viewModel: RegisterViewModel) -> [FieldProblem?] {
    RegisterField.allCases.map(viewModel.problem(with:))
  }

  func test_submit_withNothing_requiresEveryField() async {
    let (viewModel, accounts, _, router) = makeSUT()

    _ = await viewModel.submit()

    XCTAssertEqual(problems(viewModel), Array(repeating: .required, count: 5))
    XCTAssertEqual(accounts.calls, [])
    XCTAssertEqual(router.messages, [])
  }

  func test_submit_withControlCharactersOrOverlongValues_refusesEachField_andStoresNothing() async {
    let (viewModel, accounts, _, _) = makeSUT()
    fill(
      viewModel,
      [
        .name: "A\u{0}B", .surname: String(repeating: "x", count: 101),
        .email: "victim@example.com\u{0}evil", .password: "correct\u{1B}[Ahorse", .confirm: "correct\u{1B}[Ahorse",
      ])

    _ = await viewModel.submit()

    XCTAssertEqual(
      problems(viewModel),
      [
        .controlCharacters, .tooLong(limit: 100), .controlCharacters, .controlCharacters, nil,
      ])
    XCTAssertEqual(accounts.calls, [])
  }

  func test_submit_withDifferentPasswords_saysTheyDoNotMatch() async {
    let (viewModel, accounts, _, _) = makeSUT()
    fill(
      viewModel,
      [
        .name: "Ada", .surname: "Lovelace", .email: "ada@example.com", .password: "correct horse",
        .confirm: "correct horsE",
      ])

    _ = await viewModel.submit()

    XCTAssertEqual(problems(viewModel), [nil, nil, nil, nil, .passwordsDiffer])
    XCTAssertEqual(accounts.calls, [])
  }

  func test_submit_withAValidForm_registersTrimmedValues_logsIn_andLeavesTheFlow() async {
    let (viewModel, accounts, session, router) = makeSUT()
    accounts.answer(.registered(accountID: "3"))
    fill(
      viewModel,
      [
        .name: " Ada ", .surname: "Lovelace ", .email: " ada@example.com", .password: "correct horse",
        .confirm: "correct horse ",
      ])

    let result = await viewModel.submit()

    XCTAssertEqual(result, .registered(name: "Ada"))
    XCTAssertEqual(
      accounts.calls,
      [.register(Registration(name: "Ada", surname: "Lovelace", email: "ada@example.com", password: "correct horse"))]
    )
    XCTAssertEqual(session.markedAccounts, ["3"])
    XCTAssertEqual(router.messages, [.finish])
  }

  func test_submit_withATakenEmail_saysSo_andStays() async {
    let (viewModel, accounts, session, router) = makeSUT()
    accounts.answer(.emailTaken)
    fill(
      viewModel,
      [
        .name: "Ada", .surname: "Lovelace", .email: "ada@example.com", .password: "correct horse",
        .confirm: "correct horse",
      ])

    let result = await viewModel.submit()

    XCTAssertEqual(result, .stays)
    XCTAssertEqual(viewModel.formProblem, .emailTaken)
    XCTAssertEqual(viewModel.problem(with: .email), .alreadyRegistered)
    XCTAssertEqual(session.markedAccounts, [])
    XCTAssertEqual(router.messages, [])
  }

  func test_switchForm_showsLogin() async {
    let (viewModel, _, _, router) = makeSUT()

    viewModel.switchForm()

    XCTAssertEqual(router.messages, [.showLogin])
  }
}
