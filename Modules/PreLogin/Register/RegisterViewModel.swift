import Diagnostics
import ErrorSentences

/// Register: validates every field, creates the account, logs it in.
@MainActor
final class RegisterViewModel: FormViewModel {
  private(set) var form = FormState<RegisterField>()

  private let accounts: any PreLoginAuthenticating
  private let session: any PreLoginSessionStoring
  private let router: any PreLoginRouting
  private let lifetime = Lifetime(RegisterViewModel.self)

  init(accounts: any PreLoginAuthenticating, session: any PreLoginSessionStoring, router: any PreLoginRouting) {
    self.accounts = accounts
    self.session = session
    self.router = router
  }

  func setValue(_ value: String, for field: RegisterField) {
    form.set(value, for: field)
  }

  func rule(_ field: RegisterField, _ value: String) -> FieldProblem? {
    switch field {
    case .name, .surname: FieldRules.nameProblem(value)
    case .email: FieldRules.emailProblem(value)
    case .password: FieldRules.passwordProblem(value)
    case .confirm: FieldRules.confirmationProblem(value, password: self.value(of: .password))
    }
  }

  func stop(_ problem: FormProblem, unasked: [RegisterField]) {
    form.stop(problem, unasked: unasked)
  }

  func validate() -> Bool {
    form.validate(problems)
  }

  func send() async -> FormOutcome {
    let password = value(of: .password)
    let name = value(of: .name)
    let surname = value(of: .surname)
    let email = value(of: .email)

    do {
      let registration = Registration(name: name, surname: surname, email: email, password: password)
      guard case .registered(let accountID) = try await accounts.register(registration) else {
        form.refuse(.email, .alreadyRegistered)
        form.fail(.emailTaken)
        return .stays
      }
      guard !Task.isCancelled else { return .stays }
      try session.markLoggedIn(accountID: accountID)
    } catch {
      form.fail(.couldNotCreateAccount(reason: ErrorSentence.reason(for: error)))
      return .stays
    }
    form.forget(.password)
    form.forget(.confirm)
    router.finish()
    return .registered(name: name)
  }

  func cancel() {
    router.closeForm()
  }

  func switchForm() {
    router.showLogin()
  }
}
