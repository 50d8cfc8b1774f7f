import Foundation
import TestSupport
import XCTest

/// Issue 21 §5 in a real terminal: at 100×32 Home's map uses the window,
/// its legend beside it says what the marks are, names sit beside their
/// dots where there is room, and map and legend are on one screen.
final class MapTerminalTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-tty-map")
  }

  override func tearDown() {
    home?.remove()
  }

  func test_at100x32_mapAndLegendFitOneScreen() throws {
    let terminal = try mapShown(columns: 100, rows: 32, home: home.path)
    let rows = try terminal.visibleRows().filter { !$0.isEmpty }
    let screen = rows.joined(separator: "\n")
    XCTAssertEqual(rows.first, "home> map", "the whole map is on the screen:\n\(screen)")
    let top = rows.first { $0.hasPrefix("┌") } ?? ""
    XCTAssertGreaterThanOrEqual(top.prefix { $0 != "┐" }.count, 50, "a wide picture, not 20 columns:\n\(screen)")
    XCTAssertTrue(top.hasSuffix("┐  1 Catedral da Sé"), "the legend beside the picture:\n\(screen)")
    XCTAssertTrue(rows.contains { $0.contains("│  10 Parque Ibirapuera") }, screen)
    XCTAssertTrue(rows.contains { $0.contains("✛ you are here; the circle is the 5 km") }, screen)
    XCTAssertTrue(rows.contains { $0.contains("⠂ a place: its number (and name, where") }, screen)
    XCTAssertEqual(
      screen.components(separatedBy: "10 Parque Ibirapuera").count - 1, 2,
      "in the legend and beside its dot:\n\(screen)")
    XCTAssertTrue(rows.contains { $0.contains("A is 5 and 6") }, "the letters are explained:\n\(screen)")

    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// Small windows too: the picture gives up rows so that the command,
  /// the frame, the key and the legend are all on the screen.
  func test_smallWindows_keepTheWholeMapOnOneScreen() throws {
    for (columns, rows) in [(40, 20), (80, 24)] {
      let folder = home.path + "/\(columns)x\(rows)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let terminal = try mapShown(columns: columns, rows: rows, home: folder)
      let shown = try terminal.visibleRows().filter { !$0.isEmpty }
      let screen = shown.joined(separator: "\n")
      XCTAssertEqual(shown.first, "home> map", "at \(columns)×\(rows) the whole map is on the screen:\n\(screen)")
      XCTAssertTrue(shown.contains { $0.hasPrefix("┌") } && shown.contains { $0.hasPrefix("└") }, screen)
      // At 40×20 Home's page holds places 1–6 of 10: the map says so, and how to see the rest.
      let note = "Places 7–10 are not on the map: type more to list them, then map."
      XCTAssertEqual(
        shown.joined(separator: " ").contains(note), columns == 40,
        "at \(columns)×\(rows) the places left off are named:\n\(screen)")
      try terminal.send("C-d")
      try terminal.waitFor("EXITED:0")
    }
  }

  /// A registered user on Home with the map drawn and the prompt back.
  private func mapShown(columns: Int, rows: Int, home: String) throws -> TmuxSession {
    let terminal = try TmuxSession.wayfarer(home: home, columns: columns, rows: rows)
    try terminal.registerAda()
    try terminal.answer("home>", with: "map")
    try terminal.waitFor("the map, then a prompt") { screen in
      screen.contains("└") && screen.components(separatedBy: "\n").last { !$0.isEmpty } == "home>"
    }
    return terminal
  }
}
