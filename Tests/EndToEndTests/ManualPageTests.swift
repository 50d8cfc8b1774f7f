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

  private func lint(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(tool)") else {
      XCTFail("\(tool) is not installed; Scripts/bootstrap.sh installs it")
      return (-1, "")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  func test_theManual_lintsClean_andNamesEveryCommand() throws {
    let run = try WayfarerBinary.run(script: [], home: home.path, arguments: ["manual"])
    XCTAssertEqual(run.status, 0, run.stderr)
    let page = home.path + "/wayfarer.1"
    try Data(run.stdout.utf8).write(to: URL(fileURLWithPath: page))

    let mandoc = try lint("mandoc", ["-T", "lint", "-W", "style", page])
    XCTAssertEqual(mandoc.status, 0, mandoc.output)
    XCTAssertEqual(mandoc.output, "")
    let groff = try lint("groff", ["-ww", "-z", "-man", page])
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
}
