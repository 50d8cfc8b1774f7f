/// Asks for name, surname, e-mail and the password twice, and registers.
@MainActor
final class RegisterScreen: FormScreen {
  init(viewModel: RegisterViewModel) {
    super.init(
      title: "Register", pathComponent: "register", viewModel: viewModel,
      prompts: [
        FormFieldPrompt(command: "name", prompt: "Name: "),
        FormFieldPrompt(command: "surname", prompt: "Surname: "),
        FormFieldPrompt(command: "email", prompt: "E-mail: "),
        FormFieldPrompt(command: "password", prompt: "Password (at least 8 characters): ", isSecret: true),
        FormFieldPrompt(command: "confirm", prompt: "Confirm password: ", isSecret: true),
      ],
      fillCommand: "register",
      intro: "Create an account: one answer per line. Ctrl-C cancels.",
      progressMessage: "Creating your account…",
      cancelMessage: "Registration cancelled.")
  }
}
