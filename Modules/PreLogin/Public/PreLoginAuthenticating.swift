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
