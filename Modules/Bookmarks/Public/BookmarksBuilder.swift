import TerminalKit

/// Builds the Bookmarks tab: the saved places and repositories, with a
/// saved item's detail (made by Home or Explore through the flow delegate)
/// pushed on the tab's own stack.
public enum BookmarksBuilder {
  @MainActor
  public static func build(dependencies: BookmarksDependencies, flowDelegate: any BookmarksFlowDelegate)
    -> NavigationStack
  {
    NavigationStack { stack in
      let router = BookmarksRouter(stack: stack, flowDelegate: flowDelegate)
      return BookmarksScreen(
        viewModel: BookmarksViewModel(store: dependencies.store, transfer: dependencies.transfer, router: router))
    }
  }
}

/// What the Bookmarks tab needs from the app.
public struct BookmarksDependencies {
  public let store: any BookmarksStoring
  /// Export and import.
  public let transfer: any BookmarksTransferring

  public init(store: any BookmarksStoring, transfer: any BookmarksTransferring) {
    self.store = store
    self.transfer = transfer
  }
}
