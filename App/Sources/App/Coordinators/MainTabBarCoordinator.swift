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
  // The children again, by what they are, for deep links (set by `start()`).
  private weak var home: HomeCoordinator?
  private weak var explore: ExploreCoordinator?
  private weak var bookmarks: BookmarksCoordinator?
  private weak var profile: ProfileCoordinator?
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
    (self.home, self.explore, self.bookmarks, self.profile) = (home, explore, bookmarks, profile)
    let tabBar = TabBarController(tabs: [homeTab, exploreTab, bookmarks.start(), profile.start()])
    self.tabBar = tabBar
    window.setRoot(.tabs(tabBar))
  }

  /// Shows `link`: selects its tab as `tab NAME` does (back at its root),
  /// and that tab's routes show the screen from there. Returns why it
  /// cannot, if it cannot.
  func open(_ link: DeepLink) -> String? {
    switch link {
    case .place(let id):
      guard let routes = home?.routes, tabBar?.select(named: "home") == true else { return Self.notReady }
      routes.showPlace(id: id)
    case .city(let query):
      guard let routes = home?.routes, tabBar?.select(named: "home") == true else { return Self.notReady }
      routes.showCity(matching: query)
    case .repository(let fullName):
      guard let routes = explore?.routes, tabBar?.select(named: "explore") == true else { return Self.notReady }
      guard routes.showRepository(fullName: fullName) else { return "it does not name a GitHub repository" }
    case .search(let query):
      guard let routes = explore?.routes, tabBar?.select(named: "explore") == true else { return Self.notReady }
      routes.search(for: query)
    case .bookmarks:
      guard services.settings(for: account.id).areFavoritesEnabled else {
        return Self.bookmarksOff
      }
      guard let routes = bookmarks?.routes, tabBar?.select(named: "bookmarks") == true else { return Self.notReady }
      routes.showList()
    case .settings:
      guard let routes = profile?.routes, tabBar?.select(named: "profile") == true else { return Self.notReady }
      routes.showSettings()
    }
    return nil
  }

  private static let notReady = "the tabs are not ready yet"
  static let bookmarksOff = "bookmarks are turned off; turn them on in Profile › Settings (toggle favorites)"

  /// Why a tab's command is missing, when it is only hidden (Bookmarks,
  /// with the favorites flag off).
  func advice(forMissingCommand name: String) -> String? {
    guard name == "bookmarks", !services.settings(for: account.id).areFavoritesEnabled else { return nil }
    return ErrorSentence.standalone(Self.bookmarksOff) + "."
  }

  func profileCoordinatorDidLogOut(_ coordinator: ProfileCoordinator) {
    delegate?.mainTabBarCoordinatorDidLogOut(self)
  }
}
