import Foundation
import TestSupport
import XCTest

/// A piped session writes a screen shown again unchanged as it kept it
/// (the REPL's kept drawings): each change since, made on that screen,
/// elsewhere or by another Wayfarer, must still be drawn.
final class KeptScreenSessionTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-kept")
    try WayfarerBinary.registerAda(home: home.path)
  }

  override func tearDown() {
    home.remove()
  }

  /// The drawings of the screen titled `title`, in order: each is its tab
  /// bar, title, rule and body, which have no blank line in them.
  private func drawings(titled title: String, in output: String) -> [String] {
    output.components(separatedBy: "\n\n").filter { $0.split(separator: "\n").dropFirst().first == Substring(title) }
  }

  func test_homesFilter_typedThere_isDrawnWhenHomeIsShownAgain() throws {
    let run = try WayfarerBinary.run(
      script: ["explore", "home", "filter catedral", "explore", "home", "filter", "explore", "home", "quit"],
      home: home.path)

    XCTAssertEqual(run.status, 0, run.stderr)
    let filtered = drawings(titled: "Home", in: run.stdout).map { $0.contains("Showing 1 of 10") }
    XCTAssertEqual(filtered, [false, false, true, true, false, false], run.stdout)
  }

  func test_aBookmarkSavedOnHome_andRemoved_isDrawnWhenBookmarksIsShownAgain() throws {
    let run = try WayfarerBinary.run(
      script: [
        "bookmarks", "home", "bookmarks", "home", "open 1", "favorite", "bookmarks", "home", "bookmarks", "remove 1",
        "home", "bookmarks", "quit",
      ],
      home: home.path)

    XCTAssertEqual(run.status, 0, run.stderr)
    let saved = drawings(titled: "Bookmarks", in: run.stdout).map { $0.contains("1. Catedral da Sé") }
    XCTAssertEqual(saved, [false, false, true, true, false, false], run.stdout)
  }

  func test_aSettingToggled_isDrawnWhenSettingsIsShownAgain() throws {
    let run = try WayfarerBinary.run(
      script: ["profile", "settings", "back", "settings", "toggle map", "back", "settings", "quit"], home: home.path)

    XCTAssertEqual(run.status, 0, run.stderr)
    let map = drawings(titled: "Profile > Settings", in: run.stdout).map {
      $0.split(separator: "\n").first { $0.contains("(map)") }.map(String.init) ?? ""
    }
    XCTAssertEqual(map.count, 4, run.stdout)
    XCTAssertEqual(Set(map[0...1]).count, 1, "the same setting, drawn twice")
    XCTAssertNotEqual(map[1], map[2], "toggled, and drawn so")
    XCTAssertEqual(map[2], map[3])
  }

  /// Another Wayfarer hides Bookmarks (favorites off) while this one waits
  /// at a prompt: the next prompt sees it (the line read at this one was
  /// already resolved), and the Home drawn after it has no Bookmarks tab,
  /// though Home itself did not change.
  func test_aFlagToggledByAnotherWayfarer_isDrawnAtTheNextPrompt() throws {
    let session = try WayfarerBinary.start(script: ["explore", "home", "explore"], home: home.path)
    let deadline = Date().addingTimeInterval(30)
    while drawings(titled: "Explore", in: session.stdout).count < 2 && Date() < deadline { usleep(20_000) }
    let other = try WayfarerBinary.run(
      script: ["profile", "settings", "toggle favorites", "quit"], home: home.path)
    XCTAssertEqual(other.status, 0, other.stderr)
    XCTAssertTrue(other.stdout.contains("\nok "), other.stdout)

    try session.type(["explore", "home", "quit"])
    let run = session.wait()

    XCTAssertEqual(run.status, 0, run.stderr)
    let bars = drawings(titled: "Home", in: run.stdout).map { String($0.split(separator: "\n")[0]) }
    XCTAssertEqual(
      bars, ["[Home]  Explore  Bookmarks  Profile", "[Home]  Explore  Bookmarks  Profile", "[Home]  Explore  Profile"],
      run.stdout)
  }
}
