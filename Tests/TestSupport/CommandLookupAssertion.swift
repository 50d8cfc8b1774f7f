import XCTest

/// Asserts that a screen's lookup of one command (`command(named:)`) gives,
/// for each name of its table, that command (compared by `usage — summary`),
/// and nothing for `absent`, a name not in the table.
///
/// A screen that answers a lookup without making its table says its commands
/// twice; this keeps the two the same.
@MainActor
public func assertLookupMatchesTable(
  _ table: [(name: String, described: String)], lookup: (String) -> String?, absent: String = "tab",
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertFalse(table.isEmpty, "the table has commands", file: file, line: line)
  for command in table {
    XCTAssertEqual(lookup(command.name), command.described, "command \(command.name)", file: file, line: line)
  }
  XCTAssertFalse(table.contains { $0.name == absent }, "\(absent) is not in the table", file: file, line: line)
  XCTAssertNil(lookup(absent), "no command \(absent)", file: file, line: line)
}
