import TerminalKit

/// Builds the Explore tab's navigation stack.
public enum ExploreBuilder {
  @MainActor
  public static func build(dependencies: ExploreDependencies) -> NavigationStack {
    NavigationStack(root: ExploreRootScreen())
  }
}

/// What the Explore tab needs from the app. It grows with the tab's features.
public struct ExploreDependencies {
  public init() {}
}
