import Commands
import Components
import DesignSystem
import Foundation
import FuzzyMatching
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// Explore's root: GitHub repository search, numbered for `open N`.
@MainActor
final class SearchScreen: Screen {
  private let viewModel: SearchViewModel
  private let now: @Sendable () -> Date
  /// The widths of the results last drawn from their top: the rows `more`
  /// adds under them keep them, so that their columns line up.
  private var printedColumns: ListView.Columns?

  init(viewModel: SearchViewModel, now: @escaping @Sendable () -> Date) {
    self.viewModel = viewModel
    self.now = now
    super.init(title: "Explore", pathComponent: "explore")
  }

  override var innerCommands: [InnerCommands] {
    [RepositoryDetailScreen.whereabouts, ReadmeScreen.whereabouts, ChatScreen.whereabouts]
  }

  /// The specs of the last row count: made again only when it changes.
  private static let specMemo = SpecMemo<Int, SearchCommand>()

  override var commands: [Command] {
    Command.table(specs) { command, console in await self.perform(command, on: console) }
  }

  override func command(named name: String) -> Command? {
    Command.named(name, in: specs) { command, console in await self.perform(command, on: console) }
  }

  private var specs: [CommandSpec<SearchCommand>] {
    Self.specMemo.specs(for: viewModel.shownCount, SearchCommand.specs(rows:))
  }

  private func perform(_ command: SearchCommand, on console: any Console) async {
    defer { choosePage(in: console.context) }
    switch command {
    case .search(let query): await search(query, console: console)
    case .ask: viewModel.askAssistant()
    case .more: await loadMore(on: console)
    case .sort(let name):
      afterLoad(
        await LoadingIndicator.run(viewModel.setSort(name), saying: "Searching…", console: console), on: console)
    case .open(let number):
      if let problem = viewModel.open(number) { report(problem, on: console) }
    case .filter(let text):
      viewModel.setFilter(text)
      setNeedsDisplay()
    case .openNamed(let name):
      if let problem = viewModel.open(named: name) { report(problem, on: console) }
    }
  }

  private func search(_ query: String, console: any Console) async {
    afterLoad(await LoadingIndicator.run(viewModel.search(query), saying: "Searching…", console: console), on: console)
    choosePage(in: console.context)
  }

  /// Back on the list (from a repository, another tab): its first page
  /// again, as the first drawing, so the title stays on screen; `more`
  /// goes on from there.
  override func willAppear(console: any Console) {
    guard !viewModel.repositories.isEmpty else { return }
    viewModel.showFirstPage(rows: pageRows(in: console.context))
  }

  /// After a search, shows its first page: on a terminal what fits the
  /// window, so the tab bar and title stay on screen.
  private func choosePage(in context: RenderContext) {
    guard viewModel.needsFirstPage else { return }
    viewModel.showFirstPage(rows: pageRows(in: context))
  }

  /// On a terminal, how many results fit its window under the chrome; nil
  /// off one (piped, every loaded result is printed, in pages of 30).
  private func pageRows(in context: RenderContext) -> Int? {
    guard context.capabilities.outputIsTerminal, let height = context.height else { return nil }
    // The chrome (a blank line, tab bar, title, rule), the count line, the
    // hint under the rows and the prompt; two lines for each note above the rows.
    let notes = [viewModel.isIncomplete, viewModel.droppedCount > 0]
    let lines = max(height - 8 - 2 * notes.filter { $0 }.count, 2)
    let sample = viewModel.visible.prefix(lines)
    guard !sample.isEmpty else { return lines }
    // Narrow, a row takes two lines or three.
    let now = now()
    let drawn = ListView(sample.map { Self.item(for: $0, now: now) }).lines(in: context).count
    return max(lines / max((drawn + sample.count - 1) / sample.count, 1), 1)
  }

  private func loadMore(on console: any Console) async {
    let shown = viewModel.shownCount
    if let problem = await LoadingIndicator.run(
      viewModel.loadMore(rows: pageRows(in: console.context)), saying: "Loading more repositories…", console: console)
    {
      return report(problem, on: console)
    }
    // Only the rows this added, numbered on: the list above stays.
    console.write(addedRows(after: shown, in: console.context))
    warnIfFewRequestsLeft(on: console)
  }

  /// `search QUERY`, asked from outside (a link): run once the screen is shown.
  func scheduleSearch(_ query: String) {
    schedule { [weak self] console in await self?.search(query, console: console) }
  }

  private func report(_ problem: SearchProblem?, on console: any Console) {
    guard let problem else { return }
    Message.report(SearchWording.sentence(for: problem), as: SearchWording.kind(of: problem), on: console)
  }

  /// After a search: the list is drawn again, unless the search failed
  /// and left the last one standing (the problem then says so).
  private func afterLoad(_ problem: SearchProblem?, on console: any Console) {
    if let problem { return report(problem, on: console) }
    warnIfFewRequestsLeft(on: console)
    setNeedsDisplay()
  }

  private func warnIfFewRequestsLeft(on console: any Console) {
    if let limit = viewModel.takeLowRateLimit() {
      console.write(Message.warning(SearchWording.lowRateLimit(limit, now: now()), in: console.context))
    }
  }

