/// What checking a password found.
public enum AuthenticationResult: Equatable, Sendable {
  /// The password is right for the e-mail's account; `email` is the
  /// address as the account stores it (the one typed may differ in case).
  case authenticated(accountID: String, email: String)
  /// No such account, or the wrong password: the caller must not learn which.
  case rejected
}
