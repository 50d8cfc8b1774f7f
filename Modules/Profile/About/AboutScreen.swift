import Commands
import Components
import DesignSystem
import TerminalNavigation
import TerminalText

/// What Wayfarer is, its version, and what it is built on.
@MainActor
final class AboutScreen: Screen {
  private let viewModel: AboutViewModel
  private let logOut: @MainActor () -> ProfileViewModel.LogoutResult

  init(viewModel: AboutViewModel, logOut: @escaping @MainActor () -> ProfileViewModel.LogoutResult) {
    self.viewModel = viewModel
    self.logOut = logOut
    super.init(title: Self.title, pathComponent: "about")
  }

  static let title = "About"

  /// Its commands and the way there, for hints elsewhere.
  static let whereabouts = InnerCommands(
    .titled(title), screen: AboutScreen.self, way: [ProfileScreen.about], signatures: specs.map(\.signature))

  private static let specs = [LogoutCommand.spec(())]

  override var commands: [Command] {
    Command.table(Self.specs) { _, console in LogoutCommand.perform(self.logOut, on: console) }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    KeyValueView([KeyValueView.Row("Version", viewModel.version)]).lines(in: context)
      + [.blank]
      + TextBlock("Wayfarer re-creates a modular iOS app in a terminal. Built with and on:").lines(in: context)
      + KeyValueView(viewModel.credits.map { KeyValueView.Row($0.name, $0.licence) }).lines(in: context)
  }
}
