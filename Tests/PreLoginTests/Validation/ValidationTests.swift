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

  func test_controlCharactersAndLengths_areFieldErrors() {
    for hostile in ["A\u{0}B", "bell\u{07}", "esc\u{1B}[31m", "del\u{7F}", "c1\u{9B}", "bidi\u{202E}x", "\u{2066}x"] {
      XCTAssertEqual(FieldRules.nameError(hostile), FieldRules.controlCharacters, hostile.debugDescription)
      XCTAssertEqual(FieldRules.emailError("a\(hostile)@example.com"), FieldRules.controlCharacters)
      XCTAssertEqual(FieldRules.passwordError("12345678\(hostile)"), FieldRules.controlCharacters)
    }
    XCTAssertNil(FieldRules.nameError("Zoë\u{200C}Ann"), "a joiner is part of some names")
    XCTAssertNil(FieldRules.nameError(String(repeating: "é", count: 100)))
    XCTAssertEqual(FieldRules.nameError(String(repeating: "é", count: 101)), "Must be at most 100 characters")

    let local64 = String(repeating: "a", count: 64)
    XCTAssertNil(FieldRules.emailError(local64 + "@example.com"))
    XCTAssertEqual(FieldRules.emailError(local64 + "a@example.com"), FieldRules.longEmail)
    let domain = String(repeating: "d", count: 254 - 2 - 4) + ".com"  // 254 in all
    XCTAssertNil(FieldRules.emailError("a@" + domain))
    XCTAssertEqual(FieldRules.emailError("ab@" + domain), FieldRules.longEmail)
    XCTAssertEqual(FieldRules.emailError(String(repeating: "x", count: 5_000)), FieldRules.longEmail)
    XCTAssertEqual(FieldRules.passwordError(String(repeating: "p", count: 1_025)), FieldRules.longPassword)
  }

  func test_passwordError() {
    XCTAssertEqual(FieldRules.passwordError(""), "This field is required")
    XCTAssertEqual(FieldRules.passwordError("1234567"), "Password must be at least 8 characters")
    XCTAssertNil(FieldRules.passwordError("12345678"))
  }
}

@MainActor
final class LoginThrottleTests: XCTestCase {
  func test_lockoutGrowsFromThirtySecondsAndIsCapped() {
    XCTAssertEqual(
      (1...13).map { LoginThrottle.lockout(afterFailures: $0) },
      [nil, nil, nil, nil, 30, 60, 120, 240, 480, 900, 900, 900, 900])
    XCTAssertEqual(LoginThrottle.lockout(afterFailures: Int.max), 900, "no overflow however many")
  }

  func test_fiveAttemptsAreFree_theSixthWaits_andAWaitedAttemptIsNotCounted() async throws {
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let throttle = LoginThrottle(attempts: attempts, now: { clock.now })
    var waits: [Int?] = []

    for _ in 0..<8 { waits.append(try throttle.reserveAttempt(for: "ada@example.com")) }

    XCTAssertEqual(waits, [nil, nil, nil, nil, nil, 30, 30, 30])
    XCTAssertEqual(try attempts.failedAttempts(for: "ada@example.com").count, 5)
  }

  func test_waitRunsOutWithTime_thenTheNextAttemptDoublesIt() async throws {
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let throttle = LoginThrottle(attempts: attempts, now: { clock.now })
    for _ in 0..<5 { _ = try throttle.reserveAttempt(for: "ada@example.com") }

    clock.advance(by: 20)
    XCTAssertEqual(try throttle.reserveAttempt(for: "ada@example.com"), 10)
    clock.advance(by: 10)
    XCTAssertNil(try throttle.reserveAttempt(for: "ada@example.com"))
    XCTAssertEqual(try throttle.reserveAttempt(for: "ada@example.com"), 60)
  }

  func test_aLastAttemptInTheFarFuture_waitsNoLongerThanTheLongestLockout() async throws {
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let throttle = LoginThrottle(attempts: attempts, now: { clock.now })
    for _ in 0..<5 { _ = try attempts.reserveAttempt(for: "ada@example.com", at: .distantFuture) { _, _ in nil } }

    XCTAssertEqual(try throttle.reserveAttempt(for: "ada@example.com"), 900)
  }

  func test_waitMessage() async {
    XCTAssertEqual(
      LoginThrottle.waitMessage(seconds: 30), "Too many failed attempts for this e-mail. Try again in 30 seconds.")
    XCTAssertEqual(
      LoginThrottle.waitMessage(seconds: 900), "Too many failed attempts for this e-mail. Try again in 15 minutes.")
  }
}
