import Foundation
import TerminalKit

/// The account summary and the way out.
@MainActor
final class ProfileViewModel {
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
  var details: [(key: String, value: String)] {
    [
      ("Name", account.fullName),
      ("E-mail", account.email),
      ("Member since", Self.dayFormat.string(from: account.memberSince)),
    ]
  }

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

  /// Ends the session and leaves the tab flow. Returns a sentence when the
  /// session could not be cleared (the person stays logged in).
  func logOut() -> String? {
    do {
      try session.markLoggedOut()
    } catch {
      return "Could not log out: \(error). You are still logged in."
    }
    router.finishAfterLogout()
    return nil
  }
}
