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
  }

  /// Opens Settings.
  static let settings = "settings"
  /// Opens About.
  static let about = "about"

  private static let specs = [
    CommandSpec(settings, summary: "Feature flags", action: Action.settings),
    CommandSpec(about, summary: "Version, credits and licences", action: .about),
  ]

  override var commands: [Command] {
    Command.table(Self.specs) { action, _ in self.perform(action) }
      + [LogoutCommand.command { [unowned self] in self.viewModel.logOut() }]
  }

  override func command(named name: String) -> Command? {
    if let command = Command.named(name, in: Self.specs, perform: { action, _ in self.perform(action) }) {
      return command
    }
    guard name == LogoutCommand.spec.name else { return nil }
    return LogoutCommand.command { [unowned self] in self.viewModel.logOut() }
  }

  private func perform(_ action: Action) {
    switch action {
    case .settings: viewModel.showSettings()
    case .about: viewModel.showAbout()
    }
  }

  /// Settings' and About's commands, for `help toggle` and hints elsewhere.
  override var innerCommands: [InnerCommands] { [SettingsScreen.whereabouts, AboutScreen.whereabouts] }

  override var drawingKey: (any Equatable)? { viewModel.details }

  override func body(in context: RenderContext) -> [StyledLine] {
    let actions = Self.specs.map(\.signature) + [LogoutCommand.spec.signature]
    return KeyValueView(viewModel.details).lines(in: context)
      + [.blank]
      + ActionList(actions.map { ActionList.Action($0.name, $0.summary) }).lines(in: context)
  }
}
