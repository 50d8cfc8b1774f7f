import Diagnostics
import TerminalNavigation

/// Moves inside the Bookmarks tab.
@MainActor
protocol BookmarksRouting: AnyObject {
  /// Pushes the bookmark's detail; false when there is none.
  func showDetail(of bookmark: Bookmark) -> Bool
}

@MainActor
final class BookmarksRouter: BookmarksRouting, BookmarksRoutes {
  private let stack: StackHandle
  private weak var flowDelegate: (any BookmarksFlowDelegate)?
  private let lifetime = Lifetime(BookmarksRouter.self)

  init(stack: NavigationStack, flowDelegate: any BookmarksFlowDelegate) {
    self.stack = StackHandle(stack, owner: BookmarksRouter.self)
    self.flowDelegate = flowDelegate
  }

  func showList() {
    stack.popToRoot()
  }

  func showDetail(of bookmark: Bookmark) -> Bool {
    guard let target = stack.target, let screen = flowDelegate?.detailScreen(for: bookmark, on: target) else {
      return false
    }
    stack.pushFromRoot(screen)
    return true
  }
}
