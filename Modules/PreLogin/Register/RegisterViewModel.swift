import Components
import TerminalKit

/// Register: validates every field, creates the account, logs it in.
@MainActor
final class RegisterViewModel: FormViewModel {
  static let emailTaken = "An account with this e-mail already exists. Go back and log in instead."

  private var values: [String: String] = [:]
  private var errors: [String: String] = [:]
  private(set) var formError: String?
  private(set) var hasSubmitted = false

  private let accounts: any PreLoginAuthenticating
  private let session: any PreLoginSessionStoring
  private let router: any PreLoginRouting
  private let lifetime = Lifetime(RegisterViewModel.self)

  /// Field commands and labels, in the order they are asked.
  static let fieldLabels: [(command: String, label: String)] = [
    ("name", "Name"), ("surname", "Surname"), ("email", "E-mail"), ("password", "Password"),
    ("confirm", "Confirm password"),
  ]

  init(accounts: any PreLoginAuthenticating, session: any PreLoginSessionStoring, router: any PreLoginRouting) {
    self.accounts = accounts
    self.session = session
    self.router = router
  }

  var fields: [FormView.Field] {
    Self.fieldLabels.map { field in
      FormView.Field(
        label: field.label, command: field.command, value: values[field.command] ?? "",
        isSecret: field.command == "password" || field.command == "confirm", error: errors[field.command])
    }
  }

  func setValue(_ value: String, forField command: String) {
    guard Self.fieldLabels.contains(where: { $0.command == command }) else { return }
    values[command] = FieldRules.trimmed(value)
    errors[command] = nil
    formError = nil
  }

  func submit() async -> String? {
    hasSubmitted = true
    formError = nil
    let name = values["name"] ?? ""
    let surname = values["surname"] ?? ""
    let email = values["email"] ?? ""
    let password = values["password"] ?? ""
    let confirm = values["confirm"] ?? ""
    errors = [:]
    errors["name"] = FieldRules.nameError(name)
    errors["surname"] = FieldRules.nameError(surname)
    errors["email"] = FieldRules.emailError(email)
    errors["password"] = FieldRules.passwordError(password)
    errors["confirm"] =
      FieldRules.requiredError(confirm) ?? (confirm == password ? nil : FieldRules.passwordsDiffer)
    guard errors.isEmpty else { return nil }

    do {
      guard
        let accountID = try await accounts.register(name: name, surname: surname, email: email, password: password)
      else {
        errors["email"] = "Already registered"
        formError = Self.emailTaken
        return nil
      }
      guard !Task.isCancelled else { return nil }
      try session.markLoggedIn(accountID: accountID)
    } catch {
      formError = "Wayfarer could not create the account: \(error). Nothing was saved; try again."
      return nil
    }
    values["password"] = nil
    values["confirm"] = nil
    router.finish()
    return "Account created. Welcome, \(name)!"
  }

  func cancel() {
    router.closeForm()
  }
}
