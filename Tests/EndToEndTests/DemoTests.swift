import Foundation
import TestSupport
import XCTest

/// Issue 20 §4: `wayfarer demo` records a scripted session on a terminal of
/// its own as an asciicast that the real asciinema plays back, the same
/// file every run on a fixed clock.
final class DemoTests: XCTestCase {
  private var home: TemporaryDirectory!
  private static let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Demos")

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-demo")
  }

  override func tearDown() {
    home.remove()
  }

  private func record(_ demo: String, to cast: String) throws -> String {
    let path = home.path + "/" + cast
    let run = try WayfarerBinary.run(
      script: [], home: home.path,
      arguments: [
        "demo", Self.demos.appendingPathComponent(demo).path, "--cast", path, "--typing", "0", "--clock", "fixed",
      ])
    XCTAssertEqual(run.status, 0, run.stderr)
    return path
  }

  /// What `asciinema cat` prints for `cast` (it wants a terminal: `script`
  /// gives it one, its output still going to a file).
  private func asciinemaCat(_ cast: String) throws -> String {
    guard InstalledTool.path("asciinema") != nil else { return "" }
    let out = home.path + "/cat.txt"
    let run = try InstalledTool.run("script", ["-q", "-c", "asciinema cat '\(cast)' > '\(out)'", "/dev/null"])
    XCTAssertEqual(run.status, 0, run.output)
    return try String(contentsOfFile: out, encoding: .utf8)
  }

  func test_theLoginLogoutDemo_isRecorded_theSameEveryRun_andAsciinemaPlaysIt() throws {
    let first = try record("login-logout.demo", to: "first.cast")
    let second = try record("login-logout.demo", to: "second.cast")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
    XCTAssertEqual(bytes, try Data(contentsOf: URL(fileURLWithPath: second)), "a fixed clock gives the same file")

    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(
      lines.first, #"{"version":2,"width":100,"height":30,"env":{"TERM":"xterm-256color","SHELL":"/bin/sh"}}"#)
    let played = try asciinemaCat(first)
    let recorded = try lines.dropFirst().map { line -> String in
      let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      return try XCTUnwrap(event[2] as? String)
    }.joined()
    XCTAssertEqual(played, recorded, "asciinema gives back what was recorded")

    let plain = played.replacingOccurrences(of: #"\x1B\[[0-9;?]*[A-Za-z]"#, with: "", options: .regularExpression)
    XCTAssertTrue(plain.contains("Welcome"), plain)
    XCTAssertTrue(plain.contains("Home   Explore   Bookmarks   Profile"), "the tab bar: \(plain)")
    XCTAssertTrue(plain.contains("MainTabBarCoordinator        1         0"), "alive while logged in")
    XCTAssertTrue(plain.contains("MainTabBarCoordinator        0         1"), "released after logout")
    XCTAssertFalse(plain.contains("correct horse"), "a password typed is never shown")
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/data"), "the caller's home is not used")
  }

  /// A cast is never written into Wayfarer's own folders, --force or not.
  func test_aCastInWayfarersOwnFolder_isRefused() throws {
    try WayfarerBinary.registerAda(home: home.path)
    let database = home.path + "/data/wayfarer.sqlite"
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let run = try WayfarerBinary.run(
      script: [], home: home.path,
      arguments: ["demo", Self.demos.appendingPathComponent("login-logout.demo").path, "--cast", database, "--force"])
    XCTAssertEqual(run.status, 1, run.stderr)
    XCTAssertTrue(run.stderr.contains("where Wayfarer keeps its own files"), run.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)

    // Nor may a line of the script: the recorded Wayfarer guards the caller's folders.
    let script = home.path + "/export.demo"
    let lines = ["register", "E", "V", "e@example.com", "correct horse", "correct horse", "bookmarks"]
    try (lines + ["export \(database) --force", "quit"]).joined(separator: "\n").write(
      toFile: script, atomically: true, encoding: .utf8)
    let cast = home.path + "/export.cast"
    let recorded = try WayfarerBinary.run(
      script: [], home: home.path,
      arguments: ["demo", script, "--cast", cast, "--typing", "0", "--clock", "fixed"])
    XCTAssertEqual(recorded.status, 0, recorded.stderr)
    // The sentence as drawn, its lines wrapped to the terminal joined again.
    let drawn = try String(contentsOfFile: cast, encoding: .utf8).replacingOccurrences(of: #"\r\n  "#, with: " ")
    XCTAssertTrue(drawn.contains("where Wayfarer keeps its own files"), "the export line was refused: \(drawn)")
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: database)), before)
  }
}
