import TerminalKit
import TestSupport
import XCTest

@testable import Home

@MainActor
final class HomeBuilderTests: XCTestCase {
  func test_build_givesAStackWhoseRootSaysWhatTheTabWillHold() async {
    let stack = HomeBuilder.build(dependencies: HomeDependencies())
    trackForMemoryLeaks(stack)
    trackForMemoryLeaks(stack.root)

    let body = stack.root.body(in: .plain).map(\.plainText).joined(separator: " ")

    XCTAssertEqual(stack.path, ["home"])
    XCTAssertTrue(body.contains("not built yet"), body)
    XCTAssertTrue(stack.root.commands.isEmpty, "no commands that would pretend to work")
  }
}
