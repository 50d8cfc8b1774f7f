import TerminalKit

/// Register: validates every field, creates the account, logs it in.
@MainActor
final class RegisterViewModel: FormViewModel {
  static let emailTaken = "An account with this e-mail already exists. Go back and log in instead."

  private var values: [RegisterField: String] = [:]
  private var problems: [RegisterField: String] = [:]
  private(set) var formError: String?
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

  func problem(with field: RegisterField) -> String? {
    problems[field]
  }

  func setValue(_ value: String, for field: RegisterField) {
    values[field] = FieldRules.trimmed(value)
    problems[field] = nil
    formError = nil
  }

  func submit() async -> String? {
    hasSubmitted = true
    formError = nil
    let name = value(of: .name)
    let surname = value(of: .surname)
    let email = value(of: .email)
    let password = value(of: .password)
    let confirm = value(of: .confirm)
    problems = [:]
    problems[.name] = FieldRules.nameError(name)
    problems[.surname] = FieldRules.nameError(surname)
    problems[.email] = FieldRules.emailError(email)
    problems[.password] = FieldRules.passwordError(password)
    problems[.confirm] =
      FieldRules.requiredError(confirm) ?? (confirm == password ? nil : FieldRules.passwordsDiffer)
    guard problems.isEmpty else { return nil }

    do {
      guard
        let accountID = try await accounts.register(name: name, surname: surname, email: email, password: password)
      else {
        problems[.email] = "Already registered"
        formError = Self.emailTaken
        return nil
      }
      guard !Task.isCancelled else { return nil }
      try session.markLoggedIn(accountID: accountID)
    } catch {
      formError = "Wayfarer could not create the account: \(error). Nothing was saved; try again."
      return nil
    }
    values[.password] = nil
    values[.confirm] = nil
    router.finish()
    return "Account created. Welcome, \(name)!"
  }

  func cancel() {
    router.closeForm()
  }
}
