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
      XCTAssertEqual(FieldRules.nameProblem(hostile), .controlCharacters, hostile.debugDescription)
      XCTAssertEqual(FieldRules.emailProblem("a\(hostile)@example.com"), .controlCharacters)
      XCTAssertEqual(FieldRules.passwordProblem("12345678\(hostile)"), .controlCharacters)
    }
    XCTAssertNil(FieldRules.nameProblem("Zoë\u{200C}Ann"), "a joiner is part of some names")
    XCTAssertNil(FieldRules.nameProblem(String(repeating: "é", count: 100)))
    XCTAssertEqual(FieldRules.nameProblem(String(repeating: "é", count: 101)), .tooLong(limit: 100))

    let local64 = String(repeating: "a", count: 64)
    let longEmail = FieldProblem.emailTooLong(limit: 254, localPartLimit: 64)
    XCTAssertNil(FieldRules.emailProblem(local64 + "@example.com"))
    XCTAssertEqual(FieldRules.emailProblem(local64 + "a@example.com"), longEmail)
    let domain = String(repeating: "d", count: 254 - 2 - 4) + ".com"  // 254 in all
    XCTAssertNil(FieldRules.emailProblem("a@" + domain))
    XCTAssertEqual(FieldRules.emailProblem("ab@" + domain), longEmail)
    XCTAssertEqual(FieldRules.emailProblem(String(repeating: "x", count: 5_000)), longEmail)
    XCTAssertEqual(FieldRules.passwordProblem(String(repeating: "p", count: 1_025)), .passwordTooLong(limit: 1_024))
  }

  func test_passwordProblem() {
    XCTAssertEqual(FieldRules.passwordProblem(""), .required)
    XCTAssertEqual(FieldRules.passwordProblem("1234567"), .passwordTooShort(minimum: 8))
    XCTAssertNil(FieldRules.passwordProblem("12345678"))
  }

  func test_confirmationProblem() {
    XCTAssertEqual(FieldRules.confirmationProblem("", password: ""), .required)
    XCTAssertEqual(FieldRules.confirmationProblem("correct horsE", password: "correct horse"), .passwordsDiffer)
    XCTAssertNil(FieldRules.confirmationProblem("correct horse", password: "correct horse"))
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
    XCTAssertEqual(attempts.records["ada@example.com"]?.count, 5)
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

  /// A stored failure far in the future (a clock set back, a hand edit)
  /// would lock the e-mail until then: it is not believed, and the attempt
  /// counts from now.
  ///
  /// A little ahead (clocks differ) is still believed.
  func test_aLastAttemptInTheFarFuture_isNotBelieved_aLittleAheadIs() async throws {
    let attempts = InMemoryAttempts()
    let clock = TestClock()
    let throttle = LoginThrottle(attempts: attempts, now: { clock.now })
    for _ in 0..<5 { _ = try attempts.reserveAttempt(for: "ada@example.com", at: .distantFuture) { _ in .proceed } }

    XCTAssertNil(try throttle.reserveAttempt(for: "ada@example.com"))
    XCTAssertEqual(attempts.records["ada@example.com"], FailedAttempts(count: 6, last: clock.now))
    XCTAssertEqual(try throttle.reserveAttempt(for: "ada@example.com"), 60, "from now on, the usual doubling")

    let ahead = InMemoryAttempts()
    for _ in 0..<5 { _ = try ahead.reserveAttempt(for: "bob@example.com", at: clock.now + 30) { _ in .proceed } }
    XCTAssertEqual(try LoginThrottle(attempts: ahead, now: { clock.now }).reserveAttempt(for: "bob@example.com"), 60)
  }
}
