import Components
import DesignSystem
import TerminalNavigation
import TerminalText

/// The Profile tab's root: who is logged in, and what can be done.
@MainActor
final class ProfileScreen: Screen {
  private let viewModel: ProfileViewModel

  init(viewModel: ProfileViewModel) {
    self.viewModel = viewModel
    super.init(title: "Profile", pathComponent: "profile")
  }

  override var commands: [Command] {
    [
      Command("settings", summary: "Feature flags") { _ in self.viewModel.showSettings() },
      Command("about", summary: "Version, credits and licences") { _ in self.viewModel.showAbout() },
      Command("logout", summary: "Log out and return to Welcome") { input in
        let result = self.viewModel.logOut()
        switch result {
        case .loggedOut: input.console.write(Message.success(result.sentence, in: input.console.context))
        case .failed: input.console.write(Message.error(result.sentence, in: input.console.context))
        }
      },
    ]
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    KeyValueView(viewModel.details).lines(in: context)
      + [.blank]
      + ActionList([
        ActionList.Action("settings", "Feature flags"),
        ActionList.Action("about", "Version, credits and licences"),
        ActionList.Action("logout", "Log out and return to Welcome"),
      ]).lines(in: context)
  }
}
