import XCTest

extension XCTestCase {
  /// Fails the test if `instance` is still alive when the test ends.
  ///
  /// Call it in every `makeSUT()` for the subject and its collaborators: a
  /// retain cycle then shows up as a failure at the line that made the object.
  public func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
    addTeardownBlock { [weak instance] in
      XCTAssertNil(
        instance, "Instance should have been deallocated. Potential memory leak.", file: file, line: line)
    }
  }
}
