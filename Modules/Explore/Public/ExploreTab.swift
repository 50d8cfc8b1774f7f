import TerminalKit

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

/// The Explore tab as its builder hands it to App.
@MainActor
public struct ExploreTab {
  /// Search at the root, a repository's detail pushed above it.
  public let stack: NavigationStack
  public let repositoryDetails: any RepositoryDetailMaking
}
