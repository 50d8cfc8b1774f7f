import ErrorSentences
import Foundation
import XCTest

/// Errors in words: their own sentence when they have one, never a type name.
final class ErrorSentenceTests: XCTestCase {
  private struct Explained: Error, LocalizedError {
    var errorDescription: String? { "the disk is full\u{1B}[2J" }
  }

  private struct Opaque: Error {}

  private enum Coded: Error { case failed(Int) }

  func test_anErrorWithASentence_isThatSentence_cleaned() {
    XCTAssertEqual(ErrorSentence.reason(for: Explained()), "the disk is full")
  }

  func test_aCancellation_isWorded_neverNamed() {
    XCTAssertEqual(ErrorSentence.reason(for: CancellationError()), "it was cancelled")
    XCTAssertTrue(ErrorSentence.isCancellation(CancellationError()))
    XCTAssertFalse(ErrorSentence.isCancellation(Opaque()))
  }

  func test_errorsWithoutASentence_nameNoTypeAndNoDomain() {
    let errors: [any Error] = [
      Opaque(), Coded.failed(3), NSError(domain: "NSCocoaErrorDomain", code: 4), CocoaError(.fileNoSuchFile),
    ]
    for error in errors {
      let reason = ErrorSentence.reason(for: error)
      XCTAssertEqual(reason, "something unexpected went wrong", "\(error)")
      for leak in ["Opaque", "Coded", "Domain", "()"] {
        XCTAssertFalse(reason.contains(leak), reason)
      }
    }
  }
}
