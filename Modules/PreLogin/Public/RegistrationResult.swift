/// What came of creating an account.
public enum RegistrationResult: Equatable, Sendable {
  case registered(accountID: String)
  /// An account has this e-mail already; nothing was stored.
  case emailTaken
}