  private func addedRows(after shown: Int, in context: RenderContext) -> [StyledLine] {
    let repositories = viewModel.repositories
    guard viewModel.shownCount > shown else {
      return [Message.info(SearchWording.sentence(for: .everyResultLoaded(count: repositories.count)), in: context)]
    }
    // Rows keep their numbers under a filter: the header names the numbers
    // added, not positions (under a filter they need not follow on).
    let added = viewModel.visible[shown..<viewModel.shownCount]
    let numbers = added.map(\.number)
    let header =
      "\(numbers.count == 1 ? "Repository" : "Repositories") \(RowNumber.list(numbers)) "
      + "(\(ExploreFormatting.count(repositories.count)) loaded"
      + (viewModel.filterText == nil ? "):" : ", \(viewModel.visible.count) matching):")
    var lines = droppedWarning(in: context)
    lines.append(StyledLine(Spacing.indentation()).appending(StyledSpan(header, style: Palette.muted)))
    let now = now()
    lines += ListView(added.map { Self.item(for: $0, now: now) }).lines(in: context, under: printedColumns).lines
    lines += moreHint(in: context)
    return lines
  }

  /// The warning for results the last page left out, once per load.
  private func droppedWarning(in context: RenderContext) -> [StyledLine] {
    guard let count = viewModel.takeDroppedCount() else { return [] }
    return TextBlock(SearchWording.dropped(count), style: Palette.warning).lines(in: context)
  }

  /// A row with its number and the letters a filter matched.
  private static func item(for row: ListedRow<Repository>, now: Date) -> ListView.Item {
    let repository = row.row
    var item = ListView.Item(title: repository.fullName)
    item.number = row.number
    item.highlights = row.highlights
    item.columns = [
      ListView.Cell(ExploreFormatting.count(repository.stars, "star") ?? "", alignment: .trailing),
      ListView.Cell(repository.language ?? ""),
      ListView.Cell(repository.updatedAt.map { ExploreFormatting.relative($0, now: now) } ?? ""),
      // The description is the second text a filter matches (see SearchViewModel).
      ListView.Cell(
        repository.description ?? "No description provided", style: .plain, highlights: row.highlights(inText: 1)),
    ]
    return item
  }

  // MARK: Drawing

  /// The state alone before results are in; none once they are, whose
  /// rows say how long ago each was updated.
  override var drawingKey: (any Equatable)? { viewModel.state == .loaded ? nil : viewModel.state }

  override func body(in context: RenderContext) -> [StyledLine] {
    switch viewModel.state {
    case .idle:
      return EmptyState(
        title: "Search GitHub's repositories",
        message:
          "Type search and what you are looking for; GitHub's qualifiers work, e.g. \(SearchWording.example). Then open N to read one."
      ).lines(in: context)
    case .searching:
      return []
    case .failed(.cancelled):
      // Not an error: the person stopped it.
      return [Message.info(SearchWording.failure(.cancelled), in: context)]
        + TextBlock(SearchWording.retryAdvice, style: Palette.muted).lines(in: context)
    case .failed(let failure):
      return ErrorState(message: SearchWording.failure(failure), recovery: SearchWording.retryAdvice).lines(in: context)
    case .loaded:
      return loadedLines(in: context)
    }
  }

  private func loadedLines(in context: RenderContext) -> [StyledLine] {
    let query = TextSanitizer.clean(viewModel.query ?? "", limit: 60)
    guard !viewModel.repositories.isEmpty else {
      // Results GitHub sent that were all left out are not "none found".
      let title = viewModel.droppedCount > 0 ? "none of GitHub's results can be shown" : "no repositories found"
      return EmptyState(title: "\(query): \(title)", message: "Try other words, or fewer qualifiers.")
        .lines(in: context) + droppedWarning(in: context)
    }
    var lines = TextBlock(
      SearchWording.showing(
        viewModel.repositories.count, of: viewModel.totalCount, query: query, sort: viewModel.sort),
      style: Palette.muted
    ).lines(in: context)
    if viewModel.isIncomplete {
      lines += TextBlock("GitHub stopped searching early: there may be more matches.", style: Palette.warning)
        .lines(in: context)
    }
    // Said in the drawing after the search, not on every redraw.
    lines += droppedWarning(in: context)
    if let filter = viewModel.filterText {
      lines += TextBlock(
        SearchWording.filtered(viewModel.visible.count, of: viewModel.repositories.count, filter: filter),
        style: Palette.muted
      ).lines(in: context)
      guard !viewModel.visible.isEmpty else {
        return lines + TextBlock("No loaded result matches. \(SearchWording.clearFilter)").lines(in: context)
      }
    }
    let now = now()
    let list = ListView(viewModel.shownRows.map { Self.item(for: $0, now: now) }).lines(in: context, under: nil)
    printedColumns = list.columns
    return lines + list.lines + moreHint(in: context)
  }

  /// What `more` would do now, under the rows.
  private func moreHint(in context: RenderContext) -> [StyledLine] {
    // Rows loaded but not shown yet come before GitHub's cap is said.
    if viewModel.problemLoadingMore == nil {
      return TextBlock("Type more for the next results, open N for one of them.", style: Palette.muted).lines(
        in: context)
    }
    return viewModel.reachedSearchCap
      ? [Message.info(SearchWording.reachedCap(total: viewModel.totalCount), in: context)] : []
  }
}
