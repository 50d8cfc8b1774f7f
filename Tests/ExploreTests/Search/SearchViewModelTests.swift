import Commands
import Foundation
import TerminalText
import TestSupport
import XCTest

@testable import Explore

@MainActor
final class SearchViewModelTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    SearchViewModel, GitHubServiceSpy, ExploreRouterSpy
  ) {
    let service = GitHubServiceSpy()
    let router = ExploreRouterSpy()
    let viewModel = SearchViewModel(service: service, router: router)
    trackForMemoryLeaks(viewModel, file: file, line: line)
    trackForMemoryLeaks(router, file: file, line: line)
    return (viewModel, service, router)
  }

  private func words(_ problem: SearchProblem?) -> String? {
    problem.map(SearchWording.sentence(for:))
  }

  func test_search_goesFromIdleToLoaded_withGitHubsCount() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [.success(.sample(total: 1_234, count: 30))]
    XCTAssertEqual(viewModel.state, .idle)

    let problem = await viewModel.search("  tui language:swift ").run()

    XCTAssertNil(problem)
    XCTAssertEqual(viewModel.state, .loaded)
    XCTAssertEqual(viewModel.query, "tui language:swift")
    XCTAssertEqual(viewModel.repositories.count, 30)
    XCTAssertEqual(viewModel.totalCount, 1_234)
    XCTAssertEqual(service.calls, [.search("tui language:swift", .best, page: 1)])
  }

  func test_aQueryIsCheckedBeforeAnyRequest() async {
    let (viewModel, service, _) = makeSUT()
    let empty = viewModel.search("   ").refusal
    let long = viewModel.search(String(repeating: "a", count: 257)).refusal
    let control = viewModel.search("tui\u{1B}[2J").refusal

    XCTAssertEqual(empty, .emptyQuery)
    XCTAssertEqual(
      words(empty),
      "Type what to search for: search QUERY (GitHub's qualifiers work, e.g. search tui language:swift stars:>100).")
    XCTAssertEqual(words(long), "A search can be at most 256 characters long.")
    XCTAssertEqual(control, .controlCharacters)
    XCTAssertEqual(service.calls, [])
    XCTAssertEqual(viewModel.state, .idle)
  }

  func test_noResults_isLoadedAndEmpty_aFailureIsAFailure_neverNoResults() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [
      .success(SearchPage(totalCount: 0, isIncomplete: false, repositories: [])),
      .failure(Failure(description: "Could not find the server api.github.com.")),
    ]

    _ = await viewModel.search("xyzzy").run()
    XCTAssertEqual(viewModel.state, .loaded)
    XCTAssertTrue(viewModel.repositories.isEmpty)

    _ = await viewModel.search("tui").run()
    XCTAssertEqual(viewModel.state, .failed(.failed(reason: "Could not find the server api.github.com.")))
  }

  /// A piped prompt asks for one command, not the table: the same command.
  func test_commandNamed_isTheTablesCommand() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [.success(.sample(total: 95, count: 30))]
    _ = await viewModel.search("swift").run()
    let screen = SearchScreen(viewModel: viewModel, now: { Date() })
    assertLookupMatchesTable(screen.commands.map { ($0.name, "\($0.usage) — \($0.summary)") }) {
      screen.command(named: $0).map { "\($0.usage) — \($0.summary)" }
    }
  }

  /// Results GitHub sent that all had to be left out are not "none found".
  func test_aPageWhoseResultsWereAllLeftOut_saysSo_notNoneFound() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [.success(.sample(total: 95, count: 0, dropped: 1))]
    _ = await viewModel.search("evil").run()
    let screen = SearchScreen(viewModel: viewModel, now: { Date() })
    let text = screen.body(in: .plain).map(\.plainText).joined(separator: "\n")

    XCTAssertTrue(text.contains("evil: none of GitHub's results can be shown"), text)
    XCTAssertTrue(text.contains("1 result was left out: GitHub sent no valid name."), text)
    XCTAssertFalse(text.contains("no repositories found"), text)
  }

  func test_more_loadsTheNextPage_untilEveryResultIsHere() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [.success(.sample(total: 45, count: 30)), .success(.sample(total: 45, count: 15, first: 31))]
    _ = await viewModel.search("tui").run()

    let first = await viewModel.loadMore().run()
    let second = await viewModel.loadMore().run()

    XCTAssertNil(first)
    XCTAssertEqual(second, .everyResultLoaded(count: 45))
    XCTAssertEqual(words(second), "That is every repository found: 45 in all.")
    XCTAssertEqual(viewModel.repositories.count, 45)
    XCTAssertEqual(service.calls.last, .search("tui", .best, page: 2))
  }

  /// Issue 21 §2: on a terminal a page is what fits the window; `more`
  /// shows the results already loaded before it asks GitHub for the next 30.
  func test_pagesOfTheWindow_showLoadedResultsFirst_thenFetch() async {
    let (viewModel, service, router) = makeSUT()
    service.pages = [.success(.sample(total: 45, count: 30)), .success(.sample(total: 45, count: 15, first: 31))]
    _ = await viewModel.search("tui").run()
    XCTAssertEqual(viewModel.shownCount, 30, "every result until a page is chosen (piped)")

    viewModel.showFirstPage(rows: 12)
    XCTAssertEqual(viewModel.open(13), .noSuchResult(13, count: 12))
    var problems: [SearchProblem?] = []
    for _ in 0..<2 { problems.append(await viewModel.loadMore(rows: 12).run()) }
    XCTAssertEqual(viewModel.shownCount, 30)
    XCTAssertEqual(service.calls.count, 1, "the loaded results came first")
    for _ in 0..<2 { problems.append(await viewModel.loadMore(rows: 12).run()) }

    XCTAssertEqual(viewModel.shownCount, 45)
    XCTAssertEqual(service.calls.count, 2)
    XCTAssertEqual(problems, [nil, nil, nil, nil])
    XCTAssertEqual(viewModel.problemLoadingMore, .everyResultLoaded(count: 45))
    XCTAssertNil(viewModel.open(45))
    XCTAssertEqual(router.shown.count, 1)
  }

  /// Issue 21 §4: Explore's results are filtered as fzf filters; rows
  /// keep their numbers, `open N` takes the number shown; a new search
  /// starts unfiltered.
  func test_filter_ranksByMatch_keepsNumbers_andANewSearchClearsIt() async {
    let (viewModel, service, router) = makeSUT()
    service.pages = [
      .success(.sample(total: 45, count: 30)), .success(.sample(total: 45, count: 15, first: 31)),
      .success(.sample(total: 3, count: 3)),
    ]
    _ = await viewModel.search("tui").run()

    viewModel.setFilter("repo-3")
    XCTAssertEqual(viewModel.filterText, "repo-3")
    XCTAssertEqual(viewModel.visible.map(\.number), [3, 30, 13, 23], "word starts first, then GitHub's order")
    XCTAssertEqual(viewModel.open(1), .notListed(1, shown: [3, 30, 13, 23]))
    XCTAssertEqual(
      words(viewModel.open(1)),
      "Repository 1 is not shown; the rows shown are 3, 13, 23 and 30.")
    XCTAssertNil(viewModel.open(30))
    XCTAssertEqual(router.shown, ["owner/repo-30"])

    viewModel.setFilter("about")
    XCTAssertEqual(
      viewModel.visible.first?.matches, [[], [0, 1, 2, 3, 4]], "the description's letters, for its cell")

    // A filter that hides every result says so, and how to bring them back.
    viewModel.setFilter("zzqq")
    XCTAssertEqual(viewModel.visible.count, 0)
    XCTAssertEqual(
      words(viewModel.open(1)),
      "There is no repository to open here: no loaded result matches the filter. Type filter alone to clear.")
    viewModel.setFilter("repo-3")

    _ = await viewModel.loadMore().run()
    XCTAssertEqual(
      viewModel.visible.map(\.number), [3, 30, 13, 23] + Array(31...39) + [43],
      "the page more added is ranked under the rows shown")

    _ = await viewModel.search("other").run()
    XCTAssertNil(viewModel.filterText)
    XCTAssertEqual(viewModel.visible.map(\.number), [1, 2, 3])
  }

  func test_more_stopsAtGitHubsThousand_andSaysSo() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = (0..<34).map { page in .success(.sample(total: 250_000, count: 30, first: page * 30 + 1)) }
    _ = await viewModel.search("a").run()

    var problems: [SearchProblem?] = []
    for _ in 0..<40 { problems.append(await viewModel.loadMore().run()) }

    XCTAssertEqual(service.calls.count, 34, "34 pages of 30 reach the 1,000th result")
    XCTAssertEqual(problems.last, .searchCapReached(total: 250_000))
    XCTAssertEqual(
      words(problems.last ?? nil),
      "GitHub serves only the first 1,000 of the 250,000 results. Narrow the search to reach others (add language:, stars: or user:)."
    )
  }

  func test_more_beforeASearch_orFailing_keepsTheList() async {
    let (viewModel, service, _) = makeSUT()
    let early = await viewModel.loadMore().run()
    XCTAssertEqual(words(early), "Search first: search QUERY.")

    service.pages = [.success(.sample(total: 100, count: 30)), .failure(CancellationError())]
    _ = await viewModel.search("a").run()
    let cancelled = await viewModel.loadMore().run()

    XCTAssertEqual(words(cancelled), "Loading more was cancelled.")
    XCTAssertEqual(viewModel.repositories.count, 30)
    XCTAssertEqual(viewModel.state, .loaded)
  }

  func test_sort_runsTheSearchAgainInThatOrder() async {
    let (viewModel, service, _) = makeSUT()
    let early = await viewModel.setSort("stars").run()
    XCTAssertEqual(early, .noSearchYet)
    service.pages = [.success(.sample(total: 3, count: 3)), .success(.sample(total: 3, count: 3))]
    _ = await viewModel.search("a").run()

    let unknown = await viewModel.setSort("popularity").run()
    let problem = await viewModel.setSort("Forks").run()

    XCTAssertEqual(words(unknown), "There is no order 'popularity'. Use sort stars, forks, updated or best.")
    XCTAssertNil(problem)
    XCTAssertEqual(viewModel.sort, .forks)
    XCTAssertEqual(service.calls, [.search("a", .best, page: 1), .search("a", .forks, page: 1)])
  }

  func test_open_routesToTheNumberedResult_andRefusesOthers() async {
    let (viewModel, service, router) = makeSUT()
    XCTAssertEqual(viewModel.open(1), .nothingToOpen(hasSearched: false))
    service.pages = [.success(.sample(total: 3, count: 3))]
    _ = await viewModel.search("a").run()

    XCTAssertEqual(words(viewModel.open(0)), "There is no result 0. Choose a number from 1 to 3.")
    XCTAssertEqual(
      SearchWording.sentence(for: .noSuchResult(2, count: 1)), "There is no result 2. 1 is the only one.")
    XCTAssertEqual(words(viewModel.open(nil)), "There is no result like that. Choose a number from 1 to 3.")
    XCTAssertEqual(words(viewModel.open(Int.min)), "There is no result \(Int.min). Choose a number from 1 to 3.")
    XCTAssertNil(viewModel.open(2))
    XCTAssertEqual(router.shown, ["owner/repo-2"])
  }

  /// What is on screen stays when a new search or order fails or is
  /// cancelled (a rate limit, Ctrl-C); with nothing on screen, the failure
  /// is what the screen shows.
  func test_aFailedOrCancelledNewSearch_leavesTheListThatWasThere() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [
      .success(.sample(total: 3, count: 3)),
      .failure(GitHubError.rateLimited(resetsAt: nil, hasToken: false, now: Date())),
      .failure(CancellationError()),
    ]
    _ = await viewModel.search("first").run()

    let limited = await viewModel.setSort("stars").run()
    let cancelled = await viewModel.search("second").run()

    XCTAssertEqual(
      words(limited),
      "GitHub rate limit reached; try again in a few minutes. Set GITHUB_TOKEN for a higher limit. The results above are still the last ones."
    )
    XCTAssertEqual(SearchWording.kind(of: cancelled ?? .emptyQuery), .cancellation)
    XCTAssertEqual(viewModel.state, .loaded)
    XCTAssertEqual(viewModel.query, "first")
    XCTAssertEqual(viewModel.sort, .best)
    XCTAssertEqual(viewModel.repositories.count, 3)
    XCTAssertNil(viewModel.open(1), "the list still opens")

    let (fresh, freshService, _) = makeSUT()
    freshService.pages = [.failure(Failure(description: "Could not find the server api.github.com."))]
    let freshProblem = await fresh.search("x").run()
    XCTAssertNil(freshProblem)
    XCTAssertEqual(fresh.state, .failed(.failed(reason: "Could not find the server api.github.com.")))
  }

  func test_reachingTheCap_isSaidWithThePageThatReachesIt() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = (0..<34).map { page in .success(.sample(total: 5_000, count: 30, first: page * 30 + 1)) }
    _ = await viewModel.search("a").run()
    for _ in 0..<32 { _ = await viewModel.loadMore().run() }
    XCTAssertFalse(viewModel.reachedSearchCap)
    _ = await viewModel.loadMore().run()
    XCTAssertTrue(viewModel.reachedSearchCap)
    XCTAssertEqual(
      SearchWording.showing(1, of: 1, query: "a", sort: .updated),
      "Showing 1 of 1 repository for a, most recently updated first")
  }

  func test_fewRequestsLeft_isSaidOnce() async {
    let (viewModel, service, _) = makeSUT()
    service.pages = [.success(.sample(total: 3, count: 3))]
    service.rateLimit = RateLimit(remaining: 2, resetsAt: nil)

    _ = await viewModel.search("a").run()

    XCTAssertEqual(viewModel.takeLowRateLimit(), RateLimit(remaining: 2, resetsAt: nil))
    XCTAssertNil(viewModel.takeLowRateLimit())
    XCTAssertEqual(
      SearchWording.lowRateLimit(RateLimit(remaining: 1, resetsAt: nil), now: Date()),
      "Only 1 GitHub request left; try again in a few minutes. Set GITHUB_TOKEN for a higher limit.")
    XCTAssertEqual(
      SearchWording.lowRateLimit(RateLimit(remaining: 2, resetsAt: nil, withToken: true), now: Date()),
      "Only 2 GitHub requests left; try again in a few minutes.")

    service.pages = [.failure(GitHubError.rateLimited(resetsAt: nil, hasToken: false, now: Date()))]
    service.rateLimit = RateLimit(remaining: 0, resetsAt: nil)
    _ = await viewModel.search("b").run()
    XCTAssertNil(viewModel.takeLowRateLimit(), "an exhausted limit is the failure's own sentence, said once")
  }
}
