import TerminalKit

/// Builds the Home tab's navigation stack.
public enum HomeBuilder {
  @MainActor
  public static func build(dependencies: HomeDependencies) -> NavigationStack {
    NavigationStack(root: HomeRootScreen())
  }
}

/// What the Home tab needs from the app. It grows with the tab's features.
public struct HomeDependencies {
  public init() {}
}
