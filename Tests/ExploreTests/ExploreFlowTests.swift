import FeatureEnvironment
import Foundation
import Networking
import ServiceAccess
import TerminalNavigation
import TerminalREPL
import TerminalText
import TestSupport
import XCTest

@testable import Explore

/// The module as App uses it: the builder's stack over a scripted GitHub,
/// driven through its commands.
@MainActor
final class ExploreFlowTests: XCTestCase {
  private func makeStack(client: HTTPClientStub, bookmarks: BookmarksSpy, cache: String) -> NavigationStack {
    makeTab(client: client, bookmarks: bookmarks, cache: cache).stack
  }

  private func makeTab(
    client: HTTPClientStub, bookmarks: BookmarksSpy, cache: String, flags: ExploreFlagsStub = ExploreFlagsStub(),
    browser: BrowserSpy? = nil
  ) -> ExploreTab {
    ExploreBuilder.build(
      dependencies: ExploreDependencies(
        github: GitHubAccess(baseURL: URL(string: "http://127.0.0.1:1")!, tokens: TokenSpy(nil)),
        bookmarks: bookmarks, flags: flags, browser: browser, assistant: nil, conversations: ConversationsSpy()),
      environment: Environment(
        now: { Date(timeIntervalSince1970: 1_800_000_000) }, client: client, cacheDirectory: cache))
  }

