import Commands
import Components
import DesignSystem
import Foundation
import FuzzyMatching
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// Home's root: places near the current location, numbered for `open N`.
@MainActor
final class NearbyPlacesScreen: Screen {
  private let viewModel: NearbyPlacesViewModel
  /// The widths of the list last drawn from its top: the rows `more` adds
  /// under it keep them, so that their columns line up.
  private var printedColumns: ListView.Columns?

  init(viewModel: NearbyPlacesViewModel) {
    self.viewModel = viewModel
    super.init(title: "Home", pathComponent: "home")
  }

  override var innerCommands: [InnerCommands] { [PlaceDetailScreen.whereabouts] }

  /// The specs of the last counts and categories: made again only when they change.
  private static let specMemo = SpecMemo<NearbyCommand.TableInputs, NearbyCommand>()

  override var commands: [Command] {
    Command.table(specs) { command, console in await self.perform(command, on: console) }
  }

  override func command(named name: String) -> Command? {
    Command.named(name, in: specs) { command, console in await self.perform(command, on: console) }
  }

  private var specs: [CommandSpec<NearbyCommand>] {
    let inputs = NearbyCommand.TableInputs(
      rows: viewModel.shownCount, cities: viewModel.cityResults.count,
      // Only what the command accepts now: no categories while the filter is off.
      categories: viewModel.isCategoryFilterEnabled ? viewModel.categories : [])
    return Self.specMemo.specs(for: inputs) {
      NearbyCommand.specs(rows: $0.rows, cities: $0.cities, categories: $0.categories)
    }
  }

  private func perform(_ command: NearbyCommand, on console: any Console) async {
    defer { choosePage(in: console.context) }
    switch command {
    case .nearby:
      showFirstPage(in: console.context)
      setNeedsDisplay()
    case .more: await loadMore(on: console)
    case .filter(let text):
      viewModel.setFilter(text)
      setNeedsDisplay()
    case .category(let name): report(viewModel.setCategory(name), on: console)
    case .city(let name): await searchCity(name, console: console)
    case .use(let number):
      report(
        await LoadingIndicator.run(viewModel.useCity(number), saying: "Loading places…", console: console), on: console)
    case .open(let number):
      if let problem = viewModel.open(number) { report(problem, on: console) }
    case .refresh:
      await LoadingIndicator.run("Loading places…", console: console) { await viewModel.refresh() }
      setNeedsDisplay()
    case .map: drawMap(on: console)
    }
  }

  private func loadMore(on console: any Console) async {
    let shown = viewModel.shownCount
    if let problem = await LoadingIndicator.run(
      viewModel.loadMore(rows: pageRows(in: console.context)), saying: "Loading more places…", console: console)
    {
      return report(problem, on: console)
    }
    // Numbered again: drawn again from the top, so that `open N` takes
    // the number last seen.
    if viewModel.isRenumbered { return setNeedsDisplay() }
    // Only the rows this added, numbered on: the list above stays
    // where it is, and 500 `more`s print each place once.
    console.write(addedRows(after: shown, in: console.context))
  }

  private func drawMap(on console: any Console) {
    guard viewModel.isMapEnabled else {
      return console.write(
        Message.error("The map is off. Turn it on in Profile › Settings (toggle map).", in: console.context))
    }
    let places = viewModel.shownRows.map { (number: $0.number, place: $0.row) }
    guard !places.isEmpty else {
      let sentence =
        viewModel.places.isEmpty
        ? "There are no places to draw yet."
        : "There is no place to draw: no loaded place matches the filter. \(NearbyWording.clearFilters)"
      return console.write(Message.info(sentence, in: console.context))
    }
    // Drawn again at the new size when the terminal is resized under it.
    let map = MapRenderer(places: places, center: viewModel.location.coordinate, leftOut: viewModel.placesNotShown)
    console.writeResizable { map.lines(in: $0) }
  }

  override func drawsBeforeAppearing(in context: RenderContext) -> Bool {
    context.capabilities.outputIsTerminal || viewModel.state != .idle
  }

  override func willAppear(console: any Console) {
    // Back on the list (from a place, another tab): its first page again,
    // as the first drawing, so the title stays on screen; `more` goes on.
    guard viewModel.state == .idle else { return showFirstPage(in: console.context) }
    // Above the list, not between its placeholder and the rows that replace it.
    for notice in viewModel.takeNotices() {
      console.write(Message.warning(NearbyWording.sentence(for: notice), in: console.context))
    }
  }

