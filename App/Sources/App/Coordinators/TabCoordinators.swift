import Bookmarks
import Explore
import Home
import TerminalKit

/// Runs the Home tab.
@MainActor
final class HomeCoordinator: TabCoordinator {
  private var stack: NavigationStack?
  private let lifetime = Lifetime(HomeCoordinator.self)

  func start() -> TabBarController.Tab {
    let stack = HomeBuilder.build(dependencies: HomeDependencies())
    self.stack = stack
    return TabBarController.Tab(name: "home", title: "Home", stack: stack)
  }
}

/// Runs the Explore tab.
@MainActor
final class ExploreCoordinator: TabCoordinator {
  private var stack: NavigationStack?
  private let lifetime = Lifetime(ExploreCoordinator.self)

  func start() -> TabBarController.Tab {
    let stack = ExploreBuilder.build(dependencies: ExploreDependencies())
    self.stack = stack
    return TabBarController.Tab(name: "explore", title: "Explore", stack: stack)
  }
}

/// Runs the Bookmarks tab.
@MainActor
final class BookmarksCoordinator: TabCoordinator {
  private var stack: NavigationStack?
  private let lifetime = Lifetime(BookmarksCoordinator.self)

  func start() -> TabBarController.Tab {
    let stack = BookmarksBuilder.build(dependencies: BookmarksDependencies())
    self.stack = stack
    return TabBarController.Tab(name: "bookmarks", title: "Bookmarks", stack: stack)
  }
}
