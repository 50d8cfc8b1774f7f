/// The one thing pre-login does to the session: mark someone logged in.
@MainActor
public protocol PreLoginSessionStoring: AnyObject {
  /// Records that the account `accountID` is logged in, durably.
  func markLoggedIn(accountID: String) throws
}
