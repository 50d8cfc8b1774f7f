import Foundation

/// Accounts as pre-login sees them: register one, check a password.
///
/// E-mails arrive trimmed; the implementation compares them case-insensitively.
/// Both calls may be slow on purpose (a password KDF) and run off the main actor.
public protocol PreLoginAuthenticating: AnyObject, Sendable {
  /// The account's identifier when `password` is right for `email`; `nil`
  /// when there is no such account or the password is wrong (the caller must
  /// not learn which).
  func authenticate(email: String, password: String) async throws -> String?

  /// Creates an account and returns its identifier; `nil` when the e-mail is
  /// already registered.
  func register(name: String, surname: String, email: String, password: String) async throws -> String?
}

/// Failed login attempts per e-mail, kept across launches so that throttling
/// cannot be dodged by restarting.
@MainActor
public protocol PreLoginAttemptsStoring: AnyObject {
  /// Counts an attempt for `email` at `date` before its password is checked,
  /// unless the attempts so far lock the e-mail.
  ///
  /// Check and count happen in one write transaction, so processes trying
  /// at once cannot all slip under the limit. `wait` receives the attempts
  /// counted so far and the time of the last, and answers how many seconds
  /// remain to wait (nil: none).
  ///
  /// - Returns: the seconds to wait, with nothing counted; nil when the
  ///   attempt was counted and may go ahead.
  func reserveAttempt(for email: String, at date: Date, wait: (_ attempts: Int, _ last: Date) -> TimeInterval?)
    throws -> TimeInterval?
  /// Forgets the counted attempts (the password was right).
  func clearFailedAttempts(for email: String) throws
}
