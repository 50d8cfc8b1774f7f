import Commands
import XCTest

final class UndoStackTests: XCTestCase {
  func test_takesBackTheLatestFirst_andForgetsTheOldestPastItsDepth() {
    var stack = UndoStack<String>(depth: 2)
    XCTAssertNil(stack.latest)

    for removed in ["a", "b", "c"] { stack.push(removed) }

    XCTAssertEqual(stack.count, 2)
    XCTAssertEqual(stack.popLatest(), "c")
    XCTAssertEqual(stack.popLatest(), "b")
    XCTAssertNil(stack.popLatest(), "a went past the depth")
    XCTAssertTrue(stack.isEmpty)
  }

  func test_removeAll_leavesNothingToUndo() {
    var stack = UndoStack<Int>(depth: 5)
    stack.push(1)
    stack.removeAll()
    XCTAssertNil(stack.latest)
  }
}
