import Commands
import Components
import DesignSystem
import TerminalNavigation
import TerminalText

/// The first screen when logged out: the app's name and two actions.
@MainActor
final class WelcomeScreen: Screen {
  private let viewModel: WelcomeViewModel

  init(viewModel: WelcomeViewModel) {
    self.viewModel = viewModel
    super.init(title: "Welcome", pathComponent: "welcome")
  }

  private enum Action: Sendable {
    case login
    case register
  }

  private static let specs = [
    CommandSpec("login", summary: "Log in to your account", action: Action.login),
    CommandSpec("register", summary: "Create an account", action: .register),
  ]

  override var commands: [Command] {
    Command.table(Self.specs) { action, _ in
      switch action {
      case .login: self.viewModel.selectLogin()
      case .register: self.viewModel.selectRegister()
      }
    }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    [StyledLine(Spacing.indentation()).appending(StyledSpan("Wayfarer", style: Palette.title))]
      + TextBlock("Places near you, code on GitHub, an assistant and your bookmarks, in one terminal.").lines(
        in: context)
      + [.blank]
      + ActionList(
        Self.specs.map { ActionList.Action($0.name, $0.signature.summary) }
          + [ActionList.Action(CommonCommands.quit.name, CommonCommands.quit.summary)]
      ).lines(in: context)
  }
}
