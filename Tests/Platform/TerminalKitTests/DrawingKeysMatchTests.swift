import XCTest

@testable import TerminalNavigation

/// Drawing keys are compared through `any Equatable`: equal only when of
/// one type and equal as that type says.
final class DrawingKeysMatchTests: XCTestCase {
  func test_keysOfOneType_matchWhenEqual() {
    XCTAssertTrue(drawingKeysMatch(7, 7))
    XCTAssertFalse(drawingKeysMatch(7, 8))
    XCTAssertTrue(drawingKeysMatch(["a", "b"], ["a", "b"]))
    XCTAssertFalse(drawingKeysMatch(["a", "b"], ["a"]))
  }

  /// The same bits of another type are another key: `Int` 7 is not `UInt` 7.
  func test_keysOfOtherTypes_neverMatch_evenWithTheSameBits() {
    XCTAssertFalse(drawingKeysMatch(7, UInt(7)))
    XCTAssertFalse(drawingKeysMatch(UInt(7), 7))
    XCTAssertFalse(drawingKeysMatch("seven", 7))
    XCTAssertFalse(drawingKeysMatch(Int?.some(7), 7))
  }

  @MainActor
  func test_revisions_matchOnlyThemselves() {
    let first = DrawingRevision.next()
    XCTAssertTrue(drawingKeysMatch(first, first))
    XCTAssertFalse(drawingKeysMatch(first, DrawingRevision.next()))
  }
}
