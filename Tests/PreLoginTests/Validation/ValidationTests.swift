import Foundation
import XCTest

@testable import PreLogin

final class FieldRulesTests: XCTestCase {
  func test_isEmail() {
    for valid in ["a@b.co", "ada.lovelace+x@example.org", "ü@exämple.de"] {
      XCTAssertTrue(FieldRules.isEmail(valid), valid)
    }
    for invalid in [
      "", "ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada @example.com",
      "ada@.com", "ada@example.", "ada@example..com",
    ] {
      XCTAssertFalse(FieldRules.isEmail(invalid), invalid)
    }
  }

  func test_passwordError() {
    XCTAssertEqual(FieldRules.passwordError(""), "This field is required")
    XCTAssertEqual(FieldRules.passwordError("1234567"), "Password must be at least 8 characters")
    XCTAssertNil(FieldRules.passwordError("12345678"))
  }
}

@MainActor
final class LoginThrottleTests: XCTestCase {
  func test_waitGrowsFromThirtySecondsAndIsCapped() async throws {
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let throttle = LoginThrottle(attempts: attempts, now: { clock.now })
    var waits: [Int?] = []

    for _ in 0..<12 {
      waits.append(try throttle.secondsToWait(for: "ada@example.com"))
      try throttle.recordFailure(for: "ada@example.com")
    }
    waits.append(try throttle.secondsToWait(for: "ada@example.com"))

    XCTAssertEqual(waits, [nil, nil, nil, nil, nil, 30, 60, 120, 240, 480, 900, 900, 900])
  }

  func test_waitRunsOutWithTime() async throws {
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let throttle = LoginThrottle(attempts: attempts, now: { clock.now })
    for _ in 0..<5 { try throttle.recordFailure(for: "ada@example.com") }

    clock.advance(by: 20)
    XCTAssertEqual(try throttle.secondsToWait(for: "ada@example.com"), 10)
    clock.advance(by: 10)
    XCTAssertNil(try throttle.secondsToWait(for: "ada@example.com"))
  }

  func test_waitMessage() async {
    XCTAssertEqual(
      LoginThrottle.waitMessage(seconds: 30), "Too many failed attempts for this e-mail. Try again in 30 seconds.")
    XCTAssertEqual(
      LoginThrottle.waitMessage(seconds: 900), "Too many failed attempts for this e-mail. Try again in 15 minutes.")
  }
}
