import Commands
import Diagnostics
import Foundation
import FuzzyMatching
import ServiceAccess
import TextSafety

/// Repository search: the query, the pages loaded so far, their order.
@MainActor
final class SearchViewModel {
  enum State: Equatable {
    /// Before any search.
    case idle
    case searching
    case loaded
    case failed(ExploreFailure)
  }

  /// GitHub's limit on a query's length.
  static let longestQuery = 256

  private(set) var state: State = .idle
  private(set) var query: String?
  private(set) var sort: SearchSort = .best
  /// Every result loaded, in GitHub's order; a row's number is its place here.
  private(set) var repositories: [Repository] = []
  /// The loaded results that pass the filter, each with its number.
  ///
  /// A filter ranks them as fzf does, best first (GitHub's order among
  /// equals); a page `more` adds is ranked on its own, under the rows
  /// already shown; the numbers stay those of the whole list.
  private(set) var visible: [ListedRow<Repository>] = []
  /// The filter typed, trimmed; nil when none.
  var filterText: String? { filterQuery?.text }
  private var filterQuery: FuzzyQuery? {
    didSet { refilter() }
  }
  /// How many of ``visible`` are on screen: all of them unless the screen
  /// asked for pages (on a terminal, a page is what fits its window).
  private(set) var shownCount = 0
  /// Whether the results changed since a page was chosen.
  private(set) var needsFirstPage = false
  private(set) var totalCount = 0
  private(set) var isIncomplete = false
  /// Items of the loaded pages left out because their name was not valid.
  private(set) var droppedCount = 0
  /// Results the last page left out, until the screen says so: once per
  /// load, not on every redraw.
  private var unsaidDropped = 0
  /// Said once after an answer that left fewer than 3 requests.
  private(set) var lowRateLimit: RateLimit?

  /// Items received so far, left-out ones included: where the next page starts.
  private var received = 0
  private var pagesLoaded = 0
  private let service: any GitHubService
  private let router: any ExploreRouting
  private let lifetime = Lifetime(SearchViewModel.self)

  init(service: any GitHubService, router: any ExploreRouting) {
    self.service = service
    self.router = router
  }

