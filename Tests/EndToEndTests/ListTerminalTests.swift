import Foundation
import TestSupport
import XCTest

/// Issue 21 §2 in a real terminal: a page of Home's list is what fits the
/// window under the chrome, so the tab bar and title stay on screen, and
/// `more` goes on from there.
final class ListTerminalTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-tty-lists")
  }

  override func tearDown() {
    home?.remove()
  }

  private func start(server: LoopbackHTTPServer, columns: Int, rows: Int) throws -> TmuxSession {
    let terminal = try TmuxSession.wayfarer(
      home: home.path,
      [
        "GEOAPIFY_API_KEY": "test-key-0001", "WAYFARER_GEOAPIFY_URL": server.baseURL,
        "WAYFARER_LOCATION": "48.1374,11.5755",
      ], columns: columns, rows: rows)
    try terminal.registerAda()
    return terminal
  }

  func test_at80x24_theFirstPageFitsUnderTheTabBar_andMoreGoesOn() throws {
    let server = try LoopbackHTTPServer { request in
      request.path == "/v2/places"
        ? .json(GeoapifyFixtures.page(count: 20, first: (Int(request.query["offset"] ?? "") ?? 0) + 1))
        : .close
    }
    defer { server.stop() }
    let terminal = try start(server: server, columns: 80, rows: 24)
    try terminal.waitFor("Type more for the next places")
    try terminal.waitFor("home>") { $0.components(separatedBy: "\n").last { !$0.isEmpty } == "home>" }

    let visible = try terminal.visibleRows()
    XCTAssertTrue(visible.contains { $0.contains(TabSet.colourTitles) }, visible.joined(separator: "\n"))
    XCTAssertTrue(visible.contains { $0.hasPrefix("Home") }, "the title: \(visible.joined(separator: "\n"))")
    XCTAssertTrue(visible.contains { $0.hasPrefix("   1. Place 1 ") }, visible.joined(separator: "\n"))
    XCTAssertTrue(visible.contains { $0.hasPrefix("  16. Place 16 ") }, visible.joined(separator: "\n"))
    XCTAssertFalse(visible.contains { $0.hasPrefix("  17. ") }, "a row under the window's page was drawn")

    try terminal.type("more")
    try terminal.send("Enter")
    let more = try terminal.waitFor("Places 17–")
    XCTAssertTrue(more.contains("Places 17–20 (20 loaded):"), more)
    XCTAssertEqual(server.requests.filter { $0.path == "/v2/places" }.count, 1, "the loaded rows came first")
    try terminal.type("more")
    try terminal.send("Enter")
    let next = try terminal.waitFor("Places 21–")
    XCTAssertTrue(next.contains("  21. Place 21 "), next)

    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// Back on the list after `more`s, the window shows its first page
  /// again under the title, as the first drawing did, not every loaded row.
  func test_backAfterMore_drawsTheFirstPageAgain_underTheTitle() throws {
    let server = try LoopbackHTTPServer { request in
      request.path == "/v2/places"
        ? .json(GeoapifyFixtures.page(count: 20, first: (Int(request.query["offset"] ?? "") ?? 0) + 1))
        : request.path == "/v2/place-details" ? .json(GeoapifyFixtures.details) : .close
    }
    defer { server.stop() }
    let terminal = try start(server: server, columns: 80, rows: 24)
    try terminal.waitFor("Type more for the next places")
    for header in ["Places 17–", "Places 21–"] {
      try terminal.type("more")
      try terminal.send("Enter")
      try terminal.waitFor(header)
    }
    try terminal.answer("home>", with: "open 3")
    try terminal.waitFor("home/")
    try terminal.answer("home/", with: "back")
    try terminal.waitFor("home>") { $0.components(separatedBy: "\n").last { !$0.isEmpty } == "home>" }

    let visible = try terminal.visibleRows()
    XCTAssertTrue(visible.contains { $0.hasPrefix("Home") }, "the title: \(visible.joined(separator: "\n"))")
    XCTAssertTrue(visible.contains { $0.hasPrefix("   1. Place 1 ") }, visible.joined(separator: "\n"))
    XCTAssertFalse(visible.contains { $0.hasPrefix("  21. ") }, visible.joined(separator: "\n"))

    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }
}

/// Issue 21 §4 in a real terminal: the letters a filter matched are drawn
/// in the Palette's match style; under NO_COLOR the row is plain text.
final class FilterHighlightTerminalTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-tty-filter")
  }

  override func tearDown() {
    home?.remove()
  }

  private func filteredRow(noColor: Bool) throws -> (styled: String, plain: String, screen: String) {
    let terminal = try TmuxSession.wayfarer(home: home.path, noColor ? ["NO_COLOR": "1"] : [:])
    try terminal.answer("welcome>", with: "register")
    try terminal.answer("Name:", with: "Ada")
    try terminal.answer("Surname:", with: "Lovelace")
    try terminal.answer("E-mail:", with: noColor ? "nc@example.com" : "ada@example.com")
    try terminal.answer("Password (at least 8 characters):", with: "hunter2hunter2")
    try terminal.answer("Confirm password:", with: "hunter2hunter2")
    try terminal.answer("home>", with: "city lisbon")
    try terminal.answer("Type use N", with: "use 1")
    try terminal.waitFor("Near Lisbon")
    try terminal.type("filter csj")
    try terminal.send("Enter")
    try terminal.waitFor("5. Castelo de São Jorge  tourism")
    let styled = try terminal.styledRows().last { $0.contains("astelo") } ?? ""
    let plain = try terminal.visibleRows().last { $0.contains("Jorge") } ?? ""
    let screen = try terminal.visibleRows().joined(separator: "\n")
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
    return (styled, plain, screen)
  }

  func test_matchedLetters_areUnderlinedInColour_andPlainUnderNoColor() throws {
    let colour = try filteredRow(noColor: false)
    // tmux redraws each matched letter underlined (4) in yellow (33), the
    // rest of the name bold without them.
    let yellow = colour.styled.components(separatedBy: "\u{1B}[33m").dropFirst().compactMap(\.first)
    XCTAssertEqual(yellow, ["C", "S", "J"], colour.styled.debugDescription + "\n" + colour.screen)
    XCTAssertEqual(colour.styled.components(separatedBy: "4m").count - 1, 3, colour.styled.debugDescription)
    XCTAssertTrue(colour.plain.hasPrefix("  5. Castelo de São Jorge"), colour.plain)

    home.remove()
    home = try TemporaryDirectory("wayfarer-tty-filter")
    let plain = try filteredRow(noColor: true)
    XCTAssertFalse(plain.styled.contains("\u{1B}["), plain.styled.debugDescription)
    XCTAssertTrue(plain.plain.hasPrefix("  5. Castelo de São Jorge"), plain.plain)
  }
}
