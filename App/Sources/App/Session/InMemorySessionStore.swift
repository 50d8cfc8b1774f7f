import PreLogin
import Profile

/// A session that lives only as long as the process: for tests and benchmarks
/// that must not touch the disk.
@MainActor
package final class InMemorySessionStore: AppSessionStoring {
  package private(set) var currentAccountID: String?

  /// A session of `accountID`, or logged out.
  package init(accountID: String? = nil) {
    currentAccountID = accountID
  }

  package func markLoggedIn(accountID: String) throws {
    currentAccountID = accountID
  }

  package func markLoggedOut() throws {
    currentAccountID = nil
  }
}
