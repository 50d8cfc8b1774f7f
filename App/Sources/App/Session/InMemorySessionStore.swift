import PreLogin
import Profile

/// A session that lives only as long as the process: for tests and benchmarks
/// that must not touch the disk.
@MainActor
final class InMemorySessionStore: AppSessionStoring {
  private(set) var currentAccountID: String?

  init(accountID: String? = nil) {
    currentAccountID = accountID
  }

  func markLoggedIn(accountID: String) throws {
    currentAccountID = accountID
  }

  func markLoggedOut() throws {
    currentAccountID = nil
  }
}
