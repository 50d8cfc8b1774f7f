import Diagnostics
import ErrorSentences

/// Login: validates e-mail and password, throttles repeated failures, checks
/// the password, marks the session and leaves the flow.
@MainActor
final class LoginViewModel: FormViewModel {
  private(set) var form = FormState<LoginField>()
  private var signedInAs: String?

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

  func setValue(_ value: String, for field: LoginField) {
    form.set(value, for: field)
  }

  func rule(_ field: LoginField, _ value: String) -> FieldProblem? {
    switch field {
    case .email: FieldRules.emailProblem(value)
    case .password: FieldRules.passwordProblem(value)
    }
  }

  /// The throttle's wait, said before a password is asked for nothing.
  func stop(before field: LoginField) -> FormProblem? {
    guard field == .password, check(.email) == nil else { return nil }
    let seconds: Int?
    do {
      seconds = try throttle.currentWait(for: value(of: .email))
    } catch {
      // Sending says so, with the reason, if it still cannot be read.
      return nil
    }
    return seconds.map { .tooManyAttempts(waitSeconds: $0) }
  }

  func stop(_ problem: FormProblem, unasked: [LoginField]) {
    form.stop(problem, unasked: unasked)
  }

  func validate() -> Bool {
    form.validate(problems)
  }

  func send() async -> FormOutcome {
    let email = value(of: .email)
    let password = value(of: .password)

    do {
      // The attempt is counted before the password is checked, so attempts
      // made at once (several processes) cannot all pass the limit.
      if let seconds = try throttle.reserveAttempt(for: email) {
        form.fail(.tooManyAttempts(waitSeconds: seconds))
        return .stays
      }
      guard
        case .authenticated(let accountID, let storedEmail) = try await accounts.authenticate(
          email: email, password: password)
      else {
        form.fail(.incorrectCredentials)
        return .stays
      }
      guard !Task.isCancelled else { return .stays }
      try throttle.recordSuccess(for: email)
      try session.markLoggedIn(accountID: accountID)
      signedInAs = storedEmail
    } catch {
      form.fail(.couldNotCheckAccount(reason: ErrorSentence.reason(for: error)))
      return .stays
    }
    form.forget(.password)
    router.finish()
    // The address as the account has it, not as typed (any case).
    return .loggedIn(email: signedInAs ?? email)
  }

  func cancel() {
    router.closeForm()
  }

  func switchForm() {
    router.showRegister()
  }
}
