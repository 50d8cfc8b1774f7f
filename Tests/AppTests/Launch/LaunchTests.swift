import Explore
import Networking
import ServiceAccess
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
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "-v"]), .version)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "-V"]), .version)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "--colour"]), .invalid("Unknown option '--colour'."))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "--help", "x"]),
      .invalid("wayfarer takes at most one option; got: --help x."))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "open", "wayfarer://bookmarks"]), .open("wayfarer://bookmarks"))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "open"]),
      .invalid("wayfarer open takes one link, like wayfarer://bookmarks."))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "open", "a", "b"]),
      .invalid("wayfarer open takes one link, like wayfarer://bookmarks."))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "search", "x", "--json"], commands: ["search"]),
      .command(["search", "x", "--json"]))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "harbor"], commands: ["search"]), .invalid("Unknown command 'harbor'."))
  }

  /// gh's conventions: `help COMMAND` is the command's --help, and a near
  /// miss is answered with the command meant.
  func test_helpCommand_andANearMiss() {
    let commands = ["search", "bookmarks"]
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "help"], commands: commands), .help)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "help", "open"], commands: commands), .help)
    XCTAssertEqual(CommandLineOptions.parse(["wayfarer", "help", "help"], commands: commands), .help)
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "help", "search"], commands: commands), .command(["search", "--help"]))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "help", "bookmarks", "export"], commands: commands),
      .command(["bookmarks", "export", "--help"]))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "serch", "tui"], commands: commands),
      .invalid("Unknown command 'serch'. Did you mean search?"))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "help", "bokmarks"], commands: commands),
      .invalid("Unknown command 'bokmarks'. Did you mean bookmarks?"))
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "book\u{FEFF}marks"], commands: commands),
      .invalid("Unknown command 'book<U+FEFF>marks'. Did you mean bookmarks?"), "what draws as nothing is shown")
    XCTAssertEqual(
      CommandLineOptions.parse(["wayfarer", "--versi\u{200B}on"], commands: commands),
      .invalid("Unknown option '--versi<U+200B>on'."), "an option's echo too")
  }

  @MainActor
  func test_theCommands_comeFromTheTabsAndApp_onceEach() async {
    let names = ShellCommands.specs.map(\.name)
    XCTAssertEqual(Set(names).count, names.count, "no command is declared twice: \(names)")
    for expected in ["search", "places", "bookmarks list", "login", "logout", "memory-check", "completion", "manual"] {
      XCTAssertTrue(names.contains(expected), expected)
    }
    XCTAssertEqual(ShellCommands.table(ShellLaunch(environment: [:])).topNames.first, "login")
  }
}

final class ConfigurationTests: XCTestCase {
  private func read(_ variables: [String: String]) -> Configuration {
    Configuration.read(variables)
  }

  func test_nothingSet_isTheOfflineCatalogAroundTheDefault_withNoWarning() {
    let configuration = read([:])
    XCTAssertNil(configuration.geoapify)
    XCTAssertNil(configuration.fixedLocation)
    XCTAssertEqual(configuration.warnings, [])
  }

  func test_geoapify_keyAndURL() {
    XCTAssertEqual(
      read(["GEOAPIFY_API_KEY": "geo-key-123"]).geoapify,
      Configuration.GeoapifyAccess(
        apiKey: Secret(value: "geo-key-123", source: "GEOAPIFY_API_KEY"),
        baseURL: URL(string: "https://api.geoapify.com")!))
    XCTAssertEqual(
      read(["GEOAPIFY_API_KEY": "geo-key-123", "WAYFARER_GEOAPIFY_URL": "HTTP://127.0.0.1:8080"]).geoapify?.baseURL
        .absoluteString, "HTTP://127.0.0.1:8080")
    XCTAssertNil(read(["WAYFARER_GEOAPIFY_URL": "http://127.0.0.1"]).geoapify, "no key, no service")
    XCTAssertNil(read(["GEOAPIFY_API_KEY": ""]).geoapify)
  }

  func test_location_takesDecimalDegreesInRange_only() {
    XCTAssertEqual(read(["WAYFARER_LOCATION": "-23.55, -46.63"]).fixedLocation?.latitude, -23.55)
    XCTAssertEqual(read(["WAYFARER_LOCATION": "1e1,2E1"]).fixedLocation?.longitude, 20)
    for bad in ["0x10,0x10", "inf,0", "nan,0", "91,0", "0,181", "abc", "1,2,3", "1", "1e999,0", "1,2,", ",1"] {
      let configuration = read(["WAYFARER_LOCATION": bad])
      XCTAssertNil(configuration.fixedLocation, bad)
      XCTAssertEqual(configuration.warnings.count, 1, bad)
      XCTAssertTrue(configuration.warnings.first?.hasPrefix("WAYFARER_LOCATION must be LAT,LON") == true, bad)
    }
  }

