import Foundation
import TestSupport
import XCTest

/// Issue 21 §4 through the binary: help COMMAND and `?`, did-you-mean,
/// another tab's command, and logout from Profile's inner screens.
final class HelpAndTypingTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-help-e2e")
    try WayfarerBinary.registerAda(home: home.path)
  }

  override func tearDown() {
    home.remove()
  }

  func test_helpForACommand_nearMisses_andAnotherTabsCommand() throws {
    let run = try WayfarerBinary.run(
      script: ["help filter", "? tab", "nearbi", "logn", "export x.json", "quit"], home: home.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("filter [TEXT]\n"), out)
    XCTAssertTrue(out.contains("tab NAME\nSwitch to a tab (home, explore, bookmarks, profile).\n"), out)
    XCTAssertTrue(out.contains("Example: tab home\n"), out)
    XCTAssertTrue(out.contains("Unknown command 'nearbi'. Did you mean nearby?"), out)
    XCTAssertTrue(out.contains("export is a Bookmarks command: type bookmarks, then export."), out)
  }

  func test_anotherTabsCommand_getsItsHelp_innerScreensCommandsToo_andTheChatSuggestsNearMisses() throws {
    let run = try WayfarerBinary.run(
      script: [
        "help export", "toggle 1", "search swift", "explore", "ask", "/modle", "/back", "profile", "toggle 1", "quit",
      ],
      home: home.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(
      out.contains("export FILE [--force]\nWrite your bookmarks to FILE"), "export's own help: \(out)")
    XCTAssertTrue(out.contains("\n- export is a Bookmarks command: type bookmarks, then export.\n"), out)
    XCTAssertTrue(
      out.contains("x toggle is a Profile › Settings command: type profile, then settings,\n  then toggle.\n"), out)
    XCTAssertTrue(out.contains("x search is an Explore command: type explore, then search.\n"), out)
    XCTAssertTrue(out.contains("Unknown command '/modle'. Did you mean /model?\n"), out)
    XCTAssertTrue(
      out.contains("x toggle is a Profile › Settings command: type settings, then toggle.\n"),
      "on Profile itself, the way from there: \(out)")
  }

  /// Commands of inner screens (a repository's page, a place's, the chat)
  /// and of the tab shown say where they are, never "Unknown" nor a
  /// look-alike (`bookmark` is one letter from the bookmarks tab).
  func test_everyScreensCommand_saysWhereItIs_fromHomeSettingsAndExplore() throws {
    let run = try WayfarerBinary.run(
      script: ["readme", "web", "favorite", "model", "profile", "settings", "about", "explore", "bookmark", "quit"],
      home: home.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout.sentencesJoined
    for sentence in [
      "x readme is a command of a repository's page on Explore: type explore, then search, then open one, then readme.",
      "x web is a command of a place's page on Home: type open one, then web.",
      "x favorite is a command of a place's page on Home: type open one, then favorite.",
      "x model is a command of the assistant's chat on Explore: type explore, then ask, then /model.",
      "x about is a Profile command: type profile, then about.",
      "x bookmark is a command of a repository's page on Explore: type search, then open one, then bookmark.",
    ] {
      XCTAssertTrue(out.contains("\n" + sentence + "\n"), "\(sentence)\n\(out)")
    }
    XCTAssertFalse(out.contains("Unknown command"), out)
    XCTAssertFalse(out.contains("Did you mean"), out)
  }

  func test_logout_worksOnSettingsAndAbout_andReleasesTheTabFlow() throws {
    let run = try WayfarerBinary.run(
      script: [
        "profile", "settings", "logout", "login", "ada@example.com", "correct horse", "profile", "about", "logout",
        "debug memory", "quit",
      ], home: home.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout.components(separatedBy: "Logged out.").count - 1, 2, run.stdout)
    let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("MainTabBarCoordinator") } ?? ""
    XCTAssertEqual(row.split(separator: " ").dropFirst().first, "0", "released: \(row)")
  }

  func test_clear_emptiesTheTerminal_andDoesNothingPiped() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"],
      columns: 80, rows: 24)
    try terminal.answer("home>", with: "help")
    try terminal.waitFor("Anywhere:")
    try terminal.type("clear")
    try terminal.send("Enter")
    let cleared = try terminal.waitFor("a cleared terminal") { screen in
      screen.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == ["home>"]
    }
    XCTAssertFalse(cleared.contains("Anywhere:"), cleared)

    let piped = try WayfarerBinary.run(script: ["clear", "quit"], home: home.path)
    XCTAssertEqual(piped.status, 0, piped.stderr)
    XCTAssertFalse(piped.stdout.contains("\u{1B}"), "nothing is cleared off a terminal")
    XCTAssertFalse(piped.stdout.contains("Unknown command"), piped.stdout)
  }
}
