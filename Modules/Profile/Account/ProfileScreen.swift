import Commands
import Components
import DesignSystem
import TerminalConsole
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

  /// Opens Settings.
  static let settings = "settings"
  /// Opens About.
  static let about = "about"

  private static let specs = [
    CommandSpec(settings, summary: "Feature flags", action: Action.settings),
    CommandSpec(about, summary: "Version, credits and licences", action: .about),
    LogoutCommand.spec(Action.logout),
  ]

  override var commands: [Command] {
    Command.table(Self.specs) { action, console in self.perform(action, on: console) }
  }

  override func command(named name: String) -> Command? {
    Command.named(name, in: Self.specs) { action, console in self.perform(action, on: console) }
  }

  private func perform(_ action: Action, on console: any Console) {
    switch action {
    case .settings: viewModel.showSettings()
    case .about: viewModel.showAbout()
    case .logout: LogoutCommand.perform({ self.viewModel.logOut() }, on: console)
    }
  }

  /// Settings' and About's commands, for `help toggle` and hints elsewhere.
  override var innerCommands: [InnerCommands] { [SettingsScreen.whereabouts, AboutScreen.whereabouts] }

  override var drawingKey: (any Equatable)? { viewModel.details }

  override func body(in context: RenderContext) -> [StyledLine] {
    let actions = Self.specs.map(\.signature)
    return KeyValueView(viewModel.details).lines(in: context)
      + [.blank]
      + ActionList(actions.map { ActionList.Action($0.name, $0.summary) }).lines(in: context)
  }
}
