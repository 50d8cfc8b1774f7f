import Foundation
import Passwords
import PreLogin
import Storage
import TestSupport
import XCTest

@testable import App

@MainActor
final class AccountStoreTests: XCTestCase {
  private func makeSUT(now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }) throws
    -> (AccountStore, SQLiteDatabase)
  {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let database = AppDatabase.at(directory.file("wayfarer.sqlite"))
    let store = AccountStore(database: database, hasher: PasswordHasher(cost: .minimum), now: now)
    trackForMemoryLeaks(store)
    return (store, database)
  }

  private let ada = Registration(name: "Ada", surname: "Lovelace", email: "ada@example.com", password: "correct horse")

  func test_register_storesAnArgon2idHashNotThePassword() async throws {
    let (store, database) = try makeSUT()

    let result = try await store.register(
      Registration(name: "Ada", surname: "Lovelace", email: "Ada@Example.com ", password: "correct horse"))

    let row = try XCTUnwrap(database.execute("SELECT email, password_hash FROM accounts").first)
    _ = try registeredAccountID(result)
    XCTAssertEqual(row.text("email"), "ada@example.com")
    let hash = try XCTUnwrap(row.text("password_hash"))
    XCTAssertTrue(hash.hasPrefix("$argon2id$"), hash)
    XCTAssertFalse(hash.contains("correct horse"))
  }

  func test_authenticate_withTheRightPassword_returnsTheAccount() async throws {
    let (store, _) = try makeSUT()
    let id = try registeredAccountID(await store.register(ada))

    let found = try await store.authenticate(email: "ADA@example.com", password: "correct horse")

    XCTAssertEqual(found, .authenticated(accountID: id, email: "ada@example.com"))
  }

  func test_authenticate_withAWrongPassword_orUnknownEmail_isRejected() async throws {
    let (store, _) = try makeSUT()
    _ = try registeredAccountID(await store.register(ada))

    let wrongPassword = try await store.authenticate(email: "ada@example.com", password: "correct horsE")
    let unknownEmail = try await store.authenticate(email: "bob@example.com", password: "correct horse")
    XCTAssertEqual(wrongPassword, .rejected)
    XCTAssertEqual(unknownEmail, .rejected)
  }

  func test_register_aSecondTimeWithTheSameEmailInAnyCase_isRefused() async throws {
    let (store, database) = try makeSUT()
    let adaID = try registeredAccountID(await store.register(ada))

    let second = try await store.register(
      Registration(name: "Eve", surname: "X", email: "ADA@EXAMPLE.COM", password: "another pass"))

    XCTAssertEqual(second, .emailTaken)
    XCTAssertEqual(try database.execute("SELECT COUNT(*) AS n FROM accounts").first?.integer("n"), 1)
    let stillAda = try await store.authenticate(email: "ada@example.com", password: "correct horse")
    XCTAssertEqual(stillAda, .authenticated(accountID: adaID, email: "ada@example.com"))
  }

  func test_account_returnsWhatWasRegistered() async throws {
    let (store, _) = try makeSUT()
    let id = try registeredAccountID(await store.register(ada))

    let account = try store.account(id: id)

    XCTAssertEqual(account?.fullName, "Ada Lovelace")
    XCTAssertEqual(account?.email, "ada@example.com")
    XCTAssertEqual(account?.memberSince, Date(timeIntervalSince1970: 1_800_000_000))
    XCTAssertNil(try store.account(id: "999"))
    XCTAssertNil(try store.account(id: "not a number"))
  }

  func test_failedAttempts_countPerEmailCaseInsensitively_andClear() async throws {
    let (store, _) = try makeSUT()
    let first = Date(timeIntervalSince1970: 100)
    let second = Date(timeIntervalSince1970: 200)

    XCTAssertEqual(try store.reserveAttempt(for: "ada@example.com", at: first) { _ in .proceed }, .proceed)
    XCTAssertEqual(try store.reserveAttempt(for: "ADA@example.com", at: second) { _ in .proceed }, .proceed)
    XCTAssertEqual(
      try store.reserveAttempt(for: "ada@example.com", at: second) { failed in
        failed == FailedAttempts(count: 2, last: second) ? .wait(7) : .proceed
      }, .wait(7), "a wait counts nothing")

    XCTAssertEqual(try store.failedAttempts(for: "ada@example.com"), FailedAttempts(count: 2, last: second))
    XCTAssertNil(try store.failedAttempts(for: "bob@example.com"))

    try store.clearFailedAttempts(for: "Ada@Example.com")
    XCTAssertNil(try store.failedAttempts(for: "ada@example.com"))
  }
}