  func test_anInvalidServiceURL_sendsTheKeyNowhere() {
    for bad in ["not a url", "ftp://127.0.0.1", "file:///etc/passwd", "http://", "javascript:alert(1)", "//host"] {
      let configuration = read(["GEOAPIFY_API_KEY": "geo-key-123", "WAYFARER_GEOAPIFY_URL": bad])
      XCTAssertNil(configuration.geoapify, bad)
      XCTAssertEqual(configuration.warnings.count, 1, bad)
      XCTAssertTrue(configuration.warnings.first?.hasPrefix("WAYFARER_GEOAPIFY_URL must be an http") == true, bad)
    }
  }

  func test_terminalWishes_noColorDumbAndColumns() {
    XCTAssertEqual(read([:]).terminal, Configuration.Terminal(noColor: false, isDumb: false, columns: nil))
    XCTAssertEqual(
      read(["NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "132"]).terminal,
      Configuration.Terminal(noColor: true, isDumb: true, columns: 132))
    XCTAssertFalse(read(["NO_COLOR": "", "TERM": "xterm-256color"]).terminal.noColor, "an empty NO_COLOR is unset")
    for bad in ["0", "-5", "abc", "1e3", "99999999999999999999", "10001"] {
      let configuration = read(["COLUMNS": bad])
      XCTAssertNil(configuration.terminal.columns, bad)
      XCTAssertEqual(configuration.warnings.count, 1, bad)
      XCTAssertTrue(configuration.warnings.first?.hasPrefix("COLUMNS must be a whole number") == true, bad)
    }
  }

  func test_github_theTokenFromGITHUB_TOKENElseGH_TOKEN_neverEchoed_andTheURLChecked() {
    XCTAssertEqual(read([:]).github, Configuration.GitHub(baseURL: URL(string: "https://api.github.com"), token: nil))
    XCTAssertEqual(
      read(["GH_TOKEN": "gho_bbbbbbbb"]).github.token, GitHubToken(value: "gho_bbbbbbbb", source: "GH_TOKEN"))
    XCTAssertEqual(
      read(["GITHUB_TOKEN": "ghp_aaaaaaaa", "GH_TOKEN": "gho_bbbbbbbb"]).github.token,
      GitHubToken(value: "ghp_aaaaaaaa", source: "GITHUB_TOKEN"))
    XCTAssertEqual(
      read(["WAYFARER_GITHUB_URL": "http://127.0.0.1:9/api"]).github.baseURL?.absoluteString, "http://127.0.0.1:9/api")

    let bad = read(["GITHUB_TOKEN": "ghp_secret with space", "WAYFARER_GITHUB_URL": "file:///etc"])
    XCTAssertNil(bad.github.token)
    XCTAssertNil(bad.github.baseURL, "no address means nothing is sent, not the real GitHub")
    XCTAssertEqual(bad.warnings.count, 2)
    XCTAssertFalse(bad.warnings.joined().contains("ghp_secret"))
    XCTAssertTrue(bad.warnings.contains { $0.hasPrefix("GITHUB_TOKEN must be a key or token") })
    XCTAssertTrue(bad.warnings.contains { $0.hasPrefix("WAYFARER_GITHUB_URL must be an http:// or https:// URL") })
    // Names are tried in order until one is taken: a refused GITHUB_TOKEN
    // falls back to GH_TOKEN, and a taken one leaves GH_TOKEN unread.
    let fallback = read(["GITHUB_TOKEN": "ghp spaced", "GH_TOKEN": "gho_bbbbbbbb"])
    XCTAssertEqual(fallback.github.token, GitHubToken(value: "gho_bbbbbbbb", source: "GH_TOKEN"))
    XCTAssertEqual(fallback.warnings.count, 1)
    XCTAssertEqual(read(["GITHUB_TOKEN": "ghp_aaaaaaaa", "GH_TOKEN": "gho spaced"]).warnings, [])
  }

  /// Every key and token is checked by one rule (8 to 512 printable
  /// characters without spaces: a header cannot be broken or smuggled, and
  /// the value can be hidden from output without hiding words), refused
  /// with one sentence that never echoes it, and kept to be hidden.
  func test_everyKeyAndToken_isCheckedByOneRule_andKeptToBeHidden() {
    let good = read([
      "GEOAPIFY_API_KEY": "0123456789abcdef", "GITHUB_TOKEN": "ghp_aaaaaaaa", "GEMINI_API_KEY": "AIzaTestKey12345",
      "OPENAI_API_KEY": "sk-test-12345", "WAYFARER_OPENAI_URL": "http://127.0.0.1:9/v1",
    ])
    XCTAssertEqual(good.warnings, [])
    XCTAssertEqual(
      Set(good.secrets.map(\.source)), ["GEOAPIFY_API_KEY", "GITHUB_TOKEN", "GEMINI_API_KEY", "OPENAI_API_KEY"])

    for variable in Configuration.secretVariableNames {
      for bad in ["short", "with space inside", "line\nbreak", String(repeating: "x", count: 513), "caf\u{E9}-key-1"] {
        let configuration = read([variable: bad, "WAYFARER_OPENAI_URL": "http://127.0.0.1:9/v1"])
        XCTAssertEqual(
          configuration.warnings,
          [
            "\(variable) must be a key or token: 8 to 512 printable characters without spaces; it is not sent anywhere."
          ], "\(variable)=\(bad)")
        XCTAssertEqual(configuration.secrets, [], variable)
      }
    }
    XCTAssertEqual(
      Configuration.secretVariableNames,
      ["GEOAPIFY_API_KEY", "GITHUB_TOKEN", "GH_TOKEN", "GEMINI_API_KEY", "GOOGLE_API_KEY", "OPENAI_API_KEY"])
  }

  /// Each service's refused URL is one sentence of the same form, saying
  /// what happens instead; no key is sent anywhere else.
  func test_aServiceURLThatIsNoURL_isOneSentenceEach() {
    let bad = read([
      "GEOAPIFY_API_KEY": "geo-key-123", "WAYFARER_GEOAPIFY_URL": "ftp://x", "WAYFARER_GITHUB_URL": "file:///etc",
      "GEMINI_API_KEY": "AIzaTestKey12345", "WAYFARER_GEMINI_URL": "gopher://g",
      "WAYFARER_OPENAI_URL": "localhost:11434",
    ])
    XCTAssertEqual(
      bad.warnings,
      [
        "WAYFARER_GEOAPIFY_URL must be an http:// or https:// URL, not 'ftp://x'; GEOAPIFY_API_KEY is not sent anywhere and Home uses the offline catalog.",
        "WAYFARER_GITHUB_URL must be an http:// or https:// URL, not 'file:///etc'; Explore sends nothing to GitHub until it is fixed.",
        "WAYFARER_GEMINI_URL must be an http:// or https:// URL, not 'gopher://g'; GEMINI_API_KEY is not sent anywhere and the assistant does not use Gemini.",
        "WAYFARER_OPENAI_URL must be an http:// or https:// URL such as http://localhost:11434/v1, not 'localhost:11434'; the assistant does not use it.",
      ])
    XCTAssertNil(bad.geoapify)
    XCTAssertNil(bad.assistant.gemini)
    XCTAssertNil(bad.assistant.openAI)
  }

  func test_pager_isACommandWithArguments_elseLessFRX() {
    XCTAssertEqual(read([:]).pager, ["less", "-FRX"])
    XCTAssertEqual(read(["PAGER": "most  -s"]).pager, ["most", "-s"])
    for bad in ["   ", "less\u{1B}[2J", "less\u{0}x"] {
      let configuration = read(["PAGER": bad])
      XCTAssertEqual(configuration.pager, ["less", "-FRX"], bad)
      XCTAssertEqual(configuration.warnings.count, 1, bad)
    }
  }

  func test_editor_isVISUAL_elseEDITOR_elseVi_andABadOneIsSaidAndSkipped() {
    XCTAssertEqual(read([:]).editor, ["vi"])
    XCTAssertEqual(read(["EDITOR": "nano -w"]).editor, ["nano", "-w"])
    XCTAssertEqual(read(["VISUAL": "code --wait", "EDITOR": "nano"]).editor, ["code", "--wait"])
    let bad = read(["VISUAL": "vim\u{1B}[2J", "EDITOR": "nano"])
    XCTAssertEqual(bad.editor, ["nano"], "a bad VISUAL gives way to EDITOR")
    XCTAssertEqual(
      bad.warnings, ["VISUAL must be a command such as 'vim' or 'nano -w', without control characters; it is ignored."])
  }

  func test_theClock_isTheOneGiven() {
    let fixed = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertEqual(Configuration.read([:], clock: { fixed }).clock(), fixed)
  }

  /// --help and the README list the variables of the parser's own table.
  func test_helpAndTheREADME_listEveryVariableOfTheTable() async throws {
    let usage = await MainActor.run { CommandLineOptions.usage }
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../README.md"), encoding: .utf8)
    var documented = Set<String>()
    for row in readme.split(separator: "\n") where row.hasPrefix("| `") {
      let firstCell = row.split(separator: "|")[0]
      let quoted = firstCell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      documented.formUnion(quoted.filter { $0.allSatisfy { $0.isUppercase || $0 == "_" } })
    }
    let names = Set(Configuration.variables.flatMap { $0.name.components(separatedBy: ", ") })

    XCTAssertEqual(documented, names)
    for name in names {
      XCTAssertTrue(usage.contains(name), name)
    }
  }
}
