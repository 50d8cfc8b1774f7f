import Components
import DesignSystem
import TerminalKit

/// The Home tab's root. Until its features land it says what the tab will
/// hold, and shows no invented data.
@MainActor
final class HomeRootScreen: Screen {
  init() {
    super.init(title: "Home", pathComponent: "home")
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    EmptyState(
      title: "Nearby places are not built yet.",
      message:
        "This tab will list places near you from Geoapify, or from a bundled offline catalog: paged, filtered by name, searched by city, with details, favorites and a map."
    ).lines(in: context)
  }
}
