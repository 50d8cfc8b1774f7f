import Commands
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

  private enum Action: Sendable {
    case settings
    case about
    case logout
  }

  private static let specs = [
    CommandSpec("settings", summary: "Feature flags", action: Action.settings),
    CommandSpec("about", summary: "Version, credits and licences", action: .about),
    CommandSpec("logout", summary: "Log out and return to Welcome", action: .logout),
  ]

  override var commands: [Command] {
    Command.table(Self.specs) { action, console in
      switch action {
      case .settings: self.viewModel.showSettings()
      case .about: self.viewModel.showAbout()
      case .logout:
        let result = self.viewModel.logOut()
        switch result {
        case .loggedOut: console.write(Message.success(result.sentence, in: console.context))
        case .failed: console.write(Message.error(result.sentence, in: console.context))
        }
      }
    }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    KeyValueView(viewModel.details).lines(in: context)
      + [.blank]
      + ActionList(Self.specs.map { ActionList.Action($0.name, $0.signature.summary) }).lines(in: context)
  }
}
