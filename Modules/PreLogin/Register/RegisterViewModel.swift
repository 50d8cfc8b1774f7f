import TerminalKit

/// Register: validates every field, creates the account, logs it in.
@MainActor
final class RegisterViewModel: FormViewModel {
  private var values: [RegisterField: String] = [:]
  private var problems: [RegisterField: FieldProblem] = [:]
  private(set) var formProblem: FormProblem?
  private(set) var hasSubmitted = false

  private let accounts: any PreLoginAuthenticating
  private let session: any PreLoginSessionStoring
  private let router: any PreLoginRouting
  private let lifetime = Lifetime(RegisterViewModel.self)

  init(accounts: any PreLoginAuthenticating, session: any PreLoginSessionStoring, router: any PreLoginRouting) {
    self.accounts = accounts
    self.session = session
    self.router = router
  }

  func value(of field: RegisterField) -> String {
    values[field] ?? ""
  }

  func problem(with field: RegisterField) -> FieldProblem? {
    problems[field]
  }

  func setValue(_ value: String, for field: RegisterField) {
    values[field] = FieldRules.trimmed(value)
    problems[field] = nil
    formProblem = nil
  }

  func submit() async -> FormOutcome {
    hasSubmitted = true
    formProblem = nil
    let name = value(of: .name)
    let surname = value(of: .surname)
    let email = value(of: .email)
    let password = value(of: .password)
    let confirm = value(of: .confirm)
    problems = [:]
    problems[.name] = FieldRules.nameProblem(name)
    problems[.surname] = FieldRules.nameProblem(surname)
    problems[.email] = FieldRules.emailProblem(email)
    problems[.password] = FieldRules.passwordProblem(password)
    problems[.confirm] = FieldRules.confirmationProblem(confirm, password: password)
    guard problems.isEmpty else { return .stays }

    do {
      let registration = Registration(name: name, surname: surname, email: email, password: password)
      guard case .registered(let accountID) = try await accounts.register(registration) else {
        problems[.email] = .alreadyRegistered
        formProblem = .emailTaken
        return .stays
      }
      guard !Task.isCancelled else { return .stays }
      try session.markLoggedIn(accountID: accountID)
    } catch {
      formProblem = .couldNotCreateAccount(reason: String(describing: error))
      return .stays
    }
    values[.password] = nil
    values[.confirm] = nil
    router.finish()
    return .registered(name: name)
  }

  func cancel() {
    router.closeForm()
  }
}
