import Commands
import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// The Bookmarks tab's root: saved places, then repositories, numbered
/// across both for `open N` and `remove N`.
@MainActor
final class BookmarksScreen: Screen {
  private let viewModel: BookmarksViewModel

  init(viewModel: BookmarksViewModel) {
    self.viewModel = viewModel
    super.init(title: "Bookmarks", pathComponent: "bookmarks")
  }

  /// The specs of the last row count: made again only when it changes.
  private static let specMemo = SpecMemo<Int, BookmarksCommand>()

  override var commands: [Command] {
    Command.table(specs) { command, console in self.perform(command, on: console) }
  }

  override func command(named name: String) -> Command? {
    Command.named(name, in: specs) { command, console in self.perform(command, on: console) }
  }

  private var specs: [CommandSpec<BookmarksCommand>] {
    Self.specMemo.specs(for: viewModel.visible.count, BookmarksCommand.specs(rows:))
  }

  private func perform(_ command: BookmarksCommand, on console: any Console) {
    switch command {
    case .list:
      // Read again only when the file changed (here or in another
      // Wayfarer): reading 10,000 rows again cost as much as drawing them.
      viewModel.reloadIfChanged()
      setNeedsDisplay()
    case .filter(let text):
      viewModel.setFilter(text)
      setNeedsDisplay()
    case .open(let number):
      report(viewModel.open(number), on: console, redraw: false)
    case .remove(let number):
      remove(number, on: console)
    case .undo:
      undo(on: console)
    case .export(let path, let replacing):
      export(to: path, replacing: replacing, on: console)
    case .importFile(let path):
      switch viewModel.importFile(path) {
      case .success(let summary):
        console.write(Message.success(BookmarksWording.imported(summary), in: console.context))
        if summary.added > 0 { setNeedsDisplay() }
      case .failure(let problem):
        report(problem, on: console, redraw: false)
      }
    }
  }

  private func remove(_ number: Int?, on console: any Console) {
    let title = number.flatMap { viewModel.shown($0)?.title }
    let problem = viewModel.remove(number)
    if problem == nil, let title {
      console.write(Message.success("Removed \(title). Type undo to bring it back.", in: console.context))
    }
    // A failed removal read the list again: it may have changed.
    let reread = if case .storeFailed = problem { true } else { false }
    report(problem, on: console, redraw: problem == nil || reread)
  }

  private func undo(on console: any Console) {
    let title = viewModel.removals.latest?.bookmark.title
    let problem = viewModel.undo()
    if problem == nil, let title {
      let next = viewModel.removals.latest.map { " Type undo again for \($0.bookmark.title)." } ?? ""
      console.write(Message.success("\(title) is back in your bookmarks.\(next)", in: console.context))
    }
    report(problem, on: console, redraw: problem == nil)
  }

  /// `export FILE`, or `export -`: the JSON on standard output as it is,
  /// unbroken at the terminal's width, then what was written.
  private func export(to path: String, replacing: Bool, on console: any Console) {
    let result: Result<ExportSummary, BookmarksViewModel.Problem>
    if Arguments.unquoted(path.trimmingCharacters(in: .whitespaces)) == "-" {
      result = viewModel.exportToOutput().map { exported in
        let text = String(decoding: exported.bytes, as: UTF8.self)
        console.writeUnfitted(
          text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            StyledLine(String($0))
          })
        return exported.summary
      }
    } else {
      result = viewModel.export(path, replacing: replacing)
    }
    switch result {
    case .success(let summary): console.write(Message.success(BookmarksWording.exported(summary), in: console.context))
    case .failure(let problem): report(problem, on: console, redraw: false)
    }
  }

  /// Says what went wrong, if anything; `redraw`: the list may have
  /// changed either way (a removal another Wayfarer got to first).
  private func report(_ problem: BookmarksViewModel.Problem?, on console: any Console, redraw: Bool) {
    if let problem {
      Message.report(BookmarksWording.sentence(for: problem), as: BookmarksWording.kind(of: problem), on: console)
    }
    if redraw { setNeedsDisplay() }
  }

  /// Read again when the tab is shown after a change: what was saved in
  /// Home or Explore since is there.
  override func willAppear(console: any Console) {
    viewModel.reloadIfChanged()
  }

  override var drawingKey: (any Equatable)? { viewModel.revision }

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
    let runs = visible.runs
    // A line a row (two where the width is short), a heading a run.
    var lines: [StyledLine] = []
    lines.reserveCapacity(visible.count + runs.count + 4)
    if let filter = viewModel.filterText {
      lines += TextBlock(
        "Showing \(visible.count) of \(viewModel.bookmarks.count) matching \"\(TextSanitizer.clean(filter, limit: 40))\".",
        style: Palette.muted
      ).lines(in: context)
    }
    guard !visible.isEmpty else {
      return lines + TextBlock("No bookmark matches. \(BookmarksWording.clearFilter)").lines(in: context)
    }
    // The store lists them kind by kind: a heading over each kind's run.
    // Each row keeps its number, filtered or not.
    for run in runs {
      lines.append(
        StyledLine(Spacing.indentation()).appending(
          StyledSpan(visible.kind(at: run.lowerBound).heading, style: Palette.emphasis)))
      BookmarkRows.append(run, of: visible, in: context, to: &lines)
    }
    lines += TextBlock("Type open N to see one, remove N to remove it.", style: Palette.muted).lines(in: context)
    return lines
  }
}
