import Foundation

/// Accounts as pre-login sees them: register one, check a password.
///
/// E-mails arrive trimmed; the implementation compares them case-insensitively.
/// Both calls may be slow on purpose (a password KDF) and run off the main actor.
public protocol PreLoginAuthenticating: AnyObject, Sendable {
  /// Checks `password` for the account registered with `email`.
  ///
  /// - Returns: the account when the password is right; `.rejected` when
  ///   there is no such account or the password is wrong, alike.
  func authenticate(email: String, password: String) async throws -> AuthenticationResult

  /// Creates an account, unless its e-mail is registered already.
  func register(_ registration: Registration) async throws -> RegistrationResult
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
