import Foundation
import TerminalKit

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
  private(set) var repositories: [Repository] = []
  private(set) var totalCount = 0
  private(set) var isIncomplete = false
  /// Items of the loaded pages left out because their name was not valid.
  private(set) var droppedCount = 0
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

  /// Why `text` cannot be searched for, checked before any request.
  func problemSearching(_ text: String) -> SearchProblem? {
    let query = text.trimmingCharacters(in: .whitespaces)
    if query.isEmpty { return .emptyQuery }
    if query.count > Self.longestQuery { return .queryTooLong(limit: Self.longestQuery) }
    if query.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .controlCharacters
    }
    return nil
  }

  /// Searches for `text` from the first page, in the current order.
  func search(_ text: String) async -> SearchProblem? {
    if let problem = problemSearching(text) { return problem }
    query = text.trimmingCharacters(in: .whitespaces)
    await load()
    return nil
  }

  /// Runs the last search again in `name`'s order.
  func setSort(_ name: String) async -> SearchProblem? {
    if let problem = problemSorting(name) { return problem }
    guard let sort = SearchSort(rawValue: name.lowercased()) else { return nil }
    self.sort = sort
    await load()
    return nil
  }

  /// Why `sort NAME` cannot run, checked before any request.
  func problemSorting(_ name: String) -> SearchProblem? {
    guard SearchSort(rawValue: name.lowercased()) != nil else { return .unknownSort(name) }
    guard query != nil else { return .noSearchYet }
    return nil
  }

  private func load() async {
    guard let query else { return }
    state = .searching
    repositories = []
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
    } catch {
      state = .failed(ExploreFailure(error))
    }
    noteRateLimit()
  }

  private func take(_ page: SearchPage) {
    let known = Set(repositories.map(\.fullName))
    repositories += page.repositories.filter { !known.contains($0.fullName) }
    totalCount = page.totalCount
    isIncomplete = isIncomplete || page.isIncomplete
    droppedCount += page.dropped
    received += page.repositories.count + page.dropped
    pagesLoaded += 1
  }

  /// How many results GitHub will serve for this search.
  private var reachable: Int { min(totalCount, GitHubRequests.searchCap) }

  /// Why `more` cannot load anything now, said before any spinner.
  var problemLoadingMore: SearchProblem? {
    guard state == .loaded else { return .noSearchYet }
    guard received < reachable, pagesLoaded * GitHubRequests.pageSize < GitHubRequests.searchCap else {
      return totalCount > GitHubRequests.searchCap
        ? .searchCapReached(total: totalCount) : .everyResultLoaded(count: repositories.count)
    }
    return nil
  }

  /// Loads the next page; the list stays when it fails.
  func loadMore() async -> SearchProblem? {
    if let problem = problemLoadingMore { return problem }
    guard let query else { return .noSearchYet }
    defer { noteRateLimit() }
    do {
      let page = try await service.search(query, sort: sort, page: pagesLoaded + 1)
      try Task.checkCancellation()
      // An empty page before the count is reached: GitHub has no more to give.
      if page.repositories.isEmpty && page.dropped == 0 { totalCount = received }
      take(page)
      return nil
    } catch {
      return .moreFailed(ExploreFailure(error))
    }
  }

  /// Opens result `number` of the list.
  func open(_ number: Int?) -> SearchProblem? {
    guard !repositories.isEmpty else { return .nothingToOpen }
    guard let number, let repository = repositories.item(numbered: number) else {
      return .noSuchResult(number, count: repositories.count)
    }
    router.showRepository(repository)
    return nil
  }

  /// Takes the rate-limit warning, once per answer that left few requests.
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
  case nothingToOpen
  case noSuchResult(Int?, count: Int)
}
