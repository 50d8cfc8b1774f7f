import Foundation
import PreLogin
import Profile
import TerminalKit

/// Owns a flow: builds its screens and decides where it goes next.
@MainActor
protocol Coordinator: AnyObject {
  func start()
}

/// A coordinator that runs one tab of the tab bar.
@MainActor
protocol TabCoordinator: AnyObject {
  /// Builds the tab's stack and returns the tab for the bar.
  func start() -> TabBarController.Tab
}

/// Everything the coordinators need from the rest of App, made once at launch.
@MainActor
struct AppServices {
  let session: any AppSessionStoring
  let accounts: any PreLoginAuthenticating & PreLoginAttemptsStoring & AccountDirectory
  /// The feature-flag store of one account.
  let settings: @MainActor (String) -> any ProfileSettingsStoring
  let now: @Sendable () -> Date
}
