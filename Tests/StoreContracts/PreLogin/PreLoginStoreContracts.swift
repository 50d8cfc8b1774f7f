import Foundation
import PreLogin
import XCTest

/// What every account store behind `PreLoginAuthenticating` promises.
@MainActor
public enum PreLoginAuthenticatingContract {
  /// `make` gives a new store with no accounts.
  public static func verify(
    _ name: String, make: () throws -> any PreLoginAuthenticating, file: StaticString = #filePath, line: UInt = #line
  ) async throws {
    let store = try make()
    let ada = Registration(name: "Ada", surname: "Lovelace", email: "ada@example.com", password: "correct horse")
    let bob = Registration(name: "Bob", surname: "Stone", email: "bob@example.com", password: "battery staple")

    guard case .registered(let adaID) = try await store.register(ada) else {
      return XCTFail("\(name): a new e-mail registers", file: file, line: line)
    }
    let again = Registration(name: "Ada", surname: "L", email: "ADA@Example.com", password: "another one")
    let taken = try await store.register(again)
    XCTAssertEqual(taken, .emailTaken, "\(name): an e-mail registers once, in any case", file: file, line: line)
    guard case .registered(let bobID) = try await store.register(bob) else {
      return XCTFail("\(name): a second e-mail registers", file: file, line: line)
    }
    XCTAssertNotEqual(adaID, bobID, "\(name): each account has its own id", file: file, line: line)

    let checks: [(email: String, password: String, expected: AuthenticationResult, what: String)] = [
      (
        "ada@example.com", "correct horse", .authenticated(accountID: adaID, email: "ada@example.com"),
        "the right password"
      ),
      (
        "Ada@Example.COM", "correct horse", .authenticated(accountID: adaID, email: "ada@example.com"),
        "the e-mail in another case, answered with the stored address"
      ),
      (
        "bob@example.com", "battery staple", .authenticated(accountID: bobID, email: "bob@example.com"),
        "another account's own password"
      ),
      ("ada@example.com", "Correct horse", .rejected, "a wrong password"),
      ("ada@example.com", "battery staple", .rejected, "another account's password"),
      ("ada@example.com", "another one", .rejected, "the refused registration's password"),
      ("nobody@example.com", "correct horse", .rejected, "an unknown e-mail"),
    ]
    for check in checks {
      let result = try await store.authenticate(email: check.email, password: check.password)
      XCTAssertEqual(result, check.expected, "\(name): \(check.what)", file: file, line: line)
    }
  }
}

/// What every store behind `PreLoginAttemptsStoring` promises.
@MainActor
public enum PreLoginAttemptsStoringContract {
  /// `make` gives a new store with no attempts; `reopen` the same data anew.
  public static func verify(
    _ name: String, make: () throws -> any PreLoginAttemptsStoring,
    reopen: (any PreLoginAttemptsStoring) throws -> any PreLoginAttemptsStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let store = try make()
    var seen: [FailedAttempts] = []
    let proceed: (FailedAttempts) -> AttemptDecision = {
      seen.append($0)
      return .proceed
    }

    XCTAssertEqual(
      try store.reserveAttempt(for: "ada@example.com", at: start, decide: proceed), .proceed,
      "\(name): a first attempt goes ahead", file: file, line: line)
    XCTAssertEqual(seen, [], "\(name): with nothing counted, nothing to decide", file: file, line: line)
    XCTAssertEqual(
      try store.failedAttempts(for: "Ada@Example.com"), FailedAttempts(count: 1, last: start),
      "\(name): read in any case", file: file, line: line)
    XCTAssertEqual(
      try store.failedAttempts(for: "ada@example.com"), FailedAttempts(count: 1, last: start),
      "\(name): reading counts nothing", file: file, line: line)
    XCTAssertNil(try store.failedAttempts(for: "nobody@example.com"), "\(name): none", file: file, line: line)

    _ = try reopen(store).reserveAttempt(for: "ADA@example.com", at: start + 5, decide: proceed)
    XCTAssertEqual(
      seen, [FailedAttempts(count: 1, last: start)],
      "\(name): the attempt was counted, kept, and for the e-mail in any case", file: file, line: line)

    let refused = try store.reserveAttempt(for: "ada@example.com", at: start + 6) { _ in .wait(30) }
    XCTAssertEqual(refused, .wait(30), "\(name): a refused attempt says how long", file: file, line: line)
    seen = []
    _ = try store.reserveAttempt(for: "ada@example.com", at: start + 7, decide: proceed)
    XCTAssertEqual(
      seen, [FailedAttempts(count: 2, last: start + 5)], "\(name): a refused attempt is not counted", file: file,
      line: line)

    seen = []
    _ = try store.reserveAttempt(for: "bob@example.com", at: start + 8, decide: proceed)
    XCTAssertEqual(seen, [], "\(name): each e-mail counts apart", file: file, line: line)

    try store.clearFailedAttempts(for: "Ada@Example.com")
    _ = try reopen(store).reserveAttempt(for: "ada@example.com", at: start + 9, decide: proceed)
    XCTAssertEqual(seen, [], "\(name): cleared for good", file: file, line: line)
  }
}
