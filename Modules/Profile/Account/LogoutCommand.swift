import Commands
import Components
import TerminalNavigation

/// `logout`, the same on every Profile screen: the command, and what its
/// result says.
@MainActor
enum LogoutCommand {
  static let spec = CommandSpec("logout", summary: "Log out and return to Welcome", action: ())

  /// The command, logging out through `logOut`.
  static func command(_ logOut: @escaping @MainActor () -> ProfileViewModel.LogoutResult) -> Command {
    Command(spec) { _, console in
      let result = logOut()
      switch result {
      case .loggedOut: console.write(Message.success(result.sentence, in: console.context))
      case .failed: console.write(Message.error(result.sentence, in: console.context))
      }
    }
  }
}
