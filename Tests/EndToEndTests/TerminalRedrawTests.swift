import Dispatch
import Foundation
import TestSupport
import XCTest

/// Issue 9 §1 in a real terminal: a screen whose data comes late is drawn
/// once in the scrollback, and what is typed meanwhile waits for the prompt.
final class TerminalRedrawTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-tty-redraw")
  }

  override func tearDown() {
    home?.remove()
  }

  /// A Geoapify whose places and details wait for the test to let them go:
  /// the test sees the placeholder, then releases the data (no sleeping).
  private final class GatedGeoapify: Sendable {
    let places = DispatchSemaphore(value: 0)
    let details = DispatchSemaphore(value: 0)
    let server: LoopbackHTTPServer

    init() throws {
      let places = places
      let details = details
      server = try LoopbackHTTPServer { request in
        switch request.path {
        case "/v2/places":
          _ = places.wait(timeout: .now() + 20)
          return .json(GeoapifyFixtures.page(count: 20))
        case "/v2/place-details":
          _ = details.wait(timeout: .now() + 20)
          return .json(GeoapifyFixtures.details)
        default:
          return .close
        }
      }
    }
  }

  private func start(_ geoapify: GatedGeoapify) throws -> TmuxSession {
    try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: [
        "WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "GEOAPIFY_API_KEY": "test-key-0001", "WAYFARER_GEOAPIFY_URL": geoapify.server.baseURL,
        "WAYFARER_LOCATION": "48.1374,11.5755",
      ])
  }

  private func occurrences(of text: String, in screen: String) -> Int {
    screen.components(separatedBy: text).count - 1
  }

  func test_aSlowList_isOnceInTheScrollback_andTypeAheadRunsAfterTheLoad_offTheSpinnersLine() throws {
    let geoapify = try GatedGeoapify()
    defer { geoapify.server.stop() }
    let terminal = try start(geoapify)
    try terminal.registerAda()
    try terminal.waitFor("░░░")
    try terminal.waitFor("Loading places…")

    // Typed while the spinner turns: neither glued to it nor lost.
    try terminal.type("help")
    try terminal.send("Enter")
    let spinnerLines = try terminal.screen().split(separator: "\n").filter { $0.contains("Loading places…") }
    XCTAssertTrue(spinnerLines.allSatisfy { $0.hasSuffix("Loading places…") }, "type-ahead glued: \(spinnerLines)")
    geoapify.places.signal()

    let screen = try terminal.waitFor("On Home:")
    try terminal.waitFor("home>", count: 2)
    XCTAssertEqual(occurrences(of: "Near WAYFARER_LOCATION", in: screen), 1, screen)
    XCTAssertEqual(occurrences(of: TabSet.colourTitles, in: screen), 1, screen)
    XCTAssertEqual(occurrences(of: "░", in: screen), 0, "the placeholder rows were left behind:\n\(screen)")
    XCTAssertEqual(occurrences(of: "Loading places…", in: screen), 0, screen)
    XCTAssertTrue(screen.contains("   1. Place 1 "), screen)
    XCTAssertTrue(screen.contains("home> help\nOn Home:"), "the type-ahead ran at the prompt:\n\(screen)")
    XCTAssertFalse(screen.contains("…help"), screen)

    // A place's detail: "on their way" is replaced by the details, in place.
    try terminal.type("open 1")
    try terminal.send("Enter")
    try terminal.waitFor("Details are on their way…")
    geoapify.details.signal()
    let detail = try terminal.waitFor("home/detail>")
    XCTAssertEqual(occurrences(of: "Home › Place 1", in: detail), 1, detail)
    XCTAssertEqual(occurrences(of: "Details are on their way", in: detail), 0, detail)
    XCTAssertTrue(detail.contains("Wheelchair"), detail)

    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// The map is drawn again at the new size when the terminal is resized
  /// under it, and what was typed at the prompt is still there.
  func test_aResizedTerminal_getsTheMapAgainAtItsNewSize_andKeepsWhatWasTyped() throws {
    try WayfarerBinary.registerAda(home: home.path)
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"],
      columns: 80, rows: 24)
    try terminal.answer("home>", with: "map")
    let small = try terminal.waitFor("the map") {
      $0.contains("└") && $0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("home>")
    }
    // The frame alone: a legend may stand beside it (issue 21 §5).
    let smallFrame = (small.components(separatedBy: "\n").last { $0.hasPrefix("┌") } ?? "").prefix { $0 != "┐" }
    try terminal.type("ope")
    try terminal.waitFor("home> ope")

    try terminal.resize(columns: 60, rows: 40)

    // Whole: the wider frame, its bottom edge, and the prompt with what was
    // typed after it (a capture taken mid-drawing would have half a map).
    let resized = try terminal.waitFor("a wider frame, drawn whole, then the prompt") { screen in
      let lines = screen.components(separatedBy: "\n")
      guard let top = lines.lastIndex(where: { $0.hasPrefix("┌") && $0.count > smallFrame.count }) else {
        return false
      }
      return lines[top...].contains { $0.hasPrefix("└") }
        && screen.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("home> ope")
    }
    let lines = resized.components(separatedBy: "\n")
    guard let top = lines.lastIndex(where: { $0.hasPrefix("┌") }),
      let bottom = lines[top...].firstIndex(where: { $0.hasPrefix("└") })
    else { return XCTFail(resized) }
    // The frame alone: a legend beside it, drawn at a size the terminal
    // passed through while being resized, may have been reflowed by tmux.
    let rows = lines[(top + 1)..<bottom].filter { $0.hasPrefix("│") }.count
    let frame = lines[top].prefix { $0 != "┐" }.count + 1
    XCTAssertEqual(frame - 2, rows * 2, "a square area: \(rows) rows, \(frame - 2) columns")
    XCTAssertLessThanOrEqual(frame, 60)
    XCTAssertGreaterThan(rows, 13, "taller than the 24-row terminal allowed")
    try terminal.waitFor("home> ope")
    try terminal.type("n 1")
    try terminal.send("Enter")
    try terminal.waitFor("home/detail>")
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }
}
