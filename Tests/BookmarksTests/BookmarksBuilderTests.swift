import TerminalKit
import TestSupport
import XCTest

@testable import Bookmarks

@MainActor
final class BookmarksBuilderTests: XCTestCase {
  func test_build_givesAStackWhoseRootSaysWhatTheTabWillHold() async {
    let stack = BookmarksBuilder.build(dependencies: BookmarksDependencies())
    trackForMemoryLeaks(stack)
    trackForMemoryLeaks(stack.root)

    let body = stack.root.body(in: .plain).map(\.plainText).joined(separator: " ")

    XCTAssertEqual(stack.path, ["bookmarks"])
    XCTAssertTrue(body.contains("not built yet"), body)
    XCTAssertTrue(stack.root.commands.isEmpty, "no commands that would pretend to work")
  }
}
