import Commands
import Components
import TerminalConsole
import TerminalNavigation

/// `logout`, the same on every Profile screen: its spec, and what its
/// result says.
@MainActor
enum LogoutCommand {
  /// `logout`'s spec, doing `action` on a screen whose commands are its specs.
  static func spec<Action: Sendable>(_ action: Action) -> CommandSpec<Action> {
    CommandSpec("logout", summary: "Log out and return to Welcome", action: action)
  }

  /// Logs out through `logOut` and says how it went on `console`.
  static func perform(_ logOut: @MainActor () -> ProfileViewModel.LogoutResult, on console: any Console) {
    let result = logOut()
    switch result {
    case .loggedOut: console.write(Message.success(result.sentence, in: console.context))
    case .failed: console.write(Message.error(result.sentence, in: console.context))
    }
  }
}
