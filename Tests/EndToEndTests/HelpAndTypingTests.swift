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
}
