/// Asks for e-mail and password and logs in.
@MainActor
final class LoginScreen: FormScreen<LoginViewModel> {
  init(viewModel: LoginViewModel) {
    super.init(
      title: "Log in", pathComponent: "login", viewModel: viewModel, prompt: LoginScreen.prompt(for:),
      fillCommand: "login",
      otherForm: FormSwitch(command: "register", summary: "Create an account instead"),
      intro: "Log in with the e-mail and password you registered with. Ctrl-C cancels.",
      progressMessage: "Logging in…",
      cancelMessage: "Login cancelled.")
  }

  static func prompt(for field: LoginField) -> FormFieldPrompt {
    switch field {
    case .email: FormFieldPrompt(command: "email", label: "E-mail", prompt: "E-mail: ")
    case .password: FormFieldPrompt(command: "password", label: "Password", prompt: "Password: ", isSecret: true)
    }
  }
}
