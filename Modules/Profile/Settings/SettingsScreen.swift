import Components
import DesignSystem
import TerminalKit

/// Feature flags with their state; `toggle` flips one.
@MainActor
final class SettingsScreen: Screen {
  private let viewModel: SettingsViewModel

  init(viewModel: SettingsViewModel) {
    self.viewModel = viewModel
    super.init(title: "Settings", pathComponent: "settings")
  }

  override var commands: [Command] {
    let flags = viewModel.flags
    return [
      Command(
        "toggle", usage: "toggle N|NAME", summary: "Turn a feature on or off",
        arguments: .one(meaning: Self.toggleMeaning(flags)),
        completions: flags.indices.map { String($0 + 1) } + flags.map(\.key)
      ) { input in
        guard let reference = input.arguments.first else { return }
        let result = self.viewModel.toggle(reference)
        let context = input.console.context
        switch result {
        case .toggled:
          input.console.write(Message.success(result.sentence, in: context))
          self.setNeedsDisplay()
        case .unknown, .notSaved:
          input.console.write(Message.error(result.sentence, in: context))
        }
      }
    ]
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    switch viewModel.state {
    case .failed(let reason):
      return ErrorState(
        message: Self.readFailureSentence(reason: reason),
        recovery: "Go back and open settings again to retry."
      ).lines(in: context)
    case .loaded(let flags):
      let items = flags.map { ListView.Item(title: $0.title, detail: ($0.isOn ? "on " : "off") + "  (\($0.key))") }
      return ListView(items).lines(in: context) + [.blank]
        + TextBlock(
          "toggle N or toggle NAME turns a feature on or off; it is saved for your account.", style: Palette.muted
        )
        .lines(in: context)
    }
  }
}
