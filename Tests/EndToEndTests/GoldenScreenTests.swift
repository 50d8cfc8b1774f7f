import Foundation
import TestSupport
import XCTest

/// Issue 9 §2: the screens as a person sees them in a terminal 40, 80 and
/// 160 columns wide, captured through tmux and compared with the files in
/// Golden/.
///
/// After a deliberate change of layout, record them again with
/// `WAYFARER_RECORD_GOLDEN=1 swift test --filter GoldenScreenTests` and
/// read the difference before committing it.
final class GoldenScreenTests: XCTestCase {
  private var home: TemporaryDirectory!
  private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Golden")
  private var isRecording: Bool { ProcessInfo.processInfo.environment["WAYFARER_RECORD_GOLDEN"] == "1" }

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-golden")
    let registered = try WayfarerBinary.run(
      script: [
        "register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "profile", "logout",
      ],
      home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
  }

  override func tearDown() {
    home?.remove()
  }

  func test_at40Columns() throws { try captureEveryScreen(columns: 40) }
  func test_at80Columns() throws { try captureEveryScreen(columns: 80) }
  func test_at160Columns() throws { try captureEveryScreen(columns: 160) }

  private func captureEveryScreen(columns: Int) throws {
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"],
      columns: columns, rows: 60)
    try terminal.waitFor("welcome>")
    try compare(trimmed(try terminal.joinedScreen()), with: "welcome", columns: columns)

    try terminal.answer("welcome>", with: "login")
    try terminal.answer("E-mail:", with: "ada@example.com")
    try terminal.answer("Password:", with: "correct horse")
    try terminal.waitFor("home>")
    for (name, command, prompt) in [
      ("home", "nearby", "home>"), ("detail", "open 3", "home/detail>"), ("", "back", "home>"),
      ("map", "map", "home>"), ("", "profile", "profile>"), ("settings", "settings", "profile/settings>"),
      ("", "back", "profile>"), ("about", "about", "profile/about>"),
    ] {
      try terminal.send("C-l")
      try waitForClearedScreen(terminal)
      try terminal.clearScrollback()
      try terminal.type(command)
      try terminal.send("Enter")
      try terminal.waitFor("\(command), then \(prompt)") { screen in
        let lines = screen.components(separatedBy: "\n").filter { !$0.isEmpty }
        return lines.count > 1 && lines.last == prompt && lines.contains { $0.hasSuffix("> " + command) }
      }
      if !name.isEmpty { try compare(trimmed(try terminal.joinedScreen()), with: name, columns: columns) }
    }
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// Waits until Ctrl-L has been handled: the visible rows hold the prompt
  /// alone. (The whole capture ends with a prompt before the clear too, so
  /// waiting on it once let the previous screen into the next golden.)
  private func waitForClearedScreen(_ terminal: TmuxSession) throws {
    let deadline = Date().addingTimeInterval(10)
    var rows: [String] = []
    while Date() < deadline {
      rows = try terminal.visibleRows().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      if rows.count == 1, rows[0].trimmingCharacters(in: .whitespaces).hasSuffix(">") { return }
      usleep(20_000)
    }
    XCTFail("the screen was not cleared: \(rows)")
  }

  /// The capture from the typed command (or the first line) to the prompt
  /// under it, without the blank rows of the terminal below.
  private func trimmed(_ screen: String) -> String {
    var lines = screen.components(separatedBy: "\n")
    while lines.last?.isEmpty == true { lines.removeLast() }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    return lines.joined(separator: "\n") + "\n"
  }

  private func compare(_ screen: String, with name: String, columns: Int, line: UInt = #line) throws {
    let file = Self.golden.appendingPathComponent("\(name)-\(columns).txt")
    let widest = screen.components(separatedBy: "\n").map(\.count).max() ?? 0
    XCTAssertLessThanOrEqual(widest, columns, "\(name) at \(columns) columns is wider than the terminal", line: line)
    if isRecording {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(screen.utf8).write(to: file)
      return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    if screen != expected {
      let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(columns).actual.txt")
      try? Data(screen.utf8).write(to: actual)
      XCTFail(
        "\(name) at \(columns) columns differs from \(file.path) (this run's screen: \(actual.path)):\n\(screen)",
        line: line)
    }
  }
}
