/// Asks for e-mail and password and logs in.
@MainActor
final class LoginScreen: FormScreen {
  init(viewModel: LoginViewModel) {
    super.init(
      title: "Log in", pathComponent: "login", viewModel: viewModel,
      prompts: [
        FormFieldPrompt(command: "email", prompt: "E-mail: "),
        FormFieldPrompt(command: "password", prompt: "Password: ", isSecret: true),
      ],
      fillCommand: "login",
      intro: "Log in with the e-mail and password you registered with. Ctrl-C cancels.",
      progressMessage: "Logging in…",
      cancelMessage: "Login cancelled.")
  }
}
