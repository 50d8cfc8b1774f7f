import TerminalKit

/// Login: validates e-mail and password, throttles repeated failures, checks
/// the password, marks the session and leaves the flow.
@MainActor
final class LoginViewModel: FormViewModel {
  private var values: [LoginField: String] = [:]
  private var problems: [LoginField: FieldProblem] = [:]
  private(set) var formProblem: FormProblem?
  private(set) var hasSubmitted = false

  private let accounts: any PreLoginAuthenticating
  private let session: any PreLoginSessionStoring
  private let throttle: LoginThrottle
  private let router: any PreLoginRouting
  private let lifetime = Lifetime(LoginViewModel.self)

  init(
    accounts: any PreLoginAuthenticating, session: any PreLoginSessionStoring, throttle: LoginThrottle,
    router: any PreLoginRouting
  ) {
    self.accounts = accounts
    self.session = session
    self.throttle = throttle
    self.router = router
  }

  func value(of field: LoginField) -> String {
    values[field] ?? ""
  }

  func problem(with field: LoginField) -> FieldProblem? {
    problems[field]
  }

  func setValue(_ value: String, for field: LoginField) {
    values[field] = FieldRules.trimmed(value)
    problems[field] = nil
    formProblem = nil
  }

  func submit() async -> FormOutcome {
    hasSubmitted = true
    formProblem = nil
    let email = value(of: .email)
    let password = value(of: .password)
    problems = [:]
    problems[.email] = FieldRules.emailProblem(email)
    problems[.password] = FieldRules.passwordProblem(password)
    guard problems.isEmpty else { return .stays }

    do {
      // The attempt is counted before the password is checked, so attempts
      // made at once (several processes) cannot all pass the limit.
      if let seconds = try throttle.reserveAttempt(for: email) {
        formProblem = .tooManyAttempts(waitSeconds: seconds)
        return .stays
      }
      guard case .authenticated(let accountID) = try await accounts.authenticate(email: email, password: password)
      else {
        formProblem = .incorrectCredentials
        return .stays
      }
      guard !Task.isCancelled else { return .stays }
      try throttle.recordSuccess(for: email)
      try session.markLoggedIn(accountID: accountID)
    } catch {
      formProblem = .couldNotCheckAccount(reason: String(describing: error))
      return .stays
    }
    values[.password] = nil
    router.finish()
    return .loggedIn(email: email)
  }

  func cancel() {
    router.closeForm()
  }
}