  override func didAppear(console: any Console) async {
    guard viewModel.state == .idle else { return }
    await LoadingIndicator.run("Loading places…", console: console) { await viewModel.loadIfNeeded() }
    choosePage(in: console.context)
    setNeedsDisplay()
  }

  /// After the list changed (a load, a filter), shows its first page.
  private func choosePage(in context: RenderContext) {
    guard viewModel.needsFirstPage else { return }
    showFirstPage(in: context)
  }

  /// On a terminal what fits the window, so the tab bar and title stay on
  /// screen; piped, every loaded row.
  private func showFirstPage(in context: RenderContext) {
    viewModel.showFirstPage(rows: pageRows(in: context))
  }

  /// On a terminal, how many rows fit its window under the chrome; nil
  /// off one (piped, every loaded row is printed, in pages of 20).
  private func pageRows(in context: RenderContext) -> Int? {
    guard context.capabilities.outputIsTerminal, let height = context.height else { return nil }
    // The chrome (a blank line, tab bar, title, rule), the place line, the
    // hint under the rows and the prompt; two lines for each note above the rows.
    let notes = [
      viewModel.filterText != nil || viewModel.categoryFilter != nil, viewModel.cachedAt != nil,
      viewModel.droppedCount > 0, viewModel.isRenumbered,
    ]
    let lines = max(height - 8 - 2 * notes.filter { $0 }.count, 2)
    let sample = viewModel.visible.prefix(lines)
    guard !sample.isEmpty else { return lines }
    // Narrow, a row takes two lines.
    let drawn = ListView(sample.map { Self.item(for: $0, in: viewModel.places) }).lines(in: context).count
    return max(lines / max((drawn + sample.count - 1) / sample.count, 1), 1)
  }

  private func report(_ problem: NearbyProblem?, on console: any Console) {
    guard let problem else { return setNeedsDisplay() }
    Message.report(NearbyWording.sentence(for: problem), as: NearbyWording.kind(of: problem), on: console)
  }

  /// `city NAME`, asked from outside (a link): run once the list is shown.
  func scheduleCitySearch(_ query: String) {
    schedule { [weak self] console in await self?.searchCity(query, console: console) }
  }

  private func searchCity(_ text: String, console: any Console) async {
    defer { choosePage(in: console.context) }
    guard case .search(let query) = viewModel.cityRequest(text) else {
      let problem = await LoadingIndicator.run("Loading places…", console: console) { await viewModel.clearCity() }
      report(problem, on: console)
      return
    }
    let result = await LoadingIndicator.run("Searching…", console: console) { await viewModel.searchCities(query) }
    let context = console.context
    let shown = TextSanitizer.clean(query, limit: 40)
    switch result {
    case .none:
      console.write(Message.info(NearbyWording.noCityMatches(shown), in: context))
    case .failed(.cancelled):
      return  // the REPL says "Cancelled."
    case .failed(let failure):
      console.write(Message.error(NearbyWording.sentence(forListFailure: failure), in: context))
    case .found(let cities, let dropped):
      let items = cities.map { ListView.Item(title: $0.name, detail: $0.country) }
      let left =
        dropped == 0
        ? [] : [Message.warning("\(dropped) of the results had no valid position and were left out.", in: context)]
      console.write(
        TextBlock("Cities matching \(shown):", indent: 0).lines(in: context) + ListView(items).lines(in: context) + left
          + TextBlock("Type use N to list places there.", style: Palette.muted).lines(in: context))
    }
  }

  // MARK: Drawing

  override var drawingKey: (any Equatable)? { viewModel.revision }

  override func body(in context: RenderContext) -> [StyledLine] {
    // Wrapped: a long city's name at 40 columns ran past the edge of a pipe's width.
    var lines = TextBlock("Near \(viewModel.location.name) · within 5 km", style: Palette.muted).lines(in: context)
    switch viewModel.state {
    case .idle, .loading:
      if context.capabilities.outputIsTerminal { lines += skeleton(in: context) }
    case .failed(.cancelled):
      // Not an error: the person stopped it.
      lines.append(Message.info(NearbyWording.sentence(forListFailure: .cancelled), in: context))
      lines += TextBlock(NearbyWording.retryAdvice, style: Palette.muted).lines(in: context)
    case .failed(let failure):
      lines += ErrorState(
        message: NearbyWording.sentence(forListFailure: failure), recovery: NearbyWording.advice(for: failure)
      ).lines(in: context)
    case .loaded:
      appendLoadedLines(to: &lines, in: context)
    }
    return lines
  }

