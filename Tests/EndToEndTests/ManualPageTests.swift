import Foundation
import TestSupport
import XCTest

/// Issue 20 §2: `wayfarer manual` is a manual page that lints clean
/// (mandoc and groff, installed by Scripts/bootstrap.sh) and names every
/// command, variable and exit status the tables declare.
final class ManualPageTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-manual")
  }

  override func tearDown() {
    home.remove()
  }

  func test_theManual_lintsClean_andNamesEveryCommand() throws {
    let run = try WayfarerBinary.run(script: [], home: home.path, arguments: ["manual"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = home.path + "/wayfarer.1"
    try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: page))

    let mandoc = try InstalledTool.run("mandoc", ["-T", "lint", "-W", "style", page])
    XCTAssertEqual(mandoc.status, 0, mandoc.output)
    XCTAssertEqual(mandoc.output, "")
    let groff = try InstalledTool.run("groff", ["-ww", "-z", "-man", page])
    XCTAssertEqual(groff.output, "")

    let help = try WayfarerBinary.run(script: [], home: home.path, arguments: ["--help"]).stdout
    let commands = help.components(separatedBy: "\n").drop { !$0.hasPrefix("Commands") }.dropFirst().prefix {
      !$0.isEmpty
    }
    XCTAssertFalse(commands.isEmpty)
    for line in commands {
      let name = line.split(separator: " ").prefix { $0.first?.isUppercase == false }.joined(separator: " ")
      XCTAssertTrue(run.stdout.contains(".SS \(name.replacingOccurrences(of: "-", with: "\\-"))"), name)
    }
    for section in ["COMMANDS", "JSON OUTPUT", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
      XCTAssertTrue(run.stdout.contains(".SH \(section)\n"), section)
    }
    XCTAssertTrue(run.stdout.contains(".B GITHUB_TOKEN, GH_TOKEN\n"), "the variables' table")
  }

  /// JSON OUTPUT names, for each command with --json, the fields its help
  /// lists (both come from the fields the JSON is written with).
  func test_theManual_listsEachCommandsJSONFields_asItsHelpDoes() throws {
    let page = try WayfarerBinary.run(script: [], home: home.path, arguments: ["manual"]).stdout
    let section = page.components(separatedBy: ".SH JSON OUTPUT\n").last?.components(separatedBy: ".SH ").first ?? ""
    let entries = section.components(separatedBy: ".TP\n.B ").dropFirst().map { entry in
      let lines = entry.split(separator: "\n")
      return (lines[0].replacingOccurrences(of: "\\-", with: "-"), lines.dropFirst().joined(separator: " "))
    }
    XCTAssertEqual(
      entries.map(\.0), ["places", "search", "repo", "ask", "bookmarks list", "memory-check"], "every --json")
    for (command, fields) in entries {
      let help = try WayfarerBinary.run(
        script: [], home: home.path, arguments: command.split(separator: " ").map(String.init) + ["--help"]
      ).stdout
      let listed = help.components(separatedBy: "\n").drop { !$0.hasPrefix("JSON fields of") }.dropFirst()
        .prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      XCTAssertEqual(fields, listed, command)
    }
  }
}
