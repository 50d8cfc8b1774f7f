import Components
import DesignSystem
import TerminalKit

/// What Wayfarer is, its version, and what it is built on.
@MainActor
final class AboutScreen: Screen {
  private let viewModel: AboutViewModel

  init(viewModel: AboutViewModel) {
    self.viewModel = viewModel
    super.init(title: "About", pathComponent: "about")
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    KeyValueView([("Version", viewModel.version)]).lines(in: context)
      + [.blank]
      + TextBlock("Wayfarer re-creates a modular iOS app in a terminal. Built with and on:").lines(in: context)
      + KeyValueView(viewModel.credits.map { (key: $0.name, value: $0.licence) }).lines(in: context)
  }
}
