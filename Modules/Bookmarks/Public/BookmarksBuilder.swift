import Commands
import TerminalNavigation

/// Builds the Bookmarks tab: the saved places and repositories, with a
/// saved item's detail (made by Home or Explore through the flow delegate)
/// pushed on the tab's own stack.
public enum BookmarksBuilder {
  @MainActor
  public static func build(dependencies: BookmarksDependencies, flowDelegate: any BookmarksFlowDelegate)
    -> BookmarksTab
  {
    var router: BookmarksRouter?
    let stack = NavigationStack { stack in
      let made = BookmarksRouter(stack: stack, flowDelegate: flowDelegate)
      router = made
      return BookmarksScreen(
        viewModel: BookmarksViewModel(store: dependencies.store, transfer: dependencies.transfer, router: made))
    }
    guard let router else { preconditionFailure("NavigationStack(makeRoot:) calls makeRoot at once") }
    return BookmarksTab(stack: stack, routes: router)
  }
}

/// What App can ask of the Bookmarks tab from outside it (a deep link).
@MainActor
public protocol BookmarksRoutes: AnyObject {
  /// Shows the list, above nothing.
  func showList()
}

/// The Bookmarks tab as its builder hands it to App.
@MainActor
public struct BookmarksTab {
  public let stack: NavigationStack
  public let routes: any BookmarksRoutes
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

extension BookmarksBuilder {
  /// The Bookmarks tab's one-shot commands (`wayfarer bookmarks …`), over
  /// the logged-in account's dependencies, made when one runs (nil: it has
  /// said why).
  ///
  /// `listFields` are the fields of the records
  /// ``BookmarksTransferring/listJSON(picked:)`` writes, every kind's: what
  /// `list --json=FIELDS` may name.
  public static func shellCommands(
    listFields: [String], dependencies: @escaping @MainActor () -> BookmarksDependencies?
  ) -> [ShellCommand] {
    BookmarksShellCommands.commands(listFields: listFields, dependencies: dependencies)
  }
}
