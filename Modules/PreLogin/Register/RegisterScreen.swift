/// Asks for name, surname, e-mail and the password twice, and registers.
@MainActor
final class RegisterScreen: FormScreen<RegisterViewModel> {
  init(viewModel: RegisterViewModel) {
    super.init(
      title: "Register", pathComponent: "register", viewModel: viewModel, prompt: RegisterScreen.prompt(for:),
      fillCommand: "register",
      otherForm: FormSwitch(command: "login", summary: "Log in to an existing account instead"),
      intro: "Create an account: one answer per line. Ctrl-C cancels.",
      progressMessage: "Creating your account…",
      cancelMessage: "Registration cancelled.")
  }

  static func prompt(for field: RegisterField) -> FormFieldPrompt {
    switch field {
    case .name: FormFieldPrompt(command: "name", label: "Name", prompt: "Name: ")
    case .surname: FormFieldPrompt(command: "surname", label: "Surname", prompt: "Surname: ")
    case .email: FormFieldPrompt(command: "email", label: "E-mail", prompt: "E-mail: ")
    case .password:
      FormFieldPrompt(
        command: "password", label: "Password", prompt: "Password (at least 8 characters): ", isSecret: true)
    case .confirm:
      FormFieldPrompt(command: "confirm", label: "Confirm password", prompt: "Confirm password: ", isSecret: true)
    }
  }
}
