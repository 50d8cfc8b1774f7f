import Foundation
import TestSupport
import XCTest

/// Issue 9 §3 in a real terminal 60 columns wide: Tab completes what the
/// candidates share, a second Tab lists them once in columns that fit, and
/// only what the screen accepts now is offered.
final class TerminalCompletionTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-tty-completion")
    try WayfarerBinary.registerAda(home: home.path)
  }

  override func tearDown() {
    home?.remove()
  }

  /// The rows of the last listing: between the last `promptLine` that is
  /// followed by something other than a prompt, and the prompt under it.
  private func listing(in screen: String, after promptLine: String) -> [String] {
    let lines = screen.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    guard
      let start = lines.indices.last(where: {
        lines[$0] == promptLine && $0 + 1 < lines.count && !lines[$0 + 1].hasPrefix("home>")
          && !lines[$0 + 1].isEmpty
      })
    else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.hasPrefix("home>") })
  }

  func test_completionListsInColumnsThatFit60Columns_onceForADoubleTab_numbersInOrder() throws {
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"],
      columns: 60, rows: 30)
    try terminal.waitFor("home>")

    // Arguments: the ten row numbers, 1 to 10 in numeric order.
    try terminal.type("open ")
    try terminal.send("Tab")
    try terminal.send("Tab")
    let numbers = listing(in: try terminal.waitFor("home> open", count: 2), after: "home> open")
    XCTAssertEqual(
      numbers.flatMap { $0.split(separator: " ").map(String.init) }, (1...10).map(String.init), "\(numbers)")
    try terminal.send("C-u")

    // Commands: every one listed once, in rows no wider than the terminal.
    try terminal.send("Tab")
    try terminal.send("Tab")
    let screen = try terminal.waitFor("the listing of commands") { $0.contains("refresh") && $0.contains("bookmarks") }
    let commands = listing(in: screen, after: "home>")
    let listed = commands.flatMap { $0.split(separator: " ").map(String.init) }
    let expected =
      ["nearby", "more", "filter", "category", "city", "use", "open", "refresh", "map", "help", "back", "clear", "tab"]
      + TabSet.names + ["debug", "quit"]
    XCTAssertEqual(Set(listed), Set(expected), "\(commands)")
    XCTAssertEqual(listed.count, expected.count, "each command once: \(commands)")
    XCTAssertGreaterThan(commands.count, 1, "in columns, not one line: \(commands)")
    XCTAssertTrue(commands.allSatisfy { $0.count <= 60 }, "\(commands)")
    XCTAssertFalse(commands.contains { $0.hasPrefix(" ") }, "no row wrapped mid-word: \(commands)")

    // A third Tab starts over: the bell, no second listing.
    try terminal.send("Tab")
    try terminal.type("cat")
    try terminal.send("Tab")
    let afterThird = try terminal.waitFor("home> category")
    XCTAssertEqual(afterThird.components(separatedBy: "refresh").count - 1, 1, afterThird)

    // The category filter is off: no category to offer, however many Tabs.
    try terminal.send("Tab")
    try terminal.send("Tab")
    try terminal.type("x")
    try terminal.waitFor("home> category x")
    let rows = try terminal.visibleRows()
    for category in ["catering", "tourism", "leisure", "entertainment"] {
      XCTAssertFalse(rows.contains { $0.hasPrefix(category) }, category)
    }

    try terminal.send("C-u")
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }
}
