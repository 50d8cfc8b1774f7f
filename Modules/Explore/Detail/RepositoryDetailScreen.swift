import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText

/// One repository: the search row at once, the full record when it comes;
/// `readme`, `web` and `bookmark`.
@MainActor
final class RepositoryDetailScreen: Screen {
  private let viewModel: RepositoryDetailViewModel
  private let browser: (any WebOpening)?
  private let now: @Sendable () -> Date

  init(viewModel: RepositoryDetailViewModel, browser: (any WebOpening)?, now: @escaping @Sendable () -> Date) {
    self.viewModel = viewModel
    self.browser = browser
    self.now = now
    super.init(title: viewModel.repository.fullName, pathComponent: "repo")
  }

  /// The name GitHub gives once the full record is in (a renamed
  /// repository), so the title, the web address and the bookmark agree.
  override var title: String { viewModel.repository.fullName }

  override var commands: [Command] {
    let bookmark = [
      Command("bookmark", summary: "Save this repository to your bookmarks, or remove it") { input in
        let result = self.viewModel.toggleBookmark()
        let sentence = DetailWording.sentence(for: result)
        switch result {
        case .saved, .removed:
          input.console.write(Message.success(sentence, in: input.console.context))
          self.setNeedsDisplay()
        case .failed:
          input.console.write(Message.error(sentence, in: input.console.context))
        }
      }
    ]
    return [
      Command("readme", summary: "Read the repository's README") { _ in self.viewModel.showReadme() },
      Command("ask", summary: "Ask the assistant about this repository") { _ in self.viewModel.askAssistant() },
      Command("web", summary: "Print the repository's address (and open it in a browser on a terminal)") { input in
        let address = TextSanitizer.clean(self.viewModel.repository.webURL)
        input.console.write(StyledLine(address))
        if input.console.context.capabilities.outputIsTerminal, let browser = self.browser,
          browser.open(self.viewModel.repository.webURL)
        {
          input.console.write(Message.info("Opened in your browser.", in: input.console.context))
        }
      },
    ] + (viewModel.areBookmarksOffered ? bookmark : [])
  }

  override func drawsBeforeAppearing(in context: RenderContext) -> Bool {
    context.capabilities.outputIsTerminal || viewModel.record != .loading
  }

  override func didAppear(console: any Console) async {
    guard viewModel.record == .loading else { return }
    await LoadingIndicator.run("Loading the repository…", console: console) { await viewModel.loadRecord() }
    setNeedsDisplay()
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    let repository = viewModel.repository
    var lines: [StyledLine] = []
    let marks = [repository.isArchived ? "archived" : nil, repository.isFork ? "a fork" : nil].compactMap { $0 }
    if !marks.isEmpty {
      lines.append(Message.warning("This repository is \(marks.joined(separator: " and ")).", in: context))
    }
    lines += TextBlock(repository.description ?? "No description provided", style: Palette.emphasis).lines(in: context)
    lines.append(.blank)
    lines += KeyValueView(DetailWording.facts(of: repository)).lines(in: context)
    lines.append(.blank)
    switch viewModel.record {
    case .loading:
      lines += TextBlock("The full record is on its way…", style: Palette.muted).lines(in: context)
      lines.append(.blank)
    case .unavailable(.cancelled):
      lines.append(Message.info("Loading the full record was cancelled; the search's row is shown.", in: context))
      lines.append(.blank)
    case .unavailable(let failure):
      lines.append(Message.warning("The full record is unavailable: \(DetailWording.reason(failure)).", in: context))
      lines.append(.blank)
    case .full:
      break
    }
    let bookmark = ActionList.Action(
      "bookmark",
      viewModel.isBookmarked ? "Saved in your bookmarks; type bookmark to remove it" : "Save to your bookmarks")
    lines += ActionList(
      [
        ActionList.Action("readme", "Read the README"),
        ActionList.Action("ask", "Ask the assistant about this repository"),
        ActionList.Action("web", "The repository on github.com"),
      ] + (viewModel.areBookmarksOffered ? [bookmark] : []) + [ActionList.Action("back", "Back to the previous screen")]
    ).lines(in: context)
    return lines
  }
}
