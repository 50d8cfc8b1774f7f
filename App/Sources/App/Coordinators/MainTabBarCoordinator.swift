import TerminalKit

@MainActor
protocol MainTabBarCoordinatorDelegate: AnyObject {
  func mainTabBarCoordinatorDidLogOut(_ coordinator: MainTabBarCoordinator)
}

/// Runs the four tabs (Home, Explore, Bookmarks, Profile, in that order),
/// each with its own coordinator and stack, and carries logout up.
@MainActor
final class MainTabBarCoordinator: Coordinator, ProfileCoordinatorDelegate {
  weak var delegate: (any MainTabBarCoordinatorDelegate)?
  private let window: Window
  private let account: Account
  private let services: AppServices
  private var children: [any TabCoordinator] = []
  private var tabBar: TabBarController?
  private let lifetime = Lifetime(MainTabBarCoordinator.self)

  /// The tabs' names, in order: what `tab NAME` takes once logged in.
  static let tabNames = ["home", "explore", "bookmarks", "profile"]

  init(window: Window, account: Account, services: AppServices) {
    self.window = window
    self.account = account
    self.services = services
  }

  func start() {
    let home = HomeCoordinator(account: account, services: services)
    let explore = ExploreCoordinator(account: account, services: services)
    let profile = ProfileCoordinator(account: account, services: services)
    profile.delegate = self
    let homeTab = home.start()
    let exploreTab = explore.start()
    // Bookmarks pushes Home's and Explore's details, so it starts after them.
    let bookmarks = BookmarksCoordinator(
      account: account, services: services, placeDetails: home.placeDetails,
      repositoryDetails: explore.repositoryDetails)
    children = [home, explore, bookmarks, profile]
    let tabBar = TabBarController(tabs: [homeTab, exploreTab, bookmarks.start(), profile.start()])
    self.tabBar = tabBar
    window.setRoot(.tabs(tabBar))
  }

  func profileCoordinatorDidLogOut(_ coordinator: ProfileCoordinator) {
    delegate?.mainTabBarCoordinatorDidLogOut(self)
  }
}
