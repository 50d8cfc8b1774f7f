import ExploreContracts
import Foundation
import TestSupport
import XCTest

@testable import Explore

@MainActor
final class RepositoryDetailViewModelTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) throws -> (
    RepositoryDetailViewModel, GitHubServiceSpy, BookmarksSpy, ExploreRouterSpy
  ) {
    let service = GitHubServiceSpy()
    let bookmarks = BookmarksSpy()
    let router = ExploreRouterSpy()
    let viewModel = try XCTUnwrap(
      RepositoryDetailViewModel(
        repository: .sample("dtrupenn/Tetris"), service: service, bookmarks: bookmarks, flags: ExploreFlagsStub(),
        router: router))
    for object in [viewModel, bookmarks, router] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return (viewModel, service, bookmarks, router)
  }

  func test_theFullRecord_replacesTheSearchRow_once() async throws {
    let (viewModel, service, _, _) = try makeSUT()
    var full = Repository.sample("dtrupenn/Tetris", stars: 1_234)
    full.watchers = 7
    service.repositoryResult = .success(full)

    await viewModel.loadRecord()
    await viewModel.loadRecord()

    XCTAssertEqual(viewModel.record, .full)
    XCTAssertEqual(viewModel.repository.watchers, 7)
    XCTAssertEqual(service.calls, [.repository("dtrupenn/Tetris")])
  }

  /// GitHub answers for a renamed repository with its new name: the detail,
  /// its README and its bookmark follow it.
  func test_aRenamedRepository_isShownAndSavedUnderItsNewName() async throws {
    let (viewModel, service, bookmarks, _) = try makeSUT()
    service.repositoryResult = .success(.sample("newowner/Tetris2"))
    service.readmeResult = .success(Readme(text: "# Tetris", name: "README.md", webURL: nil))

    await viewModel.loadRecord()
    await viewModel.loadReadme()
    _ = viewModel.toggleBookmark()

    XCTAssertEqual(viewModel.name.description, "newowner/Tetris2")
    XCTAssertEqual(service.calls.last, .readme("newowner/Tetris2"))
    XCTAssertEqual(Array(bookmarks.saved.keys), ["newowner/tetris2"])
  }

  func test_aFailedRecord_keepsTheSearchRow() async throws {
    let (viewModel, service, _, _) = try makeSUT()
    service.repositoryResult = .failure(GitHubError.serviceTrouble(status: 502))

    await viewModel.loadRecord()

    XCTAssertEqual(
      viewModel.record, .unavailable(.failed(reason: "GitHub is having trouble (HTTP 502). Try again in a moment.")))
    XCTAssertEqual(viewModel.repository.stars, 10)
  }

  /// A repository GitHub does not have offers nothing to read, ask or
  /// save; one saved before can still be removed.
  func test_aRepositoryGitHubDoesNotHave_isMissing_andOffersOnlyToRemoveItsBookmark() async throws {
    let (viewModel, service, bookmarks, _) = try makeSUT()
    service.repositoryResult = .failure(GitHubError.notFound)
    XCTAssertTrue(viewModel.areBookmarksOffered, "offered while it loads")

    await viewModel.loadRecord()

    XCTAssertEqual(viewModel.record, .missing)
    XCTAssertFalse(viewModel.isOnGitHub)
    XCTAssertFalse(viewModel.areBookmarksOffered)
    let screen = RepositoryDetailScreen(viewModel: viewModel, now: { Date(timeIntervalSince1970: 0) })
    XCTAssertEqual(screen.commands.map(\.name), [])
    XCTAssertEqual(
      screen.body(in: .plain).first?.plainText, "x GitHub has no repository dtrupenn/Tetris (or it is private).")

    try bookmarks.saveRepository(Repository.sample("dtrupenn/Tetris").saved)
    XCTAssertTrue(viewModel.areBookmarksOffered, "a saved one can be removed")
    XCTAssertEqual(screen.commands.map(\.name), ["bookmark"])
    XCTAssertEqual(viewModel.toggleBookmark(), .removed(name: "dtrupenn/Tetris"))
    XCTAssertFalse(viewModel.areBookmarksOffered)
  }

  /// The detail lays out only the README's start: about 4 KB, ending
  /// where a paragraph does, so a megabyte README costs no more there.
  func test_theReadmesOpening_isItsFirstParagraphsUpTo4KB() {
    XCTAssertEqual(RepositoryDetailScreen.start(of: "# A\n\nshort"), "# A\n\nshort")
    let paragraphs = (1...400).map { "Paragraph \($0) of the manual." }.joined(separator: "\n\n")
    let start = RepositoryDetailScreen.start(of: paragraphs)
    XCTAssertLessThanOrEqual(start.utf8.count, 4_096)
    XCTAssertGreaterThan(start.utf8.count, 3_900)
    XCTAssertTrue(start.hasSuffix("of the manual."), String(start.suffix(40)))
    XCTAssertEqual(RepositoryDetailScreen.start(of: String(repeating: "é", count: 5_000)).utf8.count, 4_096)
  }

  func test_theReadme_loadsOnce_noneIsNone_aFailureCanBeRetried() async throws {
    let (viewModel, service, _, router) = try makeSUT()
    service.readmeResult = .failure(Failure(description: "Connection lost"))
    await viewModel.loadReadme()
    XCTAssertEqual(viewModel.readme, .failed(.failed(reason: "Connection lost")))

    service.readmeResult = .success(Readme(text: "# Tetris", name: "README.md", webURL: nil))
    await viewModel.loadReadme()
    await viewModel.loadReadme()
    XCTAssertEqual(viewModel.readme, .loaded(Readme(text: "# Tetris", name: "README.md", webURL: nil)))
    XCTAssertEqual(service.calls.count, 2)

    viewModel.showReadme()
    XCTAssertEqual(router.readmes, ["dtrupenn/Tetris"])
    XCTAssertEqual(viewModel.readmeBaseURL?.absoluteString, "https://github.com/dtrupenn/Tetris/blob/main/")
  }

  func test_bookmark_savesEverythingToShowItOffline_thenRemovesIt() async throws {
    let (viewModel, _, bookmarks, _) = try makeSUT()

    XCTAssertEqual(viewModel.toggleBookmark(), .saved(name: "dtrupenn/Tetris"))
    XCTAssertEqual(
      bookmarks.saved["dtrupenn/tetris"],
      SavedRepository(
        fullName: "dtrupenn/Tetris", description: "About dtrupenn/Tetris", stars: 10, forks: 1, language: "Swift",
        licence: "MIT", topics: [], webURL: "https://github.com/dtrupenn/Tetris", defaultBranch: "main"))
    XCTAssertTrue(viewModel.isBookmarked)
    XCTAssertEqual(
      DetailWording.sentence(for: viewModel.toggleBookmark()), "Removed dtrupenn/Tetris from your bookmarks.")
    XCTAssertFalse(viewModel.isBookmarked)

    bookmarks.failure = Failure(description: "disk full")
    XCTAssertEqual(
      DetailWording.sentence(for: viewModel.toggleBookmark()),
      "Could not save the bookmark. Please try again. (disk full)")
  }

  func test_aRepositoryWithoutAValidName_hasNoDetail() {
    XCTAssertNil(
      RepositoryDetailViewModel(
        repository: .sample("../x"), service: GitHubServiceSpy(), bookmarks: BookmarksSpy(), flags: ExploreFlagsStub(),
        router: ExploreRouterSpy())
    )
  }

  func test_theDoublesKeepTheBookmarkContract() async throws {
    try ExploreBookmarksStoringContract.verify("BookmarksSpy", make: { BookmarksSpy() }, reopen: { $0 })
  }
}
