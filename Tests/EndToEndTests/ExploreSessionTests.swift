import Foundation
import TestSupport
import XCTest

/// Explore through the built binary against a loopback GitHub.
final class ExploreSessionTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]
  private let token = "ghp_e2eSecretToken123"

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-explore-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  /// GitHub as documented: 45 results for `tetris` in pages of 30, the
  /// Tetris record and README with ETags (304 when they match).
  private func makeGitHub(_ override: (@Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply?)? = nil)
    throws -> LoopbackHTTPServer
  {
    try makeLoopbackServer { request in
      if let reply = override?(request) { return reply }
      let limits = ["x-ratelimit-remaining": "4999", "x-ratelimit-reset": "1900000000"]
      switch request.path {
      case "/search/repositories":
        let page = Int(request.query["page"] ?? "1") ?? 1
        let items =
          page == 1
          ? [GitHubFixtures.item("dtrupenn/Tetris", stars: 1_234)]
            + (2...30).map { GitHubFixtures.item("owner/tetris-\($0)", stars: 100 - $0) }
          : (31...45).map { GitHubFixtures.item("owner/tetris-\($0)", stars: 100 - $0) }
        return .json(GitHubFixtures.search(total: 45, items: items), headers: limits)
      case "/repos/dtrupenn/Tetris":
        if request.headers["if-none-match"] == #""repo-1""# { return .respond(status: 304, headers: limits) }
        return .json(GitHubFixtures.tetris, headers: limits.merging(["etag": #""repo-1""#]) { $1 })
      case "/repos/dtrupenn/Tetris/readme":
        if request.headers["if-none-match"] == #""readme-1""# { return .respond(status: 304, headers: limits) }
        return .json(
          GitHubFixtures.readme("# Tetris\n\nA *small* game.\n"),
          headers: limits.merging(["etag": #""readme-1""#]) { $1 })
      default:
        return .json(GitHubFixtures.notFound, status: 404, headers: limits)
      }
    }
  }

  /// The Bookmarks tab drawn piped, its rows `rows` (indented here).
  private func bookmarksScreen(_ rows: [String]) -> String {
    "\n\(TabSet.plainBar(selecting: "bookmarks"))\nBookmarks\n" + String(repeating: "-", count: 72) + "\n"
      + rows.map { "  \($0)\n" }.joined() + "  Type open N to see one, remove N to remove it.\n"
  }

  private func run(
    _ script: [String], server: LoopbackHTTPServer, extra: [String: String] = [:], arguments: [String] = []
  ) throws -> WayfarerBinary.Run {
    var environment = ["WAYFARER_GITHUB_URL": server.baseURL, "PATH": "/usr/bin:/bin"]
    environment.merge(extra) { $1 }
    return try WayfarerBinary.run(script: script, home: home.path, arguments: arguments, environment: environment)
  }

  /// Issue 21 §4: Explore's results are filtered as fzf filters, each row
  /// keeping its number for `open N`.
  func test_filter_keepsNumbers_andOpenTakesTheNumberShown() throws {
    let server = try makeGitHub()
    defer { server.stop() }

    let run = try run(
      register + [
        "explore", "search tetris", "filter dtet", "open 2", "open 1", "back", "filter zzqq", "open 1", "filter",
        "quit",
      ],
      server: server)

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("  Showing 1 of 30 loaded: name or description matches \"dtet\".\n"), out)
    XCTAssertTrue(out.contains("\n  1. dtrupenn/Tetris  1,234 stars"), out)
    XCTAssertTrue(
      out.contains("x Repository 2 is not shown; the only row shown is 1.\n"), out)
    XCTAssertTrue(out.contains("Explore > dtrupenn/Tetris"), out)
    XCTAssertTrue(
      out.sentencesJoined.contains(
        "x There is no repository to open here: no loaded result matches the filter. Type filter alone to clear.\n"),
      "a filter that hides every row: \(out)")
    XCTAssertTrue(out.contains("\n  30. owner/tetris-30 "), "filter alone lists them all again: \(out)")
  }

  func test_searchMoreSortOpenReadmeCloseBookmark_sendsWhatGitHubExpects() throws {
    let server = try makeGitHub()

    let run = try run(
      register + [
        "explore", "search tetris", "more", "more", "open 1", "readme", "close", "bookmark", "back", "sort stars",
        "quit",
      ], server: server, extra: ["GITHUB_TOKEN": token])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("  Search GitHub's repositories\n"), out)
    XCTAssertTrue(out.contains("  Showing 30 of 45 repositories for tetris\n"), out)
    XCTAssertTrue(out.contains("   1. dtrupenn/Tetris"), out)
    XCTAssertTrue(out.contains("   1. dtrupenn/Tetris  1,234 stars  Assembly  "), out)
    XCTAssertTrue(out.contains("  Showing 45 of 45 repositories for tetris\n"), out)
    XCTAssertTrue(out.contains("- That is every repository found: 45 in all."), out)
    XCTAssertTrue(out.contains("! This repository is archived."), out)
    XCTAssertTrue(out.contains("  Watchers        7\n"), out)
    XCTAssertTrue(out.contains("  A small game.\n"), "the README, rendered from Markdown: \(out)")
    XCTAssertEqual(
      out.components(separatedBy: "> README of dtrupenn/Tetris\n").count, 2, "the README is printed once: \(out)")
    XCTAssertTrue(out.contains("ok Saved dtrupenn/Tetris to your bookmarks."), out)
    XCTAssertTrue(out.contains("  Showing 30 of 45 repositories for tetris, most stars first\n"), out)
    XCTAssertFalse(out.contains(token), "the token never appears")
    XCTAssertFalse(run.stderr.contains(token))

    let requests = server.requests
    XCTAssertEqual(
      requests.map(\.path),
      [
        "/search/repositories", "/search/repositories", "/repos/dtrupenn/Tetris", "/repos/dtrupenn/Tetris/readme",
        "/search/repositories",
      ])
    XCTAssertEqual(requests.first?.query, ["q": "tetris", "per_page": "30", "page": "1"])
    XCTAssertEqual(
      requests.last?.query, ["q": "tetris", "sort": "stars", "order": "desc", "per_page": "30", "page": "1"])
    for request in requests {
      XCTAssertEqual(request.headers["authorization"], "Bearer \(token)")
      XCTAssertEqual(request.headers["accept"], "application/vnd.github+json")
      XCTAssertEqual(request.headers["x-github-api-version"], "2022-11-28")
      XCTAssertTrue(request.headers["user-agent"]?.hasPrefix("wayfarer/") == true, "\(request.headers)")
    }
    for file in try FileManager.default.subpathsOfDirectory(atPath: home.path) {
      let text = (try? String(contentsOfFile: home.path + "/" + file, encoding: .utf8)) ?? ""
      XCTAssertFalse(text.contains(token), "the token is in no file: \(file)")
    }
  }

  /// Opening again after a relaunch asks "changed?" with the ETag; a 304
  /// shows the kept copy.
  func test_aRepositoryAndItsReadme_areRevalidatedWithTheirETags() throws {
    let server = try makeGitHub()
    let script = ["explore", "search tetris", "open 1", "readme", "close", "quit"]
    XCTAssertEqual(try run(register + script, server: server).status, 0)

    let again = try run(script, server: server)

    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("  Watchers        7\n"), again.stdout)
    XCTAssertTrue(again.stdout.contains("  A small game.\n"), "the kept README: \(again.stdout)")
    let revalidated = server.requests.filter { $0.path.hasPrefix("/repos/") }.map { $0.headers["if-none-match"] }
    XCTAssertEqual(revalidated, [nil, nil, #""repo-1""#, #""readme-1""#])
  }

  func test_aRateLimitedSearch_saysWhenItResets_andTheListStays() throws {
    let reset = Int(Date().timeIntervalSince1970) + 600
    let server = try makeGitHub { request in
      guard request.query["page"] == "2" else { return nil }
      return .json(
        GitHubFixtures.rateLimited, status: 403,
        headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset)])
    }

    let run = try run(register + ["explore", "search tetris", "more", "open 1", "back", "quit"], server: server)

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.sentencesJoined.range(
        of:
          #"x GitHub rate limit reached; it resets at \d\d:\d\d \(in 1[01] min\)\. Set GITHUB_TOKEN for a higher limit\."#,
        options: .regularExpression) != nil, run.stdout)
    XCTAssertTrue(run.stdout.contains("Explore > dtrupenn/Tetris"), "what was on screen stays usable")
  }

  func test_aRefusedToken_namesTheVariableUsed_andNeverTheToken() throws {
    let server = try makeGitHub { _ in .json(GitHubFixtures.badCredentials, status: 401) }

    let run = try run(register + ["explore", "search tetris", "quit"], server: server, extra: ["GH_TOKEN": token])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "GitHub refused the token in GH_TOKEN. Check it (or unset it to search without one)."),
      run.stdout)
    XCTAssertFalse(run.stdout.contains(token))
  }

  func test_aBadQualifier_getsGitHubsOwnWords_andNoResultsIsNotAnError() throws {
    let server = try makeGitHub { request in
      switch request.query["q"] {
      case "stars:>>1": .json(GitHubFixtures.validationFailed, status: 422)
      case "xyzzy": .json(GitHubFixtures.search(total: 0, items: []))
      default: nil
      }
    }

    let run = try run(register + ["explore", "search stars:>>1", "search xyzzy", "quit"], server: server)

    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "x GitHub could not run that search: Validation Failed: The search is longer than 256 characters."),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("  xyzzy: no repositories found\n"), run.stdout)
  }

  /// `open OWNER/NAME` opens any repository by name; one GitHub does not
  /// have says so, and offers nothing to read, ask or save.
  func test_openByName_andARepositoryGitHubDoesNotHave() throws {
    let server = try makeGitHub()
    let run = try run(
      register + [
        "explore", "open dtrupenn/Tetris", "back", "open nobody/nothing", "bookmark", "readme", "help bookmark", "help",
        "back",
        "open not/a/name", "quit",
      ], server: server)

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("Explore > dtrupenn/Tetris\n"), out)
    XCTAssertTrue(out.contains("Watchers"), "loaded from GitHub: \(out)")
    XCTAssertTrue(
      out.contains("  Tetris\n  ======\n\n  A small game.\n  Type readme to read it alone.\n\n  readme "),
      "the README's opening under the facts: \(out)")
    XCTAssertTrue(
      out.contains(
        "Explore > nobody/nothing\n" + String(repeating: "-", count: 72)
          + "\nx GitHub has no repository nobody/nothing (or it is private).\n\n  back  Back to the previous screen\n"),
      out)
    // Its commands say there is nothing for them, not a look-alike command
    // (bookmark is one letter from the bookmarks tab).
    let missing = "GitHub has no repository nobody/nothing (or it is private)."
    XCTAssertEqual(
      out.sentencesJoined.components(separatedBy: "x There is no repository to bookmark: \(missing)\n").count, 3,
      "typed and asked about: \(out)")
    XCTAssertTrue(out.sentencesJoined.contains("x There is no README to read: \(missing)\n"), out)
    XCTAssertFalse(out.contains("Did you mean"), out)
    XCTAssertTrue(out.contains("x 'not/a/name' is not a GitHub name like owner/name.\n"), out)
    XCTAssertEqual(
      server.requests.filter { $0.path.hasPrefix("/repos/nobody/") }.map(\.path), ["/repos/nobody/nothing"])
  }

  func test_aRepositoryWithoutAReadme_saysSo() throws {
    let server = try makeGitHub { request in
      request.path.hasSuffix("/readme") ? .json(GitHubFixtures.notFound, status: 404) : nil
    }

    let run = try run(register + ["explore", "search tetris", "open 1", "readme", "close", "quit"], server: server)

    XCTAssertTrue(run.stdout.contains("This repository has no README."), run.stdout)
  }

  /// After logout, `debug memory` shows every Explore screen, view model and
  /// router released.
  func test_afterLogout_debugMemoryShowsExploreReleased() throws {
    let server = try makeGitHub()

    let run = try run(
      register + [
        "explore", "search tetris", "open 1", "readme", "close", "profile", "logout", "debug memory", "quit",
      ], server: server)

    XCTAssertEqual(run.status, 0, run.stderr)
    let memory = run.stdout.components(separatedBy: "debug memory").last ?? run.stdout
    for type in [
      "SearchScreen", "SearchViewModel", "ExploreRouter", "RepositoryDetailScreen", "RepositoryDetailViewModel",
      "ReadmeScreen", "ExploreCoordinator",
    ] {
      let row = run.stdout.split(separator: "\n").last { $0.split(separator: " ").first.map(String.init) == type }
      XCTAssertEqual(row?.split(separator: " ").dropFirst().first, "0", "\(type) alive after logout: \(memory)")
    }
  }

  /// On a terminal, a README taller than the window goes through the pager
  /// (here `less`, as by default); quitting it returns to Wayfarer, where
  /// `page` shows it again and `close` returns to the repository.
  func test_aLongReadme_goesThroughThePagerOnATerminal() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/less"), "less is not installed")
    let long = "# Tetris\n\n" + (1...80).map { "Paragraph number \($0) of the manual." }.joined(separator: "\n\n")
    let server = try makeGitHub { request in
      request.path.hasSuffix("/readme") ? .json(GitHubFixtures.readme(long)) : nil
    }
    XCTAssertEqual(try run(register + ["quit"], server: server).status, 0)
    let terminal = try TmuxSession.wayfarer(
      home: home.path, ["WAYFARER_GITHUB_URL": server.baseURL, "PAGER": "less -FRX", "PATH": "/usr/bin:/bin"])

    try terminal.waitFor("home>")
    for command in ["explore", "search tetris", "open 1"] {
      try terminal.type(command)
      try terminal.send("Enter")
    }
    try terminal.waitFor("explore/repo>")
    try terminal.type("readme")
    try terminal.send("Enter")
    // Paragraph 5, not 1: the repository's page shows the first four, so
    // waiting for 1 could return before the pager began (seen under TSan).
    let paged = try terminal.waitFor("Paragraph number 5 of the manual.")
    XCTAssertFalse(paged.contains("Paragraph number 80"), "one window at a time:\n\(paged)")
    try terminal.send("q")
    try terminal.waitFor("Read in your pager. Type page to read it again, close to go back.")
    // The sentence comes before the prompt: wait for that too, not just look.
    try terminal.waitFor("explore/repo/readme>")
    try terminal.type("close")
    try terminal.send("Enter")
    try terminal.waitFor("explore/repo>", count: 2)
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// TERM=dumb at 80 columns: results whose descriptions are cut and
  /// folded to ASCII (`…` sent as `...`) still fit the window, none
  /// wrapped by the terminal (rows came out 82 wide).
  func test_searchResults_onADumbTerminal_fitItsWidth() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let description = String(repeating: "Un café — Straße → jeu de Tetris réécrit… ", count: 4)
    let server = try makeGitHub { request in
      guard request.path == "/search/repositories" else { return nil }
      let items = (1...8).map { GitHubFixtures.item("owner/tetris-\($0)", description: description) }
      return .json(GitHubFixtures.search(total: 8, items: items))
    }
    XCTAssertEqual(try run(register + ["quit"], server: server).status, 0)
    let terminal = try TmuxSession.wayfarer(
      home: home.path, ["WAYFARER_GITHUB_URL": server.baseURL, "TERM": "dumb"], columns: 80, rows: 40)
    try terminal.answer("home>", with: "explore")
    try terminal.answer("explore>", with: "search tetris")
    try terminal.waitFor("explore>", count: 2)
    let screen = try terminal.joinedScreen()
    XCTAssertTrue(screen.contains("Un cafe -- Strasse"), screen)
    for line in screen.components(separatedBy: "\n") {
      XCTAssertLessThanOrEqual(line.count, 80, "wrapped by the terminal: \(line)")
    }
    try terminal.answer("explore>", with: "quit")
    try terminal.waitFor("EXITED:0")
  }

  /// On a terminal a repository's address is a link (OSC 8), printed once.
  func test_webOnATerminal_printsTheAddressAsAHyperlink() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let server = try makeGitHub()
    XCTAssertEqual(try run(register + ["quit"], server: server).status, 0)
    let terminal = try TmuxSession.wayfarer(
      home: home.path, ["WAYFARER_GITHUB_URL": server.baseURL, "PATH": home.file("no-programs")])
    try terminal.waitFor("home>")
    try terminal.type("explore")
    try terminal.send("Enter")
    try terminal.waitFor("explore>")
    try terminal.type("open dtrupenn/Tetris")
    try terminal.send("Enter")
    try terminal.waitFor("explore/repo>")
    let bytes = home.file("terminal-bytes")
    try terminal.recordOutput(to: bytes)
    try terminal.type("web")
    try terminal.send("Enter")
    try terminal.waitFor("explore/repo>", count: 2)

    let address = "https://github.com/dtrupenn/Tetris"
    let link = "\u{1B}]8;;\(address)\u{1B}\\\(address)\u{1B}]8;;\u{1B}\\"
    // tmux hands the bytes to cat as they come: wait for them, bounded.
    var written = ""
    for _ in 0..<100 where !written.contains(link) {
      written = (try? String(contentsOfFile: bytes, encoding: .utf8)) ?? ""
      if !written.contains(link) { usleep(20_000) }
    }
    XCTAssertTrue(written.contains(link), written.debugDescription)
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// The Bookmarks tab: a place saved on Home and a repository saved in
  /// Explore, listed in two groups, each opened on the Bookmarks stack by
  /// the tab that owns it; remove and undo.
  func test_bookmarks_listOpenRemoveUndo_acrossHomeAndExplore() throws {
    let server = try makeGitHub()

    let run = try run(
      register + [
        "bookmarks", "home", "open 1", "favorite", "explore", "search tetris", "open 1", "bookmark", "bookmarks",
        "open 2", "readme", "close", "back", "open 1", "back", "remove 1", "undo", "filter assembly", "profile",
        "logout", "debug memory", "quit",
      ], server: server)

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("  No bookmarks yet\n"), out)
    XCTAssertTrue(
      out.contains(
        "  Places\n  1. Catedral da Sé  tourism  São Paulo\n  Repositories\n  2. dtrupenn/Tetris  Assembly  A C implementation of Tetris\n"
      ),
      out)
    XCTAssertTrue(out.contains("Bookmarks > dtrupenn/Tetris > README of dtrupenn/Tetris"), out)
    XCTAssertTrue(out.contains("Bookmarks > Catedral da Sé"), out)
    XCTAssertTrue(out.contains("ok Removed Catedral da Sé. Type undo to bring it back."), out)
    XCTAssertTrue(out.contains("ok Catedral da Sé is back in your bookmarks."), out)
    XCTAssertTrue(out.contains("  Showing 1 of 2 matching \"assembly\".\n"), out)
    for type in ["BookmarksScreen", "BookmarksViewModel", "BookmarksRouter", "BookmarksCoordinator"] {
      let row = out.split(separator: "\n").last { $0.split(separator: " ").first.map(String.init) == type }
      XCTAssertEqual(row?.split(separator: " ").dropFirst().first, "0", "\(type) alive after logout")
    }
  }

  /// Without GITHUB_TOKEN or GH_TOKEN, the GitHub CLI's token is used.
  func test_theGitHubCLIsToken_isUsedWhenNoVariableIsSet() throws {
    let server = try makeGitHub()
    let bin = home.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try "#!/bin/sh\necho gho_fromTheCLI\n".write(toFile: bin + "/gh", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: bin + "/gh")

    let run = try run(
      register + ["explore", "search tetris", "quit"], server: server, extra: ["PATH": bin + ":/usr/bin:/bin"])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(server.requests.first?.headers["authorization"], "Bearer gho_fromTheCLI")
    XCTAssertFalse(run.stdout.contains("gho_fromTheCLI"))
  }

  /// Saved, then shown after a relaunch with GitHub unreachable (from what
  /// was saved), exported, removed, imported back; links at launch, logged
  /// in and logged out.
  func test_bookmarks_relaunchOffline_exportImport_andLinksAtLaunch() throws {
    let server = try makeGitHub()
    let saving = try run(
      register + ["home", "open 1", "favorite", "explore", "search tetris", "open 1", "bookmark", "quit"],
      server: server)
    XCTAssertEqual(saving.status, 0, saving.stderr)

    // GitHub gone: the repository shows what was saved, the place comes from the catalog.
    let offline = try WayfarerBinary.run(
      script: [
        "bookmarks", "open 2", "back", "open 1", "back", "export ~/saved.json", "export ~/saved.json",
        "export ~/places.geojson", "remove 1", "remove 1", "import ~/saved.json", "import ~/saved.json",
        "import ~/places.geojson", "export -", "remove 1", "remove 1", "undo", "undo", "undo", "quit",
      ], home: home.path, environment: ["WAYFARER_GITHUB_URL": "http://127.0.0.1:1", "PATH": "/usr/bin:/bin"])
    XCTAssertEqual(offline.status, 0, offline.stderr)
    let out = offline.stdout.sentencesJoined
    XCTAssertTrue(out.contains("Bookmarks > dtrupenn/Tetris\n"), out)
    XCTAssertTrue(out.contains("  A C implementation of Tetris\n"), "the saved description, offline: \(out)")
    XCTAssertTrue(out.contains("! The full record is unavailable"), out)
    XCTAssertTrue(out.contains("Bookmarks > Catedral da Sé"), out)
    XCTAssertTrue(out.contains("ok Wrote 1 place and 1 repository to \(home.path)/saved.json."), out)
    XCTAssertTrue(
      out.contains("x ~/saved.json already exists. Type the command again with --force to replace it."), out)
    XCTAssertTrue(out.contains("ok Wrote 1 place to \(home.path)/places.geojson."), out)
    XCTAssertTrue(out.contains("ok Added 2 bookmarks.\n"), out)
    XCTAssertTrue(out.contains("ok Added 0 bookmarks; skipped 2 already saved or listed twice."), out)
    XCTAssertTrue(out.contains("x ~/places.geojson is GeoJSON"), out)
    XCTAssertTrue(
      out.contains(
        "ok Added 2 bookmarks.\n\n\(TabSet.plainBar(selecting: "bookmarks"))\nBookmarks\n"
          + String(repeating: "-", count: 72)
          + "\n  Places\n  1. Catedral da Sé  tourism  São Paulo\n  Repositories\n  2. dtrupenn/Tetris  Assembly  A C implementation of Tetris\n  Type open N to see one, remove N to remove it.\nok Added 0 bookmarks; skipped 2 already saved or listed twice.\nx ~/places.geojson is GeoJSON, which is for maps and holds only part of each place; import the JSON export instead.\n"
      ), out)
    // export - prints the export itself, whole, then what it wrote; undo
    // takes back each removal, the latest first.
    let printed = try XCTUnwrap(
      out.components(separatedBy: "import the JSON export instead.\n").last?
        .components(separatedBy: "ok Wrote 1 place and 1 repository to standard output.\n").first)
    let export = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
    XCTAssertEqual((export["places"] as? [Any])?.count, 1, printed)
    XCTAssertEqual((export["repositories"] as? [Any])?.count, 1, printed)
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.file("-")))
    XCTAssertTrue(
      out.hasSuffix(
        "ok dtrupenn/Tetris is back in your bookmarks. Type undo again for Catedral da Sé.\n"
          + bookmarksScreen(["Repositories", "1. dtrupenn/Tetris  Assembly  A C implementation of Tetris"])
          + "ok Catedral da Sé is back in your bookmarks.\n"
          + bookmarksScreen([
            "Places", "1. Catedral da Sé  tourism  São Paulo", "Repositories",
            "2. dtrupenn/Tetris  Assembly  A C implementation of Tetris",
          ]) + "- There is nothing to undo.\n"), out)

    // A link at launch, logged in: straight to the repository.
    let linked = try run(["quit"], server: server, arguments: ["open", "wayfarer://explore/repo/dtrupenn/Tetris"])
    XCTAssertEqual(linked.status, 0, linked.stderr)
    XCTAssertTrue(linked.stdout.contains("Explore > dtrupenn/Tetris\n"), linked.stdout)
    XCTAssertTrue(linked.stdout.contains("Watchers"), "loaded from GitHub: \(linked.stdout)")

    // Its github.com address, at launch and at another tab's prompt; and
    // its name alone at Home's and Bookmarks' prompts, whose own open takes numbers.
    let web = try run(
      [
        "home", "open https://github.com/dtrupenn/Tetris/tree/main", "home", "open dtrupenn/Tetris", "bookmarks",
        "open dtrupenn/Tetris", "quit",
      ], server: server, arguments: ["open", "https://github.com/dtrupenn/Tetris"])
    XCTAssertEqual(web.status, 0, web.stderr)
    XCTAssertEqual(web.stdout.components(separatedBy: "Explore > dtrupenn/Tetris\n").count, 5, web.stdout)

    // Logged out: kept until the login, then followed.
    XCTAssertEqual(try run(["profile", "logout", "quit"], server: server).status, 0)
    let waiting = try run(
      ["login", "ada@example.com", "correct horse", "quit"], server: server,
      arguments: ["open", "wayfarer://explore/search?q=tetris+game"])
    XCTAssertEqual(waiting.status, 0, waiting.stderr)
    XCTAssertTrue(
      waiting.stdout.sentencesJoined.contains(
        "- wayfarer://explore/search?q=tetris+game will open once you log in or register."),
      waiting.stdout)
    XCTAssertTrue(waiting.stdout.contains("Showing 30 of 45 repositories for tetris game"), waiting.stdout)
    XCTAssertEqual(server.requests.last { $0.path == "/search/repositories" }?.query["q"], "tetris game")

    // A link no screen answers fails as gh's commands fail: status 1, the
    // reason on standard error, and no session started.
    let bad = try run(["quit"], server: server, arguments: ["open", "wayfarer://nowhere"])
    XCTAssertEqual(bad.status, 1, bad.stdout)
    XCTAssertTrue(
      bad.stderr.hasPrefix("wayfarer: Wayfarer cannot open wayfarer://nowhere: there is no such screen"), bad.stderr)
    XCTAssertEqual(bad.stdout, "")
    // An address of one of GitHub's own pages is no repository's: refused,
    // at launch and at Explore's prompt, and never asked of the API.
    let organization = try run(
      ["explore", "open https://github.com/orgs/x", "quit"], server: server,
      arguments: ["open", "https://github.com/orgs/x"])
    XCTAssertEqual(organization.status, 1, organization.stdout)
    let notARepository =
      "Wayfarer cannot open https://github.com/orgs/x: github.com/orgs/… is one of GitHub's own pages, "
      + "not a repository's address."
    XCTAssertEqual(organization.stderr, "wayfarer: \(notARepository)\n")
    let atThePrompt = try run(["explore", "open https://github.com/orgs/x", "quit"], server: server)
    XCTAssertTrue(atThePrompt.stdout.sentencesJoined.contains("x \(notARepository)\n"), atThePrompt.stdout)
    XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/repos/orgs") }, "\(server.requests.map(\.path))")
    // At launch, whatever follows `open` is a link: never a row of the first screen.
    let number = try run(["quit"], server: server, arguments: ["open", "3"])
    XCTAssertEqual(number.status, 1, number.stdout)
    XCTAssertEqual(number.stderr, "wayfarer: Wayfarer cannot open 3: it is not a wayfarer:// link.\n")
    XCTAssertEqual(number.stdout, "")
  }
}
