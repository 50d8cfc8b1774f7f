import XCTest

@testable import TerminalIO

/// A reply streaming in, kept as the lines it put on the terminal: broken
/// where the terminal would wrap it, so that its rows are still counted
/// after a resize, and cut to the window's height.
final class PartialRegionTests: XCTestCase {
  private let x80 = String(repeating: "x", count: 80)

  func test_text_isBrokenWhereTheTerminalWouldWrapIt() {
    var region = PartialRegion()
    XCTAssertEqual(region.append(x80 + "0123456789", columns: 80), [x80, "0123456789"])
    XCTAssertEqual(region.append("yy\nzz", columns: 80), ["yy", "zz"], "the cursor's line goes on")
    XCTAssertEqual(region.append("\n", columns: 80), ["", ""])
    XCTAssertEqual(region.rows(at: 80), 4)
  }

  /// Wider: no line of it was wrapped by the terminal, so none is joined
  /// (the count was once given up on here, and the reply left raw).
  func test_widened_theRowsAreTheSame() {
    var region = PartialRegion()
    _ = region.append(x80 + "0123456789" + "yy\nzz", columns: 80)
    XCTAssertEqual(region.rows(at: 80), 3)
    XCTAssertEqual(region.rows(at: 100), 3)
    XCTAssertEqual(
      region.append(String(repeating: "z", count: 99), columns: 100), [String(repeating: "z", count: 98), "z"])
    XCTAssertEqual(region.rows(at: 100), 4)
  }

  /// Narrower than a line: counted as split, as a terminal that reflows
  /// shows it; what comes next starts a row of its own.
  func test_narrowed_aWiderLineCountsAsSplit_andTheNextTextStartsARow() {
    var region = PartialRegion()
    _ = region.append(x80 + "\n" + String(repeating: "y", count: 70), columns: 80)
    XCTAssertEqual(region.rows(at: 60), 4, "80 and 70 columns in rows of 60")
    XCTAssertEqual(region.append("abc", columns: 60), ["", "abc"])
    XCTAssertEqual(region.rows(at: 60), 5)
  }

  func test_wideCharacters_goToTheNextRowWhole() {
    var region = PartialRegion()
    XCTAssertEqual(region.append("a日本語", columns: 6), ["a日本", "語"])
    XCTAssertEqual(region.append("é", columns: 6), ["é"])
    XCTAssertEqual(region.rows(at: 6), 2)
  }

  func test_taller_thanTheLimit_keepsItsLastRows_neverTheCursorsLineLeftOut() {
    var region = PartialRegion()
    _ = region.append((1...30).map { "line \($0)" }.joined(separator: "\n"), columns: 80)
    XCTAssertNil(region.keepingLastRows(30, columns: 80), "it fits")
    XCTAssertEqual(region.keepingLastRows(23, columns: 80), (8...30).map { "line \($0)" })
    XCTAssertEqual(region.rows(at: 80), 23)

    var long = PartialRegion()
    _ = long.append("a\n" + x80, columns: 80)
    XCTAssertEqual(long.keepingLastRows(1, columns: 20), [x80], "four rows at 20 columns, kept")
  }
}
