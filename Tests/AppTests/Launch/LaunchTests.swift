import XCTest

@testable import App

final class AppPathsTests: XCTestCase {
  func test_wayfarerHome_holdsEveryFolder() throws {
    let paths = try AppPaths.resolve(environment: ["WAYFARER_HOME": "/w", "HOME": "/home/ada", "XDG_DATA_HOME": "/x"])

    XCTAssertEqual(paths.all, ["/w/config", "/w/data", "/w/state", "/w/cache"])
    XCTAssertEqual(paths.sessionFile, "/w/state/session.json")
    XCTAssertEqual(paths.historyFile(accountID: "3"), "/w/state/history/account-3")
    XCTAssertEqual(paths.historyFile(accountID: nil), "/w/state/history/guest")
  }

  func test_xdgFolders_areUsedWhenSet_elseTheirDefaults() throws {
    let paths = try AppPaths.resolve(environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": ""])

    XCTAssertEqual(
      paths.all,
      ["/home/ada/.config/wayfarer", "/home/ada/.local/share/wayfarer", "/s/wayfarer", "/home/ada/.cache/wayfarer"])
  }

  func test_noHomeAtAll_isAnErrorThatSaysWhatToSet() {
    XCTAssertThrowsError(try AppPaths.resolve(environment: [:])) { error in
      XCTAssertTrue("\(error)".contains("Set WAYFARER_HOME"))
    }
  }
}

final class CommandLineOptionsTests: XCTestCase {
  func test_parse() {
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer"]), .run)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "--help"]), .help)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "-h"]), .help)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "--version"]), .version)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "--colour"]), .invalid("Unknown option '--colour'."))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "--help", "x"]),
      .invalid("wayfarer takes at most one option; got: --help x"))
  }
}
