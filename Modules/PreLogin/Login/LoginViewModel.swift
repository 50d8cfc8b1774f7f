import Components
import TerminalKit

/// Login: validates e-mail and password, throttles repeated failures, checks
/// the password, marks the session and leaves the flow.
@MainActor
final class LoginViewModel: FormViewModel {
  static let incorrectCredentials = "E-mail or password is incorrect"

  private(set) var email = ""
  private var password = ""
  private var emailError: String?
  private var passwordError: String?
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

  var fields: [FormView.Field] {
    [
      FormView.Field(label: "E-mail", command: "email", value: email, error: emailError),
      FormView.Field(label: "Password", command: "password", value: password, isSecret: true, error: passwordError),
    ]
  }

  func setValue(_ value: String, forField command: String) {
    let value = FieldRules.trimmed(value)
    switch command {
    case "email":
      email = value
      emailError = nil
    case "password":
      password = value
      passwordError = nil
    default:
      return
    }
    formError = nil
  }

  func submit() async -> String? {
    hasSubmitted = true
    formError = nil
    emailError = FieldRules.emailError(email)
    passwordError = FieldRules.passwordError(password)
    guard emailError == nil, passwordError == nil else { return nil }

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
    password = ""
    router.finish()
    return message
  }

  func cancel() {
    router.closeForm()
  }
}
