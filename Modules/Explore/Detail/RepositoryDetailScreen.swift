import Commands
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
  private let now: @Sendable () -> Date
  /// The README's opening as last laid out, and for what.
  private var opening: (context: RenderContext, lines: [StyledLine])?
  /// Rendered lines of the README's opening shown under the facts.
  static let openingLines = 10

  init(viewModel: RepositoryDetailViewModel, now: @escaping @Sendable () -> Date) {
    self.viewModel = viewModel
    self.now = now
    super.init(title: viewModel.repository.fullName, pathComponent: "repo")
  }

  /// The name GitHub gives once the full record is in (a renamed
  /// repository), so the title, the web address and the bookmark agree.
  override var title: String { viewModel.repository.fullName }

  enum Action: Sendable {
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

  /// Its commands and the way there from Explore's search, for hints elsewhere.
  static let whereabouts = InnerCommands(
    .described("a repository's page"), screen: RepositoryDetailScreen.self, way: ["search", "open one"],
    signatures: specs(onGitHub: true, offeringBookmark: true).map(\.signature))

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

  /// On a repository GitHub does not have, its commands say that there is
  /// nothing for them to work on, rather than a near name being suggested.
  override func reasonUnavailable(_ name: String) -> String? {
    guard viewModel.record == .missing,
      let spec = Self.specs(onGitHub: true, offeringBookmark: true).first(where: { $0.name == name }),
      case .success(let action) = spec.parse(ArgumentLine(""))
    else { return nil }
    return DetailWording.notOnGitHub(action, name: viewModel.repository.fullName)
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
    await LoadingIndicator.run("Loading the repository…", console: console) {
      await viewModel.loadRecord()
      // Its README's opening goes under the facts, as gh repo view shows it.
      if viewModel.record == .full { await viewModel.loadReadme() }
    }
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
    lines += readmeOpening(in: context)
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
      Message.error(DetailWording.missing(viewModel.repository.fullName) + ".", in: context),
      .blank,
    ]
    let remove = ActionList.Action("bookmark", "Remove it from your bookmarks")
    lines += ActionList(
      (viewModel.areBookmarksOffered ? [remove] : []) + [ActionList.Action("back", "Back to the previous screen")]
    ).lines(in: context)
    return lines
  }

  /// The first lines of the README, laid out as `readme` shows it, and how
  /// to read the rest; nothing until it has loaded.
  private func readmeOpening(in context: RenderContext) -> [StyledLine] {
    guard case .loaded(let readme) = viewModel.readme else { return [] }
    if let opening, opening.context == context { return opening.lines }
    // Only its start is laid out: a megabyte README costs no more here.
    let start = Self.start(of: readme.text)
    let head = Readme(text: start, name: readme.name, webURL: readme.webURL)
    let laidOut = ReadmeScreen.lines(of: head, base: viewModel.readmeBaseURL, in: context).drop {
      $0.plainText.trimmingCharacters(in: .whitespaces).isEmpty
    }
    var lines = Array(laidOut.prefix(Self.openingLines))
    while lines.last?.plainText.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
    guard !lines.isEmpty else { return [] }
    let more = laidOut.count > Self.openingLines || start.utf8.count < readme.text.utf8.count
    lines += TextBlock(
      more ? "… type readme to read all of it." : "Type readme to read it alone.", style: Palette.muted
    )
    .lines(in: context)
    lines.append(.blank)
    opening = (context, lines)
    return lines
  }

  /// About the first 4 KB of `text`, ending where a paragraph does.
  static func start(of text: String) -> String {
    guard text.utf8.count > 4_096 else { return text }
    let prefix = String(decoding: text.utf8.prefix(4_096), as: UTF8.self)
    guard let end = prefix.range(of: "\n\n", options: .backwards) else { return prefix }
    return String(prefix[..<end.lowerBound])
  }
}
