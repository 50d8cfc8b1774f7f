import TerminalKit
import TestSupport
import XCTest

@testable import Explore

@MainActor
final class ExploreBuilderTests: XCTestCase {
  func test_build_givesAStackWhoseRootSaysWhatTheTabWillHold() async {
    let stack = ExploreBuilder.build(dependencies: ExploreDependencies())
    trackForMemoryLeaks(stack)
    trackForMemoryLeaks(stack.root)

    let body = stack.root.body(in: .plain).map(\.plainText).joined(separator: " ")

    XCTAssertEqual(stack.path, ["explore"])
    XCTAssertTrue(body.contains("not built yet"), body)
    XCTAssertTrue(stack.root.commands.isEmpty, "no commands that would pretend to work")
  }
}
