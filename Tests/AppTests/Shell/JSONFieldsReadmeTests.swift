import Foundation
import XCTest

@testable import App

/// The README's table of `--json` fields is the one the commands declare.
final class JSONFieldsReadmeTests: XCTestCase {
  func test_theREADME_listsEachCommandsJSONFields_asDeclared() async throws {
    let specs = await MainActor.run { ShellCommands.specs }
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../README.md"), encoding: .utf8)
    let table = readme.components(separatedBy: "\n").drop { $0 != "| command | `--json` fields |" }.dropFirst(2)
      .prefix { $0.hasPrefix("|") }
    let declared = specs.compactMap { spec in
      spec.jsonFields.map { "| `wayfarer \(spec.name)` | \($0.names.joined(separator: ", ")) |" }
    }

    XCTAssertEqual(declared.count, 6, "search, repo, ask, places, bookmarks list, memory-check")
    XCTAssertEqual(Array(table), declared)
  }
}
