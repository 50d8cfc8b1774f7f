import Profile
import TerminalKit

@MainActor
protocol ProfileCoordinatorDelegate: AnyObject {
  func profileCoordinatorDidLogOut(_ coordinator: ProfileCoordinator)
}

/// Runs the Profile tab and passes its logout up the chain.
@MainActor
final class ProfileCoordinator: TabCoordinator, ProfileFlowDelegate {
  weak var delegate: (any ProfileCoordinatorDelegate)?
  private let account: Account
  private let services: AppServices
  private var stack: NavigationStack?
  /// Moves inside the tab, for navigation driven from outside it; nil
  /// until `start()`.
  private(set) var routes: (any ProfileRoutes)?
  private let lifetime = Lifetime(ProfileCoordinator.self)

  init(account: Account, services: AppServices) {
    self.account = account
    self.services = services
  }

  func start() -> TabBarController.Tab {
    let dependencies = ProfileDependencies(
      account: account, session: services.session, settings: services.settings(for: account.id),
      appVersion: AppInfo.version, credits: AppInfo.credits)
    let tab = ProfileBuilder.build(dependencies: dependencies, flowDelegate: self)
    stack = tab.stack
    routes = tab.routes
    return TabBarController.Tab(name: "profile", title: "Profile", stack: tab.stack)
  }

  func profileDidLogOut() {
    delegate?.profileCoordinatorDidLogOut(self)
  }
}