  private func json(_ body: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, body: Data(body.utf8))
  }

  nonisolated private static let types = [
    "SearchScreen", "SearchViewModel", "ExploreRouter", "RepositoryDetailScreen", "RepositoryDetailViewModel",
    "ReadmeScreen",
  ]

  func test_searchOpenReadmeCloseBack_andDroppingTheStackReleasesEverything() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    await withPrivateLedger { ledger in
      func alive() -> [Int] { Self.types.map { ledger.row(for: $0)?.alive ?? 0 } }
      await exerciseTheTab(cache: directory.file("github"), alive: alive)
      XCTAssertEqual(alive(), [0, 0, 0, 0, 0, 0], "every screen, view model and router Explore made is released")
    }
  }

  /// Search, open, bookmark, README, close: the stack lives only in here.
  private func exerciseTheTab(cache: String, alive: () -> [Int]) async {
    let client = HTTPClientStub()
    client.responses = [
      json(
        GitHubFixtures.search(total: 2, items: [GitHubFixtures.item("dtrupenn/Tetris"), GitHubFixtures.item("a/b")])),
      json(GitHubFixtures.tetris), json(GitHubFixtures.readme("# Tetris\n\nA *small* game.")),
    ]
    let bookmarks = BookmarksSpy()
    let console = ScriptedConsole()
    let stack = makeStack(client: client, bookmarks: bookmarks, cache: cache)

    let empty = stack.root.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(empty.contains("Search GitHub's repositories"), empty)
    await run("search tetris", on: stack, console: console)
    let list = stack.root.body(in: .plain).map(\.plainText)
    XCTAssertEqual(list.first, "  Showing 2 of 2 repositories for tetris")
    XCTAssertTrue(
      list.contains { $0.hasPrefix("  1. dtrupenn/Tetris  1 star  Assembly  14 years ago  A C implementatio…") },
      "\(list)")

    await run("open 1", on: stack, console: console)
    XCTAssertEqual(stack.path, ["explore", "repo"])
    await stack.visibleScreen.didAppear(console: console)
    await run("bookmark", on: stack, console: console)
    XCTAssertNotNil(bookmarks.saved["dtrupenn/tetris"])
    await run("readme", on: stack, console: console)
    XCTAssertEqual(stack.path, ["explore", "repo", "readme"])
    await stack.visibleScreen.didAppear(console: console)
    let readme = stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(readme.contains("Tetris"), readme)
    XCTAssertTrue(readme.contains("A small game."), "rendered, not the raw Markdown: \(readme)")
    XCTAssertFalse(readme.contains("*small*"), readme)
    await run("close", on: stack, console: console)
    XCTAssertEqual(stack.path, ["explore", "repo"])
    XCTAssertEqual(alive(), [1, 1, 1, 1, 1, 0], "the closed README is released at once")
    stack.pop()
    XCTAssertEqual(alive(), [1, 1, 1, 0, 0, 0], "and the detail once popped")
  }

  /// On a terminal the README is laid out when it appears (away from the
  /// main actor); Ctrl-C then stops it with a sentence, and appearing again
  /// lays it out.
  func test_onATerminal_theReadmeIsLaidOutWhenItAppears_andCtrlCStopsIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = HTTPClientStub()
    client.responses = [
      json(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("dtrupenn/Tetris")])),
      json(GitHubFixtures.tetris), json(GitHubFixtures.readme("# Tetris\n\nA *small* game.")),
    ]
    let terminal = RenderContext(
      width: 80,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true))
    let console = ScriptedConsole(context: terminal)
    let stack = makeStack(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"))
    await run("search tetris", on: stack, console: console)
    await run("open 1", on: stack, console: console)
    await stack.visibleScreen.didAppear(console: console)
    await run("readme", on: stack, console: console)
    let readme = stack.visibleScreen

    let interrupted = Task { await readme.didAppear(console: console) }
    interrupted.cancel()
    await interrupted.value
    let stopped = readme.body(in: terminal).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(stopped.contains("Showing the README was stopped"), stopped)
    XCTAssertFalse(readme.drawsBeforeAppearing(in: terminal), "laid out when it appears")

    await readme.didAppear(console: console)
    let shown = readme.body(in: terminal).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(shown.contains("A small game."), shown)
    XCTAssertTrue(readme.drawsBeforeAppearing(in: terminal), "laid out once for this width")
  }

  /// Another tab's stack pushes a saved repository's detail: shown at once
  /// from the saved fields, completed from GitHub, its README presented on
  /// that stack.
  func test_aSavedRepositorysDetail_standsOnAnotherStack() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = HTTPClientStub()
    client.responses = [json(GitHubFixtures.tetris), json(GitHubFixtures.readme("# Tetris"))]
    let tab = makeTab(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"))
    let other = NavigationStack(root: Screen(title: "Bookmarks", pathComponent: "bookmarks"))
    let console = ScriptedConsole()
    trackForMemoryLeaks(other)
    trackForMemoryLeaks(tab.repositoryDetails)

    let saved = SavedRepository(
      fullName: "dtrupenn/Tetris", description: "Saved description", stars: 1, forks: 0, language: "Assembly",
      licence: "MIT", topics: [], webURL: "https://github.com/dtrupenn/Tetris", defaultBranch: "master")
    guard let detail = tab.repositoryDetails.makeRepositoryDetail(for: saved, on: other) else {
      return XCTFail("a valid name has a detail")
    }
    other.push(detail)
    let before = other.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    await other.visibleScreen.didAppear(console: console)
    let after = other.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    await run("readme", on: other, console: console)

    XCTAssertTrue(before.contains("Saved description"), before)
    XCTAssertTrue(after.contains("Watchers"), after)
    XCTAssertEqual(other.path, ["bookmarks", "repo", "readme"])
    XCTAssertEqual(tab.stack.path, ["explore"], "Explore's own stack is untouched")
    var bad = saved
    bad.fullName = "../x"
    XCTAssertNil(tab.repositoryDetails.makeRepositoryDetail(for: bad, on: other))
  }

  func test_webPrintsTheAddress_andOpensNothingOffATerminal() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = HTTPClientStub()
    client.responses = [json(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("dtrupenn/Tetris")]))]
    let stack = makeStack(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"))
    let console = ScriptedConsole()
    trackForMemoryLeaks(stack)

    await run("search tetris", on: stack, console: console)
    await run("open 1", on: stack, console: console)
    console.clearOutput()
    await run("web", on: stack, console: console)

    XCTAssertEqual(console.output, ["https://github.com/dtrupenn/Tetris"])
  }

  /// `web` on a terminal opens the address built from the checked name on
  /// github.com, whatever a record (`html_url`) or an imported bookmark
  /// (`webURL`) says: a menu line that names github.com never opens
  /// another host.
  func test_web_opensTheRepositoryOnGitHub_whateverAddressTheRecordOrBookmarkHolds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = HTTPClientStub()
    let hostile = GitHubFixtures.tetris.replacingOccurrences(
      of: #""html_url":"https://github.com/dtrupenn/Tetris""#, with: #""html_url":"https://evil.example/phish""#)
    XCTAssertNotEqual(hostile, GitHubFixtures.tetris, "the fixture names its address")
    client.responses = [json(hostile)]
    let browser = BrowserSpy()
    let tab = makeTab(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"), browser: browser)
    let other = NavigationStack(root: Screen(title: "Bookmarks", pathComponent: "bookmarks"))
    let terminal = RenderContext(
      width: 80,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true))
    let console = ScriptedConsole(context: terminal)
    let imported = SavedRepository(
      fullName: "dtrupenn/Tetris", description: nil, stars: nil, forks: nil, language: nil, licence: nil, topics: [],
      webURL: "https://evil.example/phish", defaultBranch: nil)
    let detail = try XCTUnwrap(tab.repositoryDetails.makeRepositoryDetail(for: imported, on: other))
    other.push(detail)

    await run("web", on: other, console: console)
    await other.visibleScreen.didAppear(console: console)
    await run("web", on: other, console: console)

    XCTAssertEqual(browser.opened, ["https://github.com/dtrupenn/Tetris", "https://github.com/dtrupenn/Tetris"])
    XCTAssertFalse(console.transcript.contains("evil"), console.transcript)
    XCTAssertFalse(other.visibleScreen.body(in: .plain).map(\.plainText).joined().contains("evil"))
  }

  /// `web` on a README opens its page on github.com when GitHub names one
  /// inside the repository, else the repository: never another host.
  func test_webOnTheReadme_opensItsPageInsideTheRepository_orTheRepository() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (named, expected) in [
      (
        "https://github.com/dtrupenn/Tetris/blob/main/README.md",
        "https://github.com/dtrupenn/Tetris/blob/main/README.md"
      ),
      ("https://evil.example/dtrupenn/Tetris/README.md", "https://github.com/dtrupenn/Tetris"),
    ] {
      let client = HTTPClientStub()
      client.responses = [
        json(GitHubFixtures.tetris),
        json(
          GitHubFixtures.readme("# Tetris").replacingOccurrences(
            of: #""html_url":"https://github.com/dtrupenn/Tetris/blob/master/README.md""#,
            with: #""html_url":"\#(named)""#)),
      ]
      let browser = BrowserSpy()
      let tab = makeTab(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"), browser: browser)
      let console = ScriptedConsole(context: Self.terminal)
      XCTAssertTrue(tab.routes.showRepository(fullName: "dtrupenn/Tetris"))
      await tab.stack.visibleScreen.didAppear(console: console)
      await run("readme", on: tab.stack, console: console)
      await tab.stack.visibleScreen.didAppear(console: console)
      await run("web", on: tab.stack, console: console)

      XCTAssertEqual(browser.opened, [expected], console.transcript)
      XCTAssertTrue(console.transcript.contains(expected + "\n"), console.transcript)
    }
  }

  /// Issue 21 §2: back on the results after `more`s, a terminal shows
  /// their first page again, as the first drawing did; piped, every row.
  func test_comingBackToTheResults_onATerminal_showsTheFirstPageAgain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = HTTPClientStub()
    client.responses = [
      json(GitHubFixtures.search(total: 20, items: (1...20).map { GitHubFixtures.item("o/r\($0)") }))
    ]
    // TERM=dumb: no spinner task outlives a command and holds the console.
    let window = RenderContext(
      width: 80, height: 14,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false, isDumb: true))
    let console = ScriptedConsole(context: window)
    let stack = makeStack(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"))
    let rows = { stack.root.body(in: window).filter { $0.plainText.contains(". o/r") }.count }
    await run("search tetris", on: stack, console: console)
    let firstPage = rows()
    await run("more", on: stack, console: console)
    XCTAssertGreaterThan(rows(), firstPage)

    stack.root.willAppear(console: console)
    XCTAssertEqual(rows(), firstPage)
    console.context = .plain
    stack.root.willAppear(console: console)
    XCTAssertEqual(rows(), 20, "piped: every loaded row, as before")
  }

  private static let terminal = RenderContext(
    width: 80,
    capabilities: TerminalCapabilities(
      inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true))

  /// Deep links: a repository by name pushed on Explore's stack; a search
  /// run by the root once the REPL shows it, as `search QUERY` would.
  func test_routes_showARepositoryByName_andRunASearch() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let client = HTTPClientStub()
    client.responses = [
      json(GitHubFixtures.tetris),
      json(GitHubFixtures.readme("# Tetris")),
      json(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("dtrupenn/Tetris")])),
    ]
    let tab = makeTab(client: client, bookmarks: BookmarksSpy(), cache: directory.file("github"))
    let window = Window()
    window.setRoot(.stack(tab.stack))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(tab.routes)

    XCTAssertFalse(tab.routes.showRepository(fullName: "../etc"))
    XCTAssertEqual(tab.stack.path, ["explore"])
    XCTAssertTrue(tab.routes.showRepository(fullName: "dtrupenn/Tetris"))
    XCTAssertEqual(tab.stack.path, ["explore", "repo"])
    await repl.settle()
    XCTAssertTrue(console.output.joined(separator: "\n").contains("Watchers"), "the detail loaded: \(console.output)")

    tab.routes.search(for: "tetris")
    XCTAssertEqual(tab.stack.path, ["explore"])
    await repl.settle()
    let list = tab.stack.root.body(in: .plain).map(\.plainText)
    XCTAssertEqual(list.first, "  Showing 1 of 1 repository for tetris")
    XCTAssertEqual(client.requests.last?.url.query?.contains("q=tetris"), true)
  }

  func test_withTheFavoritesFlagOff_bookmarkIsNotOffered() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let flags = ExploreFlagsStub()
    flags.areBookmarksEnabled = false
    let tab = makeTab(
      client: HTTPClientStub(), bookmarks: BookmarksSpy(), cache: directory.file("github"), flags: flags)
    XCTAssertTrue(tab.routes.showRepository(fullName: "dtrupenn/Tetris"))
    let detail = tab.stack.visibleScreen

    XCTAssertFalse(detail.commands.contains { $0.name == "bookmark" })
    XCTAssertFalse(detail.body(in: .plain).contains { $0.plainText.contains("bookmark") })
    flags.areBookmarksEnabled = true
    XCTAssertTrue(detail.commands.contains { $0.name == "bookmark" }, "back without a restart")
  }
}

/// No chrome at all: the screens' own lines.
@MainActor
struct PlainChrome: WindowChrome {
  func header(for window: Window, in context: RenderContext) -> [StyledLine] { [] }
}
