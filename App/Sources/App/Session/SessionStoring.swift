import PreLogin
import Profile

/// The session as App sees it: who, if anyone, is logged in.
@MainActor
package protocol SessionStoring: AnyObject {
  /// The logged-in account, or `nil` when logged out.
  var currentAccountID: String? { get }
}

extension SessionStoring {
  var isLoggedIn: Bool { currentAccountID != nil }
}

/// One store serves App, PreLogin and Profile; each module sees only its part.
package typealias AppSessionStoring = SessionStoring & PreLoginSessionStoring & ProfileSessionStoring
