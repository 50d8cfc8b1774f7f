import Commands
import Components
import DesignSystem
import TerminalConsole
import TerminalNavigation
import TerminalText

/// Feature flags with their state; `toggle` flips one.
@MainActor
final class SettingsScreen: Screen {
  private let viewModel: SettingsViewModel
  private let logOut: @MainActor () -> ProfileViewModel.LogoutResult

  init(viewModel: SettingsViewModel, logOut: @escaping @MainActor () -> ProfileViewModel.LogoutResult) {
    self.viewModel = viewModel
    self.logOut = logOut
    super.init(title: Self.title, pathComponent: "settings")
  }

  static let title = "Settings"

  /// Its commands and the way there, for hints elsewhere (its flags are
  /// read only when it opens).
  static let whereabouts = InnerCommands(
    .titled(title), screen: SettingsScreen.self, way: [ProfileScreen.settings],
    signatures: specs(flags: nil).map(\.signature))

  /// What its commands do: flip the flag named or numbered so, or log out.
  enum Action: Sendable {
    case toggle(String)
    case logout
  }

  /// `toggle N|NAME`: the flags as they are now give its numbers and names
  /// (nil: not read, for help shown before Settings opens).
  static func specs(flags: [FeatureFlagState]?) -> [CommandSpec<Action>] {
    [
      CommandSpec(
        "toggle",
        Parameter(
          "N|NAME", .word, meaning: Self.toggleMeaning(flags),
          completions: (flags ?? []).indices.map { String($0 + 1) } + (flags ?? []).map(\.key)),
        summary: "Turn a feature on or off"
      ) { .toggle($0.word ?? "") },
      LogoutCommand.spec(.logout),
    ]
  }

  /// The specs of the flags last listed: made again only when they change
  /// (a screen is made each time Settings opens, so kept by the type).
  private static let specMemo = SpecMemo<[FeatureFlagState]?, Action>()

  override var commands: [Command] { Command.table(specs) { action, console in self.perform(action, on: console) } }

  override func command(named name: String) -> Command? {
    Command.named(name, in: specs) { action, console in self.perform(action, on: console) }
  }

  private var specs: [CommandSpec<Action>] { Self.specMemo.specs(for: viewModel.flags, Self.specs(flags:)) }

  private func perform(_ action: Action, on console: any Console) {
    switch action {
    case .toggle(let reference): console.write(toggle(reference, in: console.context))
    case .logout: LogoutCommand.perform(logOut, on: console)
    }
  }

  /// Flips the flag `reference` names; what to say about it.
  private func toggle(_ reference: String, in context: RenderContext) -> StyledLine {
    let result = viewModel.toggle(reference)
    switch result {
    case .toggled:
      setNeedsDisplay()
      return Message.success(result.sentence, in: context)
    case .unknown, .notSaved:
      return Message.error(result.sentence, in: context)
    }
  }

  override var drawingKey: (any Equatable)? { viewModel.state }

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
