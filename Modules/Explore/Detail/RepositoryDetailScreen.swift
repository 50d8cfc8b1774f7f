import Commands
import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// One repository: the search row at once, the full record when it comes;
/// `readme`, `web` and `bookmark`.
@MainActor
final class RepositoryDetailScreen: Screen {
  private let viewModel: RepositoryDetailViewModel
  private let now: @Sendable () -> Date

  init(viewModel: RepositoryDetailViewModel, now: @escaping @Sendable () -> Date) {
    self.viewModel = viewModel
    self.now = now
    super.init(title: viewModel.repository.fullName, pathComponent: "repo")
  }

  /// The name GitHub gives once the full record is in (a renamed
  /// repository), so the title, the web address and the bookmark agree.
  override var title: String { viewModel.repository.fullName }

  private enum Action: Sendable {
    case readme
    case ask
    case web
    case bookmark
  }

  /// `bookmark` only while the favorites flag is on (Profile › Settings);
  /// nothing but that for a repository GitHub does not have.
  private static func specs(onGitHub: Bool, offeringBookmark: Bool) -> [CommandSpec<Action>] {
    let onGitHubOnly: [CommandSpec<Action>] = [
      CommandSpec("readme", summary: "Read the repository's README", action: .readme),
      CommandSpec("ask", summary: "Ask the assistant about this repository", action: .ask),
      CommandSpec(
        "web", summary: "Print the repository's address (and open it in a browser on a terminal)", action: .web),
    ]
    return (onGitHub ? onGitHubOnly : [])
      + (offeringBookmark
        ? [CommandSpec("bookmark", summary: "Save this repository to your bookmarks, or remove it", action: .bookmark)]
        : [])
  }

  override var commands: [Command] {
    Command.table(Self.specs(onGitHub: viewModel.isOnGitHub, offeringBookmark: viewModel.areBookmarksOffered)) {
      action, console in
      switch action {
      case .readme: self.viewModel.showReadme()
      case .ask: self.viewModel.askAssistant()
      case .web: self.showAddress(on: console)
      case .bookmark: self.toggleBookmark(on: console)
      }
    }
  }

  private func showAddress(on console: any Console) {
    WebAddress.show(viewModel.repository.webURL, on: console, opening: viewModel.openInBrowser)
  }

  private func toggleBookmark(on console: any Console) {
    let result = viewModel.toggleBookmark()
    let sentence = DetailWording.sentence(for: result)
    switch result {
    case .saved, .removed:
      console.write(Message.success(sentence, in: console.context))
      setNeedsDisplay()
    case .failed:
      console.write(Message.error(sentence, in: console.context))
    }
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
    if viewModel.record == .missing { return missingBody(in: context) }
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
    case .full, .missing:
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

  /// A repository GitHub does not have: said so, with nothing to read, ask
  /// or save (a bookmark of it can still be removed).
  private func missingBody(in context: RenderContext) -> [StyledLine] {
    var lines = [
      Message.error(
        "GitHub has no repository \(TextSanitizer.clean(viewModel.repository.fullName)) (or it is private).",
        in: context),
      .blank,
    ]
    let remove = ActionList.Action("bookmark", "Remove it from your bookmarks")
    lines += ActionList(
      (viewModel.areBookmarksOffered ? [remove] : []) + [ActionList.Action("back", "Back to the previous screen")]
    ).lines(in: context)
    return lines
  }
}
