import Networking
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

final class HomeEnvironmentTests: XCTestCase {
  private func read(_ variables: [String: String]) -> (environment: HomeEnvironment, warnings: [String]) {
    HomeEnvironment.from(environment: variables, cacheDirectory: "/cache") { NoClient() }
  }

  private final class NoClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(status: 500) }
  }

  func test_location_takesDecimalDegreesInRange_only() {
    XCTAssertEqual(read(["WAYFARER_LOCATION": "-23.55, -46.63"]).environment.fixedLocation?.latitude, -23.55)
    XCTAssertEqual(read(["WAYFARER_LOCATION": "1e1,2E1"]).environment.fixedLocation?.longitude, 20)
    for bad in ["0x10,0x10", "inf,0", "nan,0", "91,0", "0,181", "abc", "1,2,3", "1", "1e999,0"] {
      let result = read(["WAYFARER_LOCATION": bad])
      XCTAssertNil(result.environment.fixedLocation, bad)
      XCTAssertEqual(result.warnings.count, 1, bad)
    }
  }

  func test_anInvalidServiceURL_sendsTheKeyNowhere() {
    for bad in ["not a url", "ftp://127.0.0.1", "file:///etc/passwd", "http://", "javascript:alert(1)", "//host"] {
      let result = read(["GEOAPIFY_API_KEY": "k", "WAYFARER_GEOAPIFY_URL": bad])
      XCTAssertNil(result.environment.geoapify, bad)
      XCTAssertEqual(result.warnings.count, 1, bad)
    }
    XCTAssertEqual(
      read(["GEOAPIFY_API_KEY": "k", "WAYFARER_GEOAPIFY_URL": "HTTP://127.0.0.1:8080"]).environment.geoapify?.baseURL
        .absoluteString, "HTTP://127.0.0.1:8080")
  }
}
