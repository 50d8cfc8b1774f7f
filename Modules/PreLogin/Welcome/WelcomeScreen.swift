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

  override var commands: [Command] {
    [
      Command("login", summary: "Log in to your account") { _ in self.viewModel.selectLogin() },
      Command("register", summary: "Create an account") { _ in self.viewModel.selectRegister() },
    ]
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    [StyledLine(Spacing.indentation()) + StyledSpan("Wayfarer", style: Palette.title)]
      + TextBlock("Places near you, code on GitHub, an assistant and your bookmarks, in one terminal.").lines(
        in: context)
      + [.blank]
      + ActionList([
        ActionList.Action("login", "Log in to your account"),
        ActionList.Action("register", "Create an account"),
        ActionList.Action("quit", "Leave Wayfarer"),
      ]).lines(in: context)
  }
}
