import TerminalKit

/// Builds the Bookmarks tab's navigation stack.
public enum BookmarksBuilder {
  @MainActor
  public static func build(dependencies: BookmarksDependencies) -> NavigationStack {
    NavigationStack(root: BookmarksRootScreen())
  }
}

/// What the Bookmarks tab needs from the app. It grows with the tab's features.
public struct BookmarksDependencies {
  public init() {}
}
