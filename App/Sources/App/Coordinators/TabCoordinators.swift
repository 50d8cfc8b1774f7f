import Bookmarks
import Explore
import Home
import TerminalKit

/// Runs the Home tab.
@MainActor
final class HomeCoordinator: TabCoordinator {
  private let account: Account
  private let services: AppServices
  private var stack: NavigationStack?
  /// What other flows may ask of Home (deep links), once started.
  private(set) var routes: (any HomeRoutes)?
  /// Home's place detail, for another tab's stack.
  private(set) var placeDetails: (any PlaceDetailMaking)?
  private let lifetime = Lifetime(HomeCoordinator.self)

  init(account: Account, services: AppServices) {
    self.account = account
    self.services = services
  }

  func start() -> TabBarController.Tab {
    let settings = services.settings(for: account.id)
    let tab = HomeBuilder.build(
      dependencies: HomeDependencies(
        geoapify: services.home.geoapify, fixedLocation: services.home.fixedLocation,
        cacheDirectory: services.home.cacheDirectory, favorites: services.bookmarks(for: account.id),
        locations: settings, featureFlags: settings, now: services.now))
    stack = tab.stack
    routes = tab.routes
    placeDetails = tab.placeDetails
    return TabBarController.Tab(name: "home", title: "Home", stack: tab.stack)
  }
}

/// Runs the Explore tab.
@MainActor
final class ExploreCoordinator: TabCoordinator {
  private let account: Account
  private let services: AppServices
  private var stack: NavigationStack?
  /// What other flows may ask of Explore (deep links), once started.
  private(set) var routes: (any ExploreRoutes)?
  /// Explore's repository detail, for another tab's stack.
  private(set) var repositoryDetails: (any RepositoryDetailMaking)?
  private let lifetime = Lifetime(ExploreCoordinator.self)

  init(account: Account, services: AppServices) {
    self.account = account
    self.services = services
  }

  func start() -> TabBarController.Tab {
    let explore = services.explore
    let tab = ExploreBuilder.build(
      dependencies: ExploreDependencies(
        github: explore.github, cacheDirectory: explore.cacheDirectory, bookmarks: services.bookmarks(for: account.id),
        flags: services.settings(for: account.id), browser: explore.browser, assistant: explore.assistant,
        conversations: services.conversations(for: account.id), now: services.now))
    stack = tab.stack
    routes = tab.routes
    repositoryDetails = tab.repositoryDetails
    return TabBarController.Tab(name: "explore", title: "Explore", stack: tab.stack)
  }
}

/// Runs the Bookmarks tab. A saved item's detail is made by the tab that
/// owns it (Home's place detail, Explore's repository detail) and pushed on
/// the Bookmarks stack.
@MainActor
final class BookmarksCoordinator: TabCoordinator, BookmarksFlowDelegate {
  private let account: Account
  private let services: AppServices
  private let placeDetails: (any PlaceDetailMaking)?
  private let repositoryDetails: (any RepositoryDetailMaking)?
  private var stack: NavigationStack?
  /// What other flows may ask of Bookmarks (deep links), once started.
  private(set) var routes: (any BookmarksRoutes)?
  private let lifetime = Lifetime(BookmarksCoordinator.self)

  init(
    account: Account, services: AppServices, placeDetails: (any PlaceDetailMaking)?,
    repositoryDetails: (any RepositoryDetailMaking)?
  ) {
    self.account = account
    self.services = services
    self.placeDetails = placeDetails
    self.repositoryDetails = repositoryDetails
  }

  func start() -> TabBarController.Tab {
    let store = services.bookmarks(for: account.id)
    let tab = BookmarksBuilder.build(
      dependencies: BookmarksDependencies(
        store: store,
        transfer: BookmarkTransfer(store: store, homeDirectory: services.homeDirectory, now: services.now)),
      flowDelegate: self)
    stack = tab.stack
    routes = tab.routes
    // Hidden while the favorites flag is off, as the reference hides its
    // Favorites tab; asked each time, so turning it on needs no restart.
    let settings = services.settings(for: account.id)
    return TabBarController.Tab(
      name: "bookmarks", title: "Bookmarks", stack: tab.stack, isShown: { settings.areFavoritesEnabled })
  }

  func detailScreen(for bookmark: Bookmark, on stack: NavigationStack) -> Screen? {
    let store = services.bookmarks(for: account.id)
    switch bookmark.kind {
    case .place:
      guard let saved = try? store.place(id: bookmark.id) else { return nil }
      return placeDetails?.makePlaceDetail(for: saved)
    case .repository:
      guard let saved = try? store.repository(id: bookmark.id) else { return nil }
      return repositoryDetails?.makeRepositoryDetail(for: saved, on: stack)
    }
  }
}
