import XCTest

@testable import App

/// Issue 20 §3: the config file's lines, read with the environment's own
/// checks, the environment winning, and `set` changing only its own line.
final class ConfigFileTests: XCTestCase {
  private let path = "/home/ada/.config/wayfarer/config"

  func test_lines_areReadAsTheEnvironment_commentsAndQuotesAllowed_badLinesNamed() {
    let file = ConfigFile(
      text: """
        # where to look
        WAYFARER_LOCATION = 38.72,-9.14
          GEMINI_API_KEY="AIzaSyExample123"

        not a setting
        NOPE = 1
        WAYFARER_GITHUB_URL = ftp://example.com
        COLUMNS = 0
        """, path: path)
    XCTAssertEqual(file.values, ["WAYFARER_LOCATION": "38.72,-9.14", "GEMINI_API_KEY": "AIzaSyExample123"])
    XCTAssertEqual(file.warnings.count, 4, "\(file.warnings)")
    XCTAssertTrue(file.warnings[0].hasPrefix("\(path) line 5 is not NAME = value"), file.warnings[0])
    XCTAssertTrue(file.warnings[1].contains("line 6: NOPE is not a setting"), file.warnings[1])
    XCTAssertTrue(file.warnings[2].contains("line 7: WAYFARER_GITHUB_URL must be an http:// or https:// URL"))
    XCTAssertTrue(file.warnings[3].contains("line 8: COLUMNS"), file.warnings[3])
  }

  func test_theEnvironmentWins_andAFileValueIsUsedOtherwise() {
    let file = ConfigFile(text: "WAYFARER_LOCATION = 38.72,-9.14\nNO_COLOR = 1\n", path: path)
    let fromFile = Configuration.read([:], file: file)
    XCTAssertEqual(fromFile.fixedLocation, Configuration.Location(latitude: 38.72, longitude: -9.14))
    XCTAssertTrue(fromFile.terminal.noColor)
    let overridden = Configuration.read(["WAYFARER_LOCATION": "1,2"], file: file)
    XCTAssertEqual(overridden.fixedLocation, Configuration.Location(latitude: 1, longitude: 2))
    XCTAssertEqual(overridden.warnings, [])
  }

  func test_folderVariables_cannotBeSet_theyDecideWhereTheFileIs() {
    XCTAssertFalse(ConfigFile.settableNames.contains("WAYFARER_HOME"))
    XCTAssertFalse(ConfigFile.settableNames.contains("XDG_CONFIG_HOME"))
    XCTAssertTrue(ConfigFile.settableNames.contains("GH_TOKEN"))
    XCTAssertNotNil(ConfigFile.problem(name: "WAYFARER_HOME", value: "/tmp"))
    XCTAssertNotNil(ConfigFile.problem(name: "WAYFARER_LOCATION", value: "a\u{1B}b"))
  }

  func test_setting_changesOnlyItsOwnLine_andUnsetRemovesIt() {
    let file = ConfigFile(text: "# mine\nWAYFARER_LOCATION = 1,2\nNO_COLOR = 1\nWAYFARER_LOCATION = 3,4\n", path: path)
    XCTAssertEqual(file.setting("WAYFARER_LOCATION", to: "5,6").text, "# mine\nNO_COLOR = 1\nWAYFARER_LOCATION = 5,6\n")
    XCTAssertEqual(file.setting("COLUMNS", to: "100").text, file.text + "COLUMNS = 100\n")
    XCTAssertEqual(file.setting("WAYFARER_LOCATION", to: nil).text, "# mine\nNO_COLOR = 1\n")
  }

  func test_keys_areShownOnlyInPart() {
    XCTAssertEqual(ConfigCommands.shown("AIzaSyExampleKey123", of: "GEMINI_API_KEY"), "AIza…(set)")
    XCTAssertEqual(ConfigCommands.shown("short", of: "OPENAI_API_KEY"), "(set)")
    XCTAssertEqual(ConfigCommands.shown("1,2", of: "WAYFARER_LOCATION"), "1,2")
  }
}
