import Components
import DesignSystem
import TerminalKit

/// One place: the basic facts at once, Place Details when they arrive, and
/// the favorite toggle.
@MainActor
final class PlaceDetailScreen: Screen {
  private let viewModel: PlaceDetailViewModel

  init(viewModel: PlaceDetailViewModel) {
    self.viewModel = viewModel
    super.init(title: TextSanitizer.clean(viewModel.place.name), pathComponent: "detail")
  }

  override var commands: [Command] {
    [
      Command("favorite", summary: "Save this place to your bookmarks, or remove it") { input in
        let result = self.viewModel.toggleFavorite()
        let context = input.console.context
        input.console.write(
          result.succeeded ? Message.success(result.message, in: context) : Message.error(result.message, in: context))
        if result.succeeded { self.setNeedsDisplay() }
      }
    ]
  }

  override func drawsBeforeAppearing(in context: RenderContext) -> Bool {
    context.capabilities.outputIsTerminal || viewModel.details != .loading
  }

  override func didAppear(console: any Console) async {
    guard viewModel.details == .loading else { return }
    await LoadingIndicator.run("Loading details…", console: console) { await viewModel.loadDetails() }
    setNeedsDisplay()
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    var lines = KeyValueView(viewModel.facts).lines(in: context)
    lines.append(.blank)
    switch viewModel.details {
    case .loading:
      lines += TextBlock("Details are on their way…", style: Palette.muted).lines(in: context)
    case .unavailable(let reason):
      lines.append(Message.warning("Details are unavailable: \(reason)", in: context))
    case .loaded(let details):
      let extra = [
        ("Wheelchair", details.wheelchair), ("Fee", details.fee), ("Timezone", details.timezone),
        ("Wikipedia", details.wikipedia),
      ].compactMap { pair in pair.1.map { (key: pair.0, value: $0) } }
      lines +=
        extra.isEmpty
        ? TextBlock("No further details are known.", style: Palette.muted).lines(in: context)
        : KeyValueView(extra).lines(in: context)
    }
    if viewModel.favoritesEnabled {
      lines.append(.blank)
      lines += ActionList([
        ActionList.Action(
          "favorite",
          viewModel.isFavorite ? "Saved in your bookmarks; type favorite to remove it" : "Save to your bookmarks"),
        ActionList.Action("back", "Back to the list"),
      ]).lines(in: context)
    }
    return lines
  }
}