  /// `search QUERY`: refused when `text` is empty, too long or holds
  /// control characters (checked before any request); else the search from
  /// the first page, in the current order.
  ///
  /// A search that fails or is cancelled leaves the list that was there.
  func search(_ text: String) -> Checked<SearchProblem> {
    let query = text.trimmingCharacters(in: .whitespaces)
    if query.isEmpty { return .refused(.emptyQuery) }
    if query.count > Self.longestQuery { return .refused(.queryTooLong(limit: Self.longestQuery)) }
    if query.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .refused(.controlCharacters)
    }
    return .accepted { [sort] in await self.load(query: query, sort: sort) }
  }

  /// `sort NAME`: the last search again in `name`'s order (any case).
  func setSort(_ name: String) -> Checked<SearchProblem> {
    guard let sort = SearchSort(rawValue: name.lowercased()) else { return .refused(.unknownSort(name)) }
    guard let query else { return .refused(.noSearchYet) }
    return .accepted { await self.load(query: query, sort: sort) }
  }

  /// What the list shows, kept aside while a new search runs.
  private struct Snapshot {
    var state: State
    var query: String?
    var sort: SearchSort
    var repositories: [Repository]
    var totalCount: Int
    var isIncomplete: Bool
    var droppedCount: Int
    var received: Int
    var pagesLoaded: Int
    var shownCount: Int
    var filterQuery: FuzzyQuery?
  }

  private var snapshot: Snapshot {
    Snapshot(
      state: state, query: query, sort: sort, repositories: repositories, totalCount: totalCount,
      isIncomplete: isIncomplete, droppedCount: droppedCount, received: received, pagesLoaded: pagesLoaded,
      shownCount: shownCount, filterQuery: filterQuery)
  }

  private func restore(_ old: Snapshot) {
    (state, query, sort, repositories) = (old.state, old.query, old.sort, old.repositories)
    filterQuery = old.filterQuery
    (totalCount, isIncomplete, droppedCount) = (old.totalCount, old.isIncomplete, old.droppedCount)
    (received, pagesLoaded) = (old.received, old.pagesLoaded)
    (shownCount, needsFirstPage) = (old.shownCount, false)
  }

  /// Runs `query` in `sort`'s order from the first page.
  ///
  /// When it fails or is
  /// cancelled, a list already on screen stays (and the problem is
  /// returned); with none, the failure is the state.
  private func load(query: String, sort: SearchSort) async -> SearchProblem? {
    let before = snapshot
    self.query = query
    self.sort = sort
    state = .searching
    repositories = []
    // A new search is filtered anew.
    filterQuery = nil
    totalCount = 0
    isIncomplete = false
    droppedCount = 0
    received = 0
    pagesLoaded = 0
    do {
      let page = try await service.search(query, sort: sort, page: 1)
      try Task.checkCancellation()
      take(page)
      state = .loaded
      noteRateLimit()
      return nil
    } catch {
      let failure = ExploreFailure(error)
      if failure == .cancelled || (before.state == .loaded && !before.repositories.isEmpty) {
        restore(before)
        return .searchFailed(failure)
      }
      state = .failed(failure)
      return nil
    }
  }

  private func take(_ page: SearchPage) {
    let known = Set(repositories.map(\.fullName))
    let start = repositories.count
    repositories += page.repositories.filter { !known.contains($0.fullName) }
    refilter(from: start)
    totalCount = page.totalCount
    isIncomplete = isIncomplete || page.isIncomplete
    droppedCount += page.dropped
    unsaidDropped = page.dropped
    received += page.repositories.count + page.dropped
    pagesLoaded += 1
  }

  /// How many results the last page left out, once: nil after it was
  /// taken, or when none were.
  func takeDroppedCount() -> Int? {
    defer { unsaidDropped = 0 }
    return unsaidDropped > 0 ? unsaidDropped : nil
  }

  /// The results on screen, in order: what `open N` takes.
  var shownRows: ArraySlice<ListedRow<Repository>> { visible.prefix(shownCount) }

  /// Keeps results whose name or description matches `text` as fzf
  /// matches (letters in order, accents folded, smart case), best first;
  /// empty clears.
  func setFilter(_ text: String) {
    filterQuery = FuzzyQuery(text)
  }

  /// Lists the results again from the one at `start` (0: all; a page's
  /// first: that page, under the rows listed before).
  private func refilter(from start: Int = 0) {
    let repositories = repositories
    let added = FuzzyQuery.listed(min(start, repositories.count)..<repositories.count, query: filterQuery) {
      [FuzzyText(repositories[$0].fullName), FuzzyText(repositories[$0].description ?? "")]
    }
    .map { ListedRow($0, in: repositories) }
    visible = start == 0 ? added : visible + added
    shownCount = visible.count
    needsFirstPage = true
  }

  /// Shows the first `rows` results (all of them for nil): after a search,
  /// on a terminal, the page that fits its window.
  func showFirstPage(rows: Int?) {
    showRows(after: 0, rows: rows)
  }

  private func showRows(after shown: Int, rows: Int?) {
    shownCount = rows.map { min(shown + max($0, 1), visible.count) } ?? visible.count
    needsFirstPage = false
  }

  /// How many results GitHub will serve for this search.
  private var reachable: Int { min(totalCount, GitHubRequests.searchCap) }

  /// Why `more` cannot load anything now, said before any spinner.
  var problemLoadingMore: SearchProblem? {
    guard state == .loaded else { return .noSearchYet }
    guard shownCount >= visible.count else { return nil }
    guard received < reachable, pagesLoaded * GitHubRequests.pageSize < GitHubRequests.searchCap else {
      return totalCount > GitHubRequests.searchCap
        ? .searchCapReached(total: totalCount) : .everyResultLoaded(count: repositories.count)
    }
    return nil
  }

  /// `more`: refused when there is no search or nothing more to load;
  /// else the next page (the list stays when it fails).
  ///
  /// `rows` is the page on a terminal (nil: every result loaded); the
  /// results loaded but not shown come before another page is asked for.
  func loadMore(rows: Int? = nil) -> Checked<SearchProblem> {
    if let problem = problemLoadingMore { return .refused(problem) }
    guard let query else { return .refused(.noSearchYet) }
    let shown = shownCount
    guard shown >= visible.count else {
      return .accepted {
        self.showRows(after: shown, rows: rows)
        return nil
      }
    }
    return .accepted {
      let problem = await self.loadPage(after: query)
      self.showRows(after: shown, rows: rows)
      return problem
    }
  }

  private func loadPage(after query: String) async -> SearchProblem? {
    do {
      let page = try await service.search(query, sort: sort, page: pagesLoaded + 1)
      try Task.checkCancellation()
      // An empty page before the count is reached: GitHub has no more to give.
      if page.repositories.isEmpty && page.dropped == 0 { totalCount = received }
      take(page)
      noteRateLimit()
      return nil
    } catch {
      return .moreFailed(ExploreFailure(error))
    }
  }

  /// Whether the results reached GitHub's cap with this page: said once,
  /// when it happens.
  var reachedSearchCap: Bool {
    totalCount > GitHubRequests.searchCap && pagesLoaded * GitHubRequests.pageSize >= GitHubRequests.searchCap
  }

  /// Opens the assistant's chat, about no repository.
  func askAssistant() {
    router.showAssistant(about: nil)
  }

  /// Opens result `number` of the list; the problem, if there is one.
  func open(_ number: Int?) -> SearchProblem? {
    let shown = shownRows
    guard !shown.isEmpty else {
      // Results there are, but the filter hides them all: say so, and how
      // to bring them back, rather than that the search found nothing.
      let hidden = filterQuery != nil && !repositories.isEmpty
      return hidden ? .noneMatchesFilter : .nothingToOpen(hasSearched: state == .loaded)
    }
    // A filtered view keeps each row's number: N is the number shown.
    guard let number, let row = shown.first(where: { $0.number == number }) else {
      return filterQuery == nil
        ? .noSuchResult(number, count: shown.count) : .notListed(number, shown: shown.map(\.number))
    }
    router.showRepository(row.row)
    return nil
  }

  /// Opens the repository `typed` names (`apple/swift`), whether the
  /// search listed it or not; its detail says if GitHub has none.
  func open(named typed: String) -> SearchProblem? {
    guard let name = RepositoryName(typed) else { return .notAName(TextSanitizer.visible(typed, limit: 40)) }
    router.showRepository(Repository(named: name))
    return nil
  }

  /// Takes the rate-limit warning, once per successful answer that left
  /// few requests (an exhausted limit is the failure's own sentence).
  func takeLowRateLimit() -> RateLimit? {
    defer { lowRateLimit = nil }
    return lowRateLimit
  }

  private func noteRateLimit() {
    if let limit = service.rateLimit, limit.remaining < 3 { lowRateLimit = limit }
  }
}

/// What a search command could not do; the screen words it.
enum SearchProblem: Equatable {
  case emptyQuery
  case queryTooLong(limit: Int)
  case controlCharacters
  case unknownSort(String)
  case noSearchYet
  case everyResultLoaded(count: Int)
  /// GitHub serves the first 1,000 results only.
  case searchCapReached(total: Int)
  case moreFailed(ExploreFailure)
  /// A new search or order failed (or was cancelled); the list stayed.
  case searchFailed(ExploreFailure)
  case nothingToOpen(hasSearched: Bool)
  /// Results are loaded, and the filter matches none of them.
  case noneMatchesFilter
  case noSuchResult(Int?, count: Int)
  /// A number that is not among the rows a filter shows (`shown`).
  case notListed(Int?, shown: [Int])
  /// `open` was given a word with a slash that is no GitHub name.
  case notAName(String)
}
