import Foundation
import TerminalKit

/// Chooses the flow: pre-login when logged out, the tab bar when logged in.
///
/// `activeFlow` is the one strong reference to the running flow; replacing
/// it (with the window's root) releases the old flow entirely.
///
/// `package`, with its `init` and `start()`: the AppHarness target drives
/// the real flows with no terminal, for tests and the release-built
/// benchmarks, where `@testable import` is not available.
@MainActor
package final class AppCoordinator: PreLoginCoordinatorDelegate, MainTabBarCoordinatorDelegate {
  private let window: Window
  private let services: AppServices
  private(set) var activeFlow: (any Coordinator)?
  /// Told the account now logged in (or `nil`) after every flow change.
  var onSessionChange: ((String?) -> Void)?
  /// Sentences for the person that are not a screen's (a lost session).
  var onWarning: ((String) -> Void)?
  private let lifetime = Lifetime(AppCoordinator.self)

  /// The coordinator of the flows shown in `window`; nothing is shown until ``start()``.
  package init(window: Window, services: AppServices) {
    self.window = window
    self.services = services
  }

  /// Shows the flow the session calls for: pre-login when logged out, the
  /// tab bar when logged in.
  ///
  /// Called again after the session changed outside any flow (a harness
  /// marking it directly), it replaces the running flow just as a finished
  /// pre-login flow does.
  package func start() {
    showFlowForSession()
  }

  func setFlow(_ flow: any Coordinator) {
    activeFlow = flow
    flow.start()
  }

  private func showFlowForSession() {
    guard let accountID = services.session.currentAccountID else {
      showPreLogin()
      return
    }
    do {
      if let account = try services.accounts.account(id: accountID) {
        showMainFlow(account: account)
        return
      }
      onWarning?("Your saved session belongs to an account that no longer exists; you are logged out.")
      try? services.session.markLoggedOut()
    } catch {
      onWarning?("Your account could not be read (\(ErrorSentence.reason(for: error))); you are logged out for now.")
    }
    showPreLogin()
  }

  private func showPreLogin() {
    let flow = PreLoginCoordinator(window: window, services: services)
    flow.delegate = self
    setFlow(flow)
    onSessionChange?(nil)
  }

  private func showMainFlow(account: Account) {
    let flow = MainTabBarCoordinator(window: window, account: account, services: services)
    flow.delegate = self
    setFlow(flow)
    onSessionChange?(account.id)
  }

  /// What to say about a command the window does not offer now but the app
  /// has: logged out, the tabs' commands ask for a login first.
  package func advice(forMissingCommand name: String) -> String? {
    guard activeFlow is PreLoginCoordinator else { return nil }
    guard name == "tab" || MainTabBarCoordinator.tabNames.contains(name) else { return nil }
    return "Log in first: type login or register."
  }

  // MARK: Delegates

  func preLoginCoordinatorDidFinish(_ coordinator: PreLoginCoordinator) {
    showFlowForSession()
  }

  func mainTabBarCoordinatorDidLogOut(_ coordinator: MainTabBarCoordinator) {
    showPreLogin()
  }
}
