import Components
import Diagnostics
import ErrorSentences
import Foundation

/// The account summary and the way out.
@MainActor
final class ProfileViewModel {
  /// What came of `logOut`.
  enum LogoutResult: Equatable {
    /// The session is cleared and the tab flow was left.
    case loggedOut
    /// The session could not be cleared, so the person is still logged in;
    /// `reason` describes the error.
    case failed(reason: String)
  }

  private let account: any ProfileAccountProviding
  private let session: any ProfileSessionStoring
  private let router: any ProfileRouting
  private let lifetime = Lifetime(ProfileViewModel.self)

  init(account: any ProfileAccountProviding, session: any ProfileSessionStoring, router: any ProfileRouting) {
    self.account = account
    self.session = session
    self.router = router
  }

  /// Name, e-mail and the day the account was made.
  ///
  /// Worked out once: they do not change while the profile is open, and the
  /// date's formatter is slow.
  private(set) lazy var details: [KeyValueView.Row] = [
    KeyValueView.Row("Name", account.fullName),
    KeyValueView.Row("E-mail", account.email),
    KeyValueView.Row("Member since", Self.dayFormat.string(from: account.memberSince)),
  ]

  private static let dayFormat: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "d MMMM yyyy"
    return formatter
  }()

  func showSettings() {
    router.showSettings()
  }

  func showAbout() {
    router.showAbout()
  }

  /// Ends the session and leaves the tab flow.
  func logOut() -> LogoutResult {
    Self.logOut(session: session, router: router)
  }

  /// Ends the session and leaves the tab flow, from any Profile screen.
  static func logOut(session: any ProfileSessionStoring, router: any ProfileRouting) -> LogoutResult {
    do {
      try session.markLoggedOut()
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
    router.finishAfterLogout()
    return .loggedOut
  }
}