  /// Appends rather than returns: the list's 10,000 lines were copied
  /// once more into the body's.
  private func appendLoadedLines(to lines: inout [StyledLine], in context: RenderContext) {
    // Said in the drawing that follows the load, and not again when the
    // list is drawn again (`nearby`, a filter, back from a detail).
    lines += droppedWarning(in: context)
    if viewModel.takeRenumbered() { lines.append(Message.info(NearbyWording.renumbered, in: context)) }
    guard !viewModel.places.isEmpty else {
      lines += EmptyState(title: "No places found within 5 km", message: "Try another city: city NAME.").lines(
        in: context)
      return
    }
    if let cachedAt = viewModel.cachedAt {
      lines += TextBlock(
        "Saved copy from \(Self.clock.string(from: cachedAt)); type refresh for the latest.", style: Palette.warning
      ).lines(in: context)
    }
    let visible = viewModel.visible
    let filters = [
      viewModel.filterText.map { "name or city matches \"\(TextSanitizer.clean($0, limit: 40))\"" },
      viewModel.categoryFilter.map { "category \($0)" },
    ]
    .compactMap { $0 }
    if !filters.isEmpty {
      lines += TextBlock(
        "Showing \(visible.count) of \(viewModel.places.count): \(filters.joined(separator: ", ")).",
        style: Palette.muted
      )
      .lines(in: context)
    }
    guard !visible.isEmpty else {
      lines += TextBlock("No loaded place matches. \(NearbyWording.clearFilters)").lines(in: context)
      return
    }
    let places = viewModel.places
    printedColumns = ListView(viewModel.shownIndices.map { Self.item(for: $0, in: places) }).append(
      to: &lines, in: context, under: nil)
    if viewModel.problemLoadingMore == nil {
      lines += TextBlock("Type more for the next places, open N for one of them.", style: Palette.muted).lines(
        in: context)
    }
  }

  /// The rows after the first `shown` of the visible list, under a
  /// one-line header saying which they are.
  private func addedRows(after shown: Int, in context: RenderContext) -> [StyledLine] {
    let visible = viewModel.visible
    let isFiltered = viewModel.filterText != nil || viewModel.categoryFilter != nil
    guard viewModel.shownCount > shown else {
      return droppedWarning(in: context) + [
        Message.info(NearbyWording.noAddedRow(loaded: viewModel.places.count, isFiltered: isFiltered), in: context)
      ]
    }
    // Rows keep their numbers under a filter: the header names the numbers
    // added, not positions.
    let added = visible[shown..<viewModel.shownCount]
    let header = NearbyWording.addedRowsHeader(
      numbers: added.map(\.number), matching: visible.count, loaded: viewModel.places.count, isFiltered: isFiltered)
    var lines = droppedWarning(in: context)
    lines.append(StyledLine(Spacing.indentation()).appending(StyledSpan(header, style: Palette.muted)))
    let places = viewModel.places
    lines += ListView(added.map { Self.item(for: $0, in: places) }).lines(in: context, under: printedColumns).lines
    if viewModel.problemLoadingMore == nil {
      lines += TextBlock("Type more for the next places, open N for one of them.", style: Palette.muted).lines(
        in: context)
    }
    return lines
  }

  /// The warning for places the last load left out, once per load.
  private func droppedWarning(in context: RenderContext) -> [StyledLine] {
    guard let sentence = viewModel.takeDroppedCount().flatMap(NearbyWording.dropped) else { return [] }
    return TextBlock(sentence, style: Palette.warning).lines(in: context)
  }

  /// A row with its number and the letters a filter matched.
  ///
  /// Reads the fields it shows from the list in place: copying a whole
  /// place per row was a fifth of drawing 10,000 of them.
  private static func item(for row: ListedIndex, in places: [Place]) -> ListView.Item {
    var item = ListView.Item(title: places[row.index].name)
    item.number = row.number
    item.highlights = row.highlights
    item.columns = [
      ListView.Cell(places[row.index].category),
      ListView.Cell(Formatting.distance(places[row.index].distance), alignment: .trailing),
      // The city is the second text a filter matches (see Place.searchTexts).
      ListView.Cell(places[row.index].city ?? "", style: .plain, highlights: row.highlights(inText: 1)),
    ]
    return item
  }

  private func skeleton(in context: RenderContext) -> [StyledLine] {
    let bar = String(repeating: context.capabilities.usesUnicode ? "░" : "-", count: 24)
    return (1...3).map { StyledLine("  \($0). " + bar, style: Palette.muted) }
  }

  private static let clock: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm"
    return formatter
  }()
}
