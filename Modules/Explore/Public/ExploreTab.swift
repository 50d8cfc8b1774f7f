import ServiceAccess
import TerminalNavigation

/// Makes Explore's repository detail for another tab's stack (Bookmarks
/// pushes a saved repository's detail on its own).
@MainActor
public protocol RepositoryDetailMaking: AnyObject {
  /// The detail of a saved repository, to be pushed on `stack`: shown at
  /// once from what was saved (so it works offline), then completed from
  /// GitHub when it answers; its README is presented on `stack` too. Nil
  /// when the saved name is not a valid GitHub name.
  func makeRepositoryDetail(for repository: SavedRepository, on stack: NavigationStack) -> Screen?
}

/// What App can ask of the Explore tab from outside it (a deep link):
/// Explore shows it on its own stack.
@MainActor
public protocol ExploreRoutes: AnyObject {
  /// Shows the repository `fullName` (checked as a `RepositoryName`; false
  /// when it is not a GitHub name); it loads on the detail.
  func showRepository(fullName: String) -> Bool
  /// Returns to the search and searches for `query`, as `search QUERY` does.
  func search(for query: String)
}

/// The Explore tab as its builder hands it to App.
@MainActor
public struct ExploreTab {
  /// Search at the root, a repository's detail pushed above it.
  public let stack: NavigationStack
  public let routes: any ExploreRoutes
  public let repositoryDetails: any RepositoryDetailMaking
}
