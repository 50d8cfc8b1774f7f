import Components
import DesignSystem
import TerminalKit

/// The Explore tab's root. Until its features land it says what the tab will
/// hold, and shows no invented data.
@MainActor
final class ExploreRootScreen: Screen {
  init() {
    super.init(title: "Explore", pathComponent: "explore")
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    EmptyState(
      title: "Repository search and the assistant are not built yet.",
      message:
        "This tab will search GitHub repositories (details and READMEs) and hold a chat with an assistant (Gemini or a local OpenAI-compatible server)."
    ).lines(in: context)
  }
}
