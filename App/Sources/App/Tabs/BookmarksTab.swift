import Bookmarks
import Diagnostics
import TerminalNavigation

extension TabEntry {
  /// Saved places and repositories, hidden while favorites are off.
  static let bookmarks = TabEntry(
    name: "bookmarks", title: "Bookmarks", hiddenBy: .favorites,
    links: [
      TabLink(LinkPattern(word: nil, value: .none, meaning: "the Bookmarks list")) {
        coordinator, _ in
        guard let routes = coordinator.routes else { return TabEntry.notReady }
        routes.showList()
        return nil
      }
    ],
    shell: { launch in
      BookmarksBuilder.shellCommands(listFields: BookmarkFile.listFields, dependencies: launch.bookmarks)
    },
    make: BookmarksCoordinator.init)
}

/// Runs the Bookmarks tab.
///
/// A saved item's detail is made by the tab that
/// owns it (Home's place detail, Explore's repository detail) and pushed on
/// the Bookmarks stack.
@MainActor
final class BookmarksCoordinator: TabCoordinator, BookmarksFlowDelegate {
  private let context: TabContext
  /// What other flows may ask of Bookmarks (deep links), once started.
  private(set) var routes: (any BookmarksRoutes)?
  private let lifetime = Lifetime(BookmarksCoordinator.self)

  init(context: TabContext) {
    self.context = context
  }

  func start() -> NavigationStack {
    let services = context.services
    let store = services.bookmarks(for: context.account.id)
    let tab = BookmarksBuilder.build(
      dependencies: BookmarksDependencies(
        store: store,
        transfer: BookmarkTransfer(store: store, services: services)),
      flowDelegate: self)
    routes = tab.routes
    return tab.stack
  }

  func detailScreen(for bookmark: Bookmark, on stack: NavigationStack) -> Screen? {
    guard let kind = BookmarkKinds.record(of: bookmark.kind) else { return nil }
    return detailScreen(of: kind, key: bookmark.id, on: stack)
  }

  private func detailScreen<Record: BookmarkRecord>(of kind: Record.Type, key: String, on stack: NavigationStack)
    -> Screen?
  {
    let store = context.services.bookmarks(for: context.account.id)
    guard let saved = try? store.records(kind, key: key).records.first else { return nil }
    return saved.record.detailScreen(savedAt: saved.savedAt, in: context, on: stack)
  }
}
