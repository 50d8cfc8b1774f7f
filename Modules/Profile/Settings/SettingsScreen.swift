import Components
import DesignSystem
import TerminalNavigation
import TerminalText

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
      // `on` stands out; `off` stays as quiet as the key beside it.
      let items = flags.map { flag in
        ListView.Item(
          title: flag.title,
          detailSpans: [
            StyledSpan(flag.isOn ? "on " : "off", style: flag.isOn ? Palette.enabled : Palette.muted),
            StyledSpan("  (\(flag.key))", style: Palette.muted),
          ])
      }
      return ListView(items).lines(in: context) + [.blank]
        + TextBlock(
          "toggle N or toggle NAME turns a feature on or off; it is saved for your account.", style: Palette.muted
        )
        .lines(in: context)
    }
  }
}
