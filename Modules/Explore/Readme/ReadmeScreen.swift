import Commands
import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// A repository's README, presented over its detail and rendered from
/// GitHub-flavoured Markdown; on a terminal a README taller than the window
/// goes through the pager.
///
/// On a terminal the README is laid out away from the main actor: one that
/// takes longer than ``spinnerDelay`` shows a spinner, and Ctrl-C stops it.
/// `close` or `back` dismisses it.
@MainActor
final class ReadmeScreen: Screen {
  private let viewModel: RepositoryDetailViewModel
  /// Whether the README was read in the pager (the screen then says so
  /// instead of printing it again).
  private var shownInPager = false
  /// The last drawing, kept for as long as the layout asked for is the same
  /// (a long README is parsed and laid out once, not on every redraw).
  private var drawn: (context: RenderContext, lines: [StyledLine])?
  /// Whether Ctrl-C stopped laying the README out.
  private var layoutCancelled = false

  /// How long laying a README out may take before a spinner says so.
  static let spinnerDelay: Duration = .milliseconds(100)

  init(viewModel: RepositoryDetailViewModel) {
    self.viewModel = viewModel
    super.init(title: "README of \(viewModel.repository.fullName)", pathComponent: "readme")
  }

  private enum Action: Sendable {
    case close
    case ask
    case web
    case page
  }

  /// `page` once the README was read in the pager.
  private static func specs(offeringPager: Bool) -> [CommandSpec<Action>] {
    [
      CommandSpec("close", summary: "Close the README", action: .close),
      CommandSpec("ask", summary: "Ask the assistant about this repository", action: .ask),
      CommandSpec(
        "web", summary: "Print the README's address on github.com (and open it in a browser on a terminal)",
        action: .web),
    ] + (offeringPager ? [CommandSpec("page", summary: "Read the README in the pager again", action: .page)] : [])
  }

  /// Its commands and the way there, over a repository's page, for hints elsewhere.
  static let whereabouts = InnerCommands(
    .described("a repository's README"), screen: ReadmeScreen.self,
    way: RepositoryDetailScreen.whereabouts.way + ["readme"],
    signatures: specs(offeringPager: true).map(\.signature))

  /// The README's own page, when GitHub named one inside the repository
  /// on github.com; else the repository's: `web` never opens another host.
  private func showAddress(on console: any Console) {
    let repository = viewModel.repository.webURL
    let readme: String? = if case .loaded(let readme) = viewModel.readme { readme.webURL } else { nil }
    let address = readme.flatMap { $0.hasPrefix(repository + "/") ? $0 : nil } ?? repository
    WebAddress.show(address, on: console, opening: viewModel.openInBrowser)
  }

  override var commands: [Command] {
    Command.table(Self.specs(offeringPager: shownInPager)) { action, console in
      switch action {
      case .close: self.navigationStack?.dismiss()
      case .ask: self.viewModel.askAssistant()
      case .web: self.showAddress(on: console)
      case .page: await self.showInPager(on: console)
      }
    }
  }

  override func drawsBeforeAppearing(in context: RenderContext) -> Bool {
    switch viewModel.readme {
    case .notLoaded: false
    // On a terminal a README not yet laid out is laid out when it appears.
    case .loaded: drawn?.context == context || !context.capabilities.movesCursor
    case .none, .failed: true
    }
  }

  override func didAppear(console: any Console) async {
    let loads = needsLoading
    if loads {
      await LoadingIndicator.run("Loading the README…", console: console) { await viewModel.loadReadme() }
    }
    let before = (shownInPager, layoutCancelled, drawn?.context)
    if await layOut(on: console) { await showInPager(on: console) }
    // Drawn again only if something changed: off a terminal a README drawn
    // before it appeared was printed a second time, whole.
    if loads || before != (shownInPager, layoutCancelled, drawn?.context) { setNeedsDisplay() }
  }

  /// On a terminal, lays the README out away from the main actor, with a
  /// spinner once it takes long; false when Ctrl-C stopped it.
  private func layOut(on console: any Console) async -> Bool {
    let context = console.context
    guard case .loaded(let readme) = viewModel.readme, context.capabilities.movesCursor,
      drawn?.context != context
    else { return true }
    let base = viewModel.readmeBaseURL
    let work = Task.detached(priority: .userInitiated) {
      Self.lines(of: readme, base: base, in: context, stopsWhenCancelled: true)
    }
    let spinner = Spinner("Laying out the README…", console: console, after: Self.spinnerDelay)
    let lines = await withTaskCancellationHandler {
      await work.value
    } onCancel: {
      work.cancel()
    }
    spinner.stop()
    guard !Task.isCancelled else {
      layoutCancelled = true
      return false
    }
    layoutCancelled = false
    drawn = (context, lines)
    return true
  }

  private var needsLoading: Bool {
    switch viewModel.readme {
    case .notLoaded, .failed: true
    case .loaded, .none: false
    }
  }

  private func showInPager(on console: any Console) async {
    guard case .loaded(let readme) = viewModel.readme else { return }
    shownInPager = await console.page(rendered(readme, in: console.context))
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    switch viewModel.readme {
    case .notLoaded:
      return []
    case .none:
      return [Message.info("This repository has no README.", in: context)]
    case .failed(.cancelled):
      return [Message.info("Loading the README was cancelled; type close, then readme, to try again.", in: context)]
    case .failed(let failure):
      return TextBlock(
        "Could not fetch the README: \(DetailWording.reason(failure)). Read it on GitHub: \(viewModel.repository.webURL)",
        style: Palette.error
      ).lines(in: context)
    case .loaded where layoutCancelled:
      return [Message.info("Showing the README was stopped; type close, then readme, to try again.", in: context)]
    case .loaded(let readme):
      guard !shownInPager else {
        return [Message.info("Read in your pager. Type page to read it again, close to go back.", in: context)]
      }
      return rendered(readme, in: context)
    }
  }

  /// Markdown rendered to the width; any other file shown as its lines.
  private func rendered(_ readme: Readme, in context: RenderContext) -> [StyledLine] {
    if let drawn, drawn.context == context { return drawn.lines }
    let lines = Self.lines(of: readme, base: viewModel.readmeBaseURL, in: context)
    drawn = (context, lines)
    return lines
  }

  /// `readme` laid out for `context`: Markdown rendered, any other file as its lines.
  nonisolated static func lines(
    of readme: Readme, base: URL?, in context: RenderContext, stopsWhenCancelled: Bool = false
  ) -> [StyledLine] {
    guard isMarkdown(readme.name) else {
      return readme.text.split(separator: "\n", omittingEmptySubsequences: false).map {
        StyledLine(Spacing.indentation()).appending(StyledSpan(TextSanitizer.clean(String($0))))
      }
    }
    return MarkdownView(readme.text, baseURL: base).lines(in: context, stopsWhenCancelled: stopsWhenCancelled)
  }

  /// `README.md`, `readme.markdown`, or a README with no extension at all
  /// (GitHub renders those as Markdown too); `README.rst` or `.txt` is text.
  nonisolated static func isMarkdown(_ name: String) -> Bool {
    let lower = name.lowercased()
    guard let dot = lower.lastIndex(of: ".") else { return true }
    return ["md", "markdown", "mdown", "mkd", "mkdn"].contains(String(lower[lower.index(after: dot)...]))
  }
}
