import Foundation
import Passwords
import PreLogin
import Storage

/// Accounts in the database, passwords as Argon2id hashes.
///
/// E-mails are stored trimmed and lower-cased, so uniqueness and login are
/// case-insensitive. Hashing runs on the caller's executor, never the main
/// actor (the protocol's methods are async and nonisolated).
package final class AccountStore: PreLoginAuthenticating, AccountDirectory, Sendable {
  private let database: SQLiteDatabase
  private let hasher: PasswordHasher
  private let now: @Sendable () -> Date
  /// A hash to verify against when the e-mail is unknown, so that a wrong
  /// e-mail takes as long as a wrong password: the same parameters, and made
  /// without hashing (making it by hashing doubled the unknown path's time).
  private let decoyHash: String

  /// The accounts in `database`, hashing with `hasher` and dating with `now`.
  package init(
    database: SQLiteDatabase, hasher: PasswordHasher = PasswordHasher(),
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.database = database
    self.hasher = hasher
    self.now = now
    decoyHash = hasher.decoyHash()
  }

  static func normalized(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }

  // MARK: PreLoginAuthenticating

  package func authenticate(email: String, password: String) async throws -> AuthenticationResult {
    let rows = try database.execute(
      "SELECT id, email, password_hash FROM accounts WHERE email = ?", [.text(Self.normalized(email))])
    guard let row = rows.first, let id = row.integer("id"), let stored = row.text("email"),
      let hash = row.text("password_hash")
    else {
      _ = hasher.verify(password, against: decoyHash)
      return .rejected
    }
    return hasher.verify(password, against: hash) ? .authenticated(accountID: String(id), email: stored) : .rejected
  }

  package func register(_ registration: Registration) async throws -> RegistrationResult {
    let hash = try hasher.hash(registration.password)
    do {
      let rows = try database.execute(
        """
        INSERT INTO accounts (name, surname, email, password_hash, created_at)
        VALUES (?, ?, ?, ?, ?) RETURNING id
        """,
        [
          .text(registration.name), .text(registration.surname), .text(Self.normalized(registration.email)),
          .text(hash), .real(now().timeIntervalSince1970),
        ])
      guard let id = rows.first?.integer("id") else { throw NewAccountWithoutID() }
      return .registered(accountID: String(id))
    } catch let error as SQLiteError where error.isConstraintViolation {
      return .emailTaken
    }
  }

  // MARK: AccountDirectory

  package func account(id: String) throws -> Account? {
    guard let number = Int64(id) else { return nil }
    let row = try database.execute(
      "SELECT id, name, surname, email, created_at FROM accounts WHERE id = ?", [.integer(number)]
    ).first
    guard let row, let name = row.text("name"), let surname = row.text("surname"), let email = row.text("email"),
      let created = row.real("created_at")
    else { return nil }
    return Account(
      id: id, name: name, surname: surname, email: email, memberSince: Date(timeIntervalSince1970: created))
  }
}

/// The database stored an account but did not answer its id (RETURNING
/// gave no row): reported as a failure rather than as a taken e-mail.
struct NewAccountWithoutID: Error, CustomStringConvertible {
  var description: String { "the database did not return the new account's number" }
}

// Declared apart: a conformance in the class declaration to a main-actor
// protocol would make the whole store main-actor isolated.
extension AccountStore: PreLoginAttemptsStoring {
  /// The attempts counted for `email`, nil when none are: read before a
  /// password is asked (the wait said first); counts nothing.
  package func failedAttempts(for email: String) throws -> FailedAttempts? {
    let row = try database.execute(
      "SELECT count, last_failure FROM login_failures WHERE email = ?", [.text(Self.normalized(email))]
    ).first
    return row.flatMap(Self.failedAttempts(in:))
  }

  package func reserveAttempt(for email: String, at date: Date, decide: (FailedAttempts) -> AttemptDecision) throws
    -> AttemptDecision
  {
    let key = SQLiteValue.text(Self.normalized(email))
    return try database.transaction { transaction in
      let row = try transaction.execute("SELECT count, last_failure FROM login_failures WHERE email = ?", [key]).first
      if let failed = row.flatMap(Self.failedAttempts(in:)), case .wait(let remaining) = decide(failed) {
        return .wait(remaining)
      }
      try transaction.execute(
        """
        INSERT INTO login_failures (email, count, last_failure) VALUES (?, 1, ?)
        ON CONFLICT (email) DO UPDATE SET count = count + 1, last_failure = excluded.last_failure
        """,
        [key, .real(date.timeIntervalSince1970)])
      return .proceed
    }
  }

  private static func failedAttempts(in row: SQLiteRow) -> FailedAttempts? {
    guard let count = row.integer("count"), let last = row.real("last_failure") else { return nil }
    return FailedAttempts(count: Int(clamping: count), last: Date(timeIntervalSince1970: last))
  }

  package func clearFailedAttempts(for email: String) throws {
    try database.execute("DELETE FROM login_failures WHERE email = ?", [.text(Self.normalized(email))])
  }
}

extension NewAccountWithoutID: LocalizedError {
  var errorDescription: String? { description }
}
