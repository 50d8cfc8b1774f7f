import Commands
import Components
import DesignSystem
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// One place: the basic facts at once, Place Details when they arrive,
/// `web` when it has a website, and the favorite toggle.
@MainActor
final class PlaceDetailScreen: Screen {
  private let viewModel: PlaceDetailViewModel
  private let browser: (any PlaceWebOpening)?

  init(viewModel: PlaceDetailViewModel, browser: (any PlaceWebOpening)? = nil) {
    self.viewModel = viewModel
    self.browser = browser
    super.init(title: "Place", pathComponent: "detail")
  }

  override var title: String {
    viewModel.place.map { TextSanitizer.clean($0.name) } ?? super.title
  }

  private enum Action: Sendable {
    case web
    case favorite
  }

  private static let web = CommandSpec(
    "web", summary: "Print the place's website (and open it in a browser on a terminal)", action: Action.web)
  private static let favorite = CommandSpec(
    "favorite", summary: "Save this place to your bookmarks, or remove it", action: Action.favorite)

  /// Its commands and the way there from Home's list, for hints elsewhere.
  static let whereabouts = InnerCommands(
    .described("a place's page"), screen: PlaceDetailScreen.self, way: ["open one"],
    signatures: [web.signature, favorite.signature])

  /// `web` when the place has a website; `favorite` only while the
  /// favorites flag is on (Profile › Settings).
  override var commands: [Command] {
    let specs =
      (viewModel.website != nil ? [Self.web] : []) + (viewModel.areFavoritesOffered ? [Self.favorite] : [])
    return Command.table(specs) { action, console in
      switch action {
      case .web: self.showWebsite(on: console)
      case .favorite: self.toggleFavorite(console: console)
      }
    }
  }

  /// `web` on a place with no website, and `favorite` while favorites are
  /// off, say so rather than "Unknown command".
  override func reasonUnavailable(_ name: String) -> String? {
    switch name {
    case Self.web.name where viewModel.website == nil:
      "\(title) has no website in the map's data."
    case Self.favorite.name where !viewModel.areFavoritesOffered:
      PlaceDetailWording.sentence(for: .favoritesOff)
    default:
      nil
    }
  }

  private func showWebsite(on console: any Console) {
    guard let address = viewModel.website else { return }
    WebAddress.show(address, on: console) { self.browser?.open($0) ?? false }
  }

  private func toggleFavorite(console: any Console) {
    let result = viewModel.toggleFavorite()
    let sentence = PlaceDetailWording.sentence(for: result)
    switch result {
    case .saved, .removed:
      console.write(Message.success(sentence, in: console.context))
      setNeedsDisplay()
    case .favoritesOff, .failed:
      console.write(Message.error(sentence, in: console.context))
    }
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
    // The facts and the details read as one table: one key column.
    let extra = extraRows
    let keyWidth = max(KeyValueView.keyWidth(of: viewModel.facts), KeyValueView.keyWidth(of: extra))
    var lines = KeyValueView(viewModel.facts, minimumKeyWidth: keyWidth).lines(in: context)
    if !lines.isEmpty { lines.append(.blank) }
    switch viewModel.details {
    case .loading:
      lines += TextBlock("Details are on their way…", style: Palette.muted).lines(in: context)
    case .notFound:
      lines.append(Message.warning(PlaceDetailWording.notFound(id: viewModel.placeID), in: context))
    case .unavailable(.cancelled):
      // Ctrl-C is not a failure: said quietly, with the way to try again.
      lines.append(Message.info(PlaceDetailWording.cancelled, in: context))
    case .unavailable(let failure):
      lines.append(Message.warning("Details are unavailable: \(PlaceDetailWording.reason(failure))", in: context))
    case .loaded(let details):
      lines +=
        details.isShownEmpty
        ? TextBlock("No further details are known.", style: Palette.muted).lines(in: context)
        : KeyValueView(extra, minimumKeyWidth: keyWidth).lines(in: context)
    }
    let web = viewModel.website.map { _ in ActionList.Action("web", "The place's website") }
    let favorite =
      viewModel.favoritesEnabled
      ? ActionList.Action(
        "favorite",
        viewModel.isFavorite ? "Saved in your bookmarks; type favorite to remove it" : "Save to your bookmarks")
      : nil
    let actions = [web, favorite].compactMap { $0 }
    if !actions.isEmpty {
      lines.append(.blank)
      lines += ActionList(actions + [ActionList.Action("back", "Back to the list")]).lines(in: context)
    }
    return lines
  }
}

extension PlaceDetailScreen {
  /// What Place Details adds, once loaded.
  fileprivate var extraRows: [KeyValueView.Row] {
    guard case .loaded(let details) = viewModel.details else { return [] }
    let rows: [KeyValueView.Row?] = [
      KeyValueView.Row("Wheelchair", details.wheelchair), KeyValueView.Row("Fee", details.fee),
      KeyValueView.Row("Timezone", details.timezone), KeyValueView.Row("Wikipedia", details.wikipedia),
    ]
    return rows.compactMap { $0 }
  }
}

extension PlaceDetails {
  /// Whether none of the extra rows the detail shows has a value.
  fileprivate var isShownEmpty: Bool {
    [wheelchair, fee, timezone, wikipedia].allSatisfy { $0 == nil }
  }
}
