import TerminalKit

/// Login: validates e-mail and password, throttles repeated failures, checks
/// the password, marks the session and leaves the flow.
@MainActor
final class LoginViewModel: FormViewModel {
  static let incorrectCredentials = "E-mail or password is incorrect"

  private var values: [LoginField: String] = [:]
  private var problems: [LoginField: String] = [:]
  private(set) var formError: String?
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

  func problem(with field: LoginField) -> String? {
    problems[field]
  }

  func setValue(_ value: String, for field: LoginField) {
    values[field] = FieldRules.trimmed(value)
    problems[field] = nil
    formError = nil
  }

  func submit() async -> String? {
    hasSubmitted = true
    formError = nil
    let email = value(of: .email)
    let password = value(of: .password)
    problems = [:]
    problems[.email] = FieldRules.emailError(email)
    problems[.password] = FieldRules.passwordError(password)
    guard problems.isEmpty else { return nil }

    do {
      // The attempt is counted before the password is checked, so attempts
      // made at once (several processes) cannot all pass the limit.
      if let seconds = try throttle.reserveAttempt(for: email) {
        formError = LoginThrottle.waitMessage(seconds: seconds)
        return nil
      }
      guard let accountID = try await accounts.authenticate(email: email, password: password) else {
        formError = Self.incorrectCredentials
        return nil
      }
      guard !Task.isCancelled else { return nil }
      try throttle.recordSuccess(for: email)
      try session.markLoggedIn(accountID: accountID)
    } catch {
      formError = "Wayfarer could not check your account: \(error). Nothing was changed; try again."
      return nil
    }
    let message = "Logged in as \(email)."
    values[.password] = nil
    router.finish()
    return message
  }

  func cancel() {
    router.closeForm()
  }
}
