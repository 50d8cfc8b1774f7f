import Components
import DesignSystem
import TerminalKit

/// The Bookmarks tab's root. Until its features land it says what the tab will
/// hold, and shows no invented data.
@MainActor
final class BookmarksRootScreen: Screen {
  init() {
    super.init(title: "Bookmarks", pathComponent: "bookmarks")
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    EmptyState(
      title: "Bookmarks are not built yet.",
      message:
        "This tab will list the places and repositories you save from Home and Explore, kept on disk for your account."
    ).lines(in: context)
  }
}
