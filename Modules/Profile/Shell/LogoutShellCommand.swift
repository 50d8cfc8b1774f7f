import Commands
import ErrorSentences

/// `wayfarer logout`: Profile's logout from the shell.
enum LogoutShellCommand {
  static let spec = ShellCommandSpec(
    ["logout"], summary: "Log out: the saved session is removed", examples: ["wayfarer logout"])

  static func command(session: @escaping @MainActor () -> (any ProfileSessionStoring, isLoggedIn: Bool)?)
    -> ShellCommand
  {
    ShellCommand(spec) { _, io in
      guard let (store, isLoggedIn) = session() else { return .failure }
      guard isLoggedIn else {
        io.say("No one is logged in.")
        return .success
      }
      do {
        try store.markLoggedOut()
      } catch {
        io.say(ProfileViewModel.LogoutResult.failed(reason: ErrorSentence.reason(for: error)).sentence)
        return .failure
      }
      io.say(ProfileViewModel.LogoutResult.loggedOut.sentence)
      return .success
    }
  }
}
