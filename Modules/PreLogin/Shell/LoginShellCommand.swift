import Commands
import FeatureEnvironment
import Foundation

/// `wayfarer login --email E --password-stdin`: Login's form from the
/// shell, through the same view model (its checks, throttle and words).
enum LoginShellCommand {
  static let spec = ShellCommandSpec(
    ["login"], summary: "Log in, for the commands that use an account's data",
    options: [
      ShellOption(
        "--email", Parameter("E", .word, meaning: "E is the account's e-mail address"), summary: "The e-mail address"),
      ShellOption("--password-stdin", summary: "Read the password from the first line of standard input"),
    ],
    examples: ["printf '%s\\n' \"$PASSWORD\" | wayfarer login --email ana@example.com --password-stdin"])

  static func command(dependencies: @escaping @MainActor () -> (PreLoginDependencies, Environment)?) -> ShellCommand {
    ShellCommand(spec) { arguments, io in
      guard let email = arguments.value("--email"), arguments.has("--password-stdin") else {
        io.say(
          "Give the e-mail with --email and the password on standard input with --password-stdin (a password is never an argument: others can read those); on a terminal, log in inside wayfarer instead."
        )
        return .usage
      }
      if io.inputIsTerminal {
        io.say(
          "--password-stdin reads a pipe, and standard input is a terminal here; pipe the password in, or log in inside wayfarer, where it is not shown."
        )
        return .usage
      }
      guard let input = io.readInput(limit: 4_096) else { return .failure }
      // The first line, however it ends ("\r\n" is one Character in Swift).
      let password = String(
        input.split(maxSplits: 1, omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
      guard let (dependencies, environment) = dependencies() else { return .failure }
      let viewModel = LoginViewModel(
        accounts: dependencies.accounts, session: dependencies.session,
        throttle: LoginThrottle(attempts: dependencies.attempts, now: environment.now), router: ShellRouter())
      viewModel.setValue(email, for: .email)
      viewModel.setValue(password, for: .password)
      guard viewModel.validate() else {
        for field in LoginField.allCases {
          if let problem = viewModel.form.problem(with: field) {
            io.say("\(LoginScreen.prompt(for: field).label): \(problem.sentence).")
          }
        }
        return .usage
      }
      let outcome = await viewModel.send()
      if let problem = viewModel.form.formProblem {
        io.say(problem.sentence + (problem.sentence.hasSuffix(".") ? "" : "."))
        return .failure
      }
      if let sentence = outcome.successSentence { io.say(sentence) }
      return .success
    }
  }

  /// The forms' router when there are no screens: nothing to show.
  @MainActor
  final class ShellRouter: PreLoginRouting {
    func showLogin() {}
    func showRegister() {}
    func closeForm() {}
    func finish() {}
  }
}
