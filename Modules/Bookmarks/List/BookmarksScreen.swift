import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText

/// The Bookmarks tab's root: saved places, then repositories, numbered
/// across both for `open N` and `remove N`.
@MainActor
final class BookmarksScreen: Screen {
  private let viewModel: BookmarksViewModel

  init(viewModel: BookmarksViewModel) {
    self.viewModel = viewModel
    super.init(title: "Bookmarks", pathComponent: "bookmarks")
  }

  override var commands: [Command] {
    let numbers = viewModel.visible.indices.map { String($0 + 1) }
    let meaning = BookmarksWording.numberMeaning(count: numbers.count)
    return [
      Command("list", summary: "Show your bookmarks again") { _ in
        self.viewModel.reload()
        self.setNeedsDisplay()
      },
      Command(
        "filter", usage: "filter [TEXT]",
        summary: "Keep bookmarks whose name, city, category, description or language has TEXT; alone, clear"
      ) {
        input in
        self.viewModel.setFilter(input.argumentText)
        self.setNeedsDisplay()
      },
      Command(
        "open", usage: "open N", summary: "Show bookmark N", arguments: .one(meaning: meaning), completions: numbers
      ) { input in
        self.report(self.viewModel.open(input.number), on: input.console, redraw: false)
      },
      Command(
        "remove", usage: "remove N", summary: "Remove bookmark N (undo brings it back)",
        arguments: .one(meaning: meaning),
        completions: numbers
      ) { input in
        let title = input.number.flatMap { self.viewModel.visible.item(numbered: $0)?.title }
        let problem = self.viewModel.remove(input.number)
        if problem == nil, let title {
          input.console.write(
            Message.success("Removed \(title). Type undo to bring it back.", in: input.console.context))
        }
        // A failed removal read the list again: it may have changed.
        let reread = if case .storeFailed = problem { true } else { false }
        self.report(problem, on: input.console, redraw: problem == nil || reread)
      },
      Command("undo", summary: "Bring back the bookmark just removed") { input in
        let title = self.viewModel.lastRemoved?.bookmark.title
        let problem = self.viewModel.undo()
        if problem == nil, let title {
          input.console.write(Message.success("\(title) is back in your bookmarks.", in: input.console.context))
        }
        self.report(problem, on: input.console, redraw: problem == nil)
      },
      Command(
        "export", usage: "export FILE [--force]",
        summary: "Write your bookmarks to FILE (JSON; FILE.geojson: the places, for maps)",
        arguments: .text(meaning: "FILE is where to write them, e.g. bookmarks.json or places.geojson")
      ) { input in
        switch self.viewModel.export(input.argumentText) {
        case .success(let summary):
          input.console.write(Message.success(BookmarksWording.exported(summary), in: input.console.context))
        case .failure(let problem):
          self.report(problem, on: input.console, redraw: false)
        }
      },
      Command(
        "import", usage: "import FILE", summary: "Add the bookmarks of a file written by export",
        arguments: .text(meaning: "FILE is a JSON file written by export")
      ) { input in
        switch self.viewModel.importFile(input.argumentText) {
        case .success(let summary):
          input.console.write(Message.success(BookmarksWording.imported(summary), in: input.console.context))
          if summary.added > 0 { self.setNeedsDisplay() }
        case .failure(let problem):
          self.report(problem, on: input.console, redraw: false)
        }
      },
    ]
  }

  /// Says what went wrong, if anything; `redraw`: the list may have
  /// changed either way (a removal another Wayfarer got to first).
  private func report(_ problem: BookmarksViewModel.Problem?, on console: any Console, redraw: Bool) {
    if let problem { console.write(Message.error(BookmarksWording.sentence(for: problem), in: console.context)) }
    if redraw { setNeedsDisplay() }
  }

  /// Read again when the tab is shown after a change: what was saved in
  /// Home or Explore since is there.
  override func willAppear(console: any Console) {
    viewModel.reloadIfChanged()
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    if case .failed(let reason) = viewModel.state {
      return ErrorState(
        message: "Your bookmarks could not be read: \(reason)", recovery: "Type list to try again."
      ).lines(in: context)
    }
    guard !viewModel.bookmarks.isEmpty else {
      return EmptyState(
        title: "No bookmarks yet",
        message:
          "Save a place from its detail on Home (favorite), or a repository from its detail in Explore (bookmark); they show up here."
      ).lines(in: context)
    }
    let visible = viewModel.visible
    var lines: [StyledLine] = []
    if let filter = viewModel.filterText {
      lines += TextBlock(
        "Showing \(visible.count) of \(viewModel.bookmarks.count) matching \"\(TextSanitizer.clean(filter, limit: 40))\".",
        style: Palette.muted
      ).lines(in: context)
    }
    guard !visible.isEmpty else {
      return lines + TextBlock("No bookmark matches. Type filter alone to clear.").lines(in: context)
    }
    var number = 1
    for (kind, heading) in [(Bookmark.Kind.place, "Places"), (.repository, "Repositories")] {
      let group = visible.filter { $0.kind == kind }
      guard !group.isEmpty else { continue }
      lines.append(StyledLine(Spacing.indentation()) + StyledSpan(heading, style: Palette.emphasis))
      lines += ListView(
        group.map { ListView.Item(title: $0.title, subtitle: $0.subtitle, detail: $0.detail) }, firstNumber: number
      ).lines(in: context)
      number += group.count
    }
    lines += TextBlock("Type open N to see one, remove N to remove it.", style: Palette.muted).lines(in: context)
    return lines
  }
}
