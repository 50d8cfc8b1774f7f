/// What checking a password found.
public enum AuthenticationResult: Equatable, Sendable {
  /// The password is right for the e-mail's account.
  case authenticated(accountID: String)
  /// No such account, or the wrong password: the caller must not learn which.
  case rejected
}
