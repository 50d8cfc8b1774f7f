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
  private let lifetime = Lifetime(ProfileCoordinator.self)

  init(account: Account, services: AppServices) {
    self.account = account
    self.services = services
  }

  func start() -> TabBarController.Tab {
    let dependencies = ProfileDependencies(
      account: account, session: services.session, settings: services.settings(for: account.id),
      appVersion: AppInfo.version, credits: AppInfo.credits)
    let stack = ProfileBuilder.build(dependencies: dependencies, flowDelegate: self)
    self.stack = stack
    return TabBarController.Tab(name: "profile", title: "Profile", stack: stack)
  }

  func profileDidLogOut() {
    delegate?.profileCoordinatorDidLogOut(self)
  }
}
