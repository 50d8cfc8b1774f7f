import Commands
import Diagnostics
import Foundation
import TerminalNavigation
import TextSafety

/// The bookmarks list: read on every appearance (saving in Home or Explore
/// shows up without a restart), filtered, and removed with undo for each
/// removal, the latest first.
@MainActor
final class BookmarksViewModel {
  enum State: Equatable {
    case loaded
    case failed(reason: String)
  }

  /// What a command could not do; the screen words it.
  enum Problem: Error, Equatable {
    case nothingToOpen
    case noSuchBookmark(Int?, count: Int)
    case noDetail(title: String)
    case nothingToUndo
    case storeFailed(reason: String)
    case noFileNamed(command: String)
    case controlCharactersInFileName
    case transfer(BookmarksTransferError)
  }

  private(set) var state: State = .loaded
  /// The store's revision when the bookmarks were last read.
  private var loadedRevision: [Int]?
  private(set) var bookmarks: [Bookmark] = []
  /// The bookmarks that pass the filter, places first, numbered across
  /// both; worked out when the list or the filter changes, not per use.
  private(set) var visible: [Bookmark] = []
  /// Each bookmark's name, city or description, and category or language,
  /// folded once per reload, for the filter.
  private var searchable: [String] = []
  private(set) var filterText: String?
  /// The removals `undo` can take back, the latest last; an import starts
  /// again (what it added may be what was removed).
  private(set) var removals: [RemovedBookmark] = []
  /// How many removals `undo` keeps.
  static let undoDepth = 100
  private var foldedFilter: String?
  private let store: any BookmarksStoring
  private let transfer: any BookmarksTransferring
  private let router: any BookmarksRouting
  private let lifetime = Lifetime(BookmarksViewModel.self)

  init(store: any BookmarksStoring, transfer: any BookmarksTransferring, router: any BookmarksRouting) {
    self.store = store
    self.transfer = transfer
    self.router = router
  }

  /// Reads the bookmarks again if the store changed since they were read
  /// (or the last read failed): the tab appearing again costs nothing.
  func reloadIfChanged() {
    let revision = store.revision
    if case .loaded = state, loadedRevision == revision { return }
    reload(at: revision)
  }

  func reload() {
    reload(at: store.revision)
  }

  /// Reads the bookmarks, `revision` being the store's before the read (a
  /// change during it is read next time).
  private func reload(at revision: [Int]) {
    loadedRevision = revision
    do {
      bookmarks = try store.bookmarks()
      searchable = bookmarks.map { Self.fold([$0.title, $0.subtitle ?? "", $0.detail ?? ""].joined(separator: "\n")) }
      state = .loaded
    } catch {
      state = .failed(reason: ErrorSentence.reason(for: error))
    }
    refilter()
  }

  private func refilter() {
    guard let foldedFilter else {
      visible = bookmarks
      return
    }
    visible = zip(bookmarks, searchable).filter { $0.1.contains(foldedFilter) }.map(\.0)
  }

  /// Keeps bookmarks whose name, city, category, description or language has `text`
  /// (any case, any accents); empty clears.
  func setFilter(_ text: String) {
    let cleaned = TextSanitizer.clean(text).trimmingCharacters(in: .whitespaces)
    filterText = cleaned.isEmpty ? nil : cleaned
    foldedFilter = filterText.map(Self.fold)
    refilter()
  }

  func open(_ number: Int?) -> Problem? {
    let visible = visible
    guard !visible.isEmpty else { return .nothingToOpen }
    guard let number, let bookmark = RowNumber.item(number, of: visible) else {
      return .noSuchBookmark(number, count: visible.count)
    }
    return router.showDetail(of: bookmark) ? nil : .noDetail(title: bookmark.title)
  }

  /// Removes bookmark `number`; `undo` brings it back.
  func remove(_ number: Int?) -> Problem? {
    let visible = visible
    guard !visible.isEmpty else { return .nothingToOpen }
    guard let number, let bookmark = RowNumber.item(number, of: visible) else {
      return .noSuchBookmark(number, count: visible.count)
    }
    do {
      removals.append(try store.remove(bookmark))
      if removals.count > Self.undoDepth { removals.removeFirst() }
    } catch {
      // Another Wayfarer may have changed the list: show it as it is.
      reload()
      return .storeFailed(reason: ErrorSentence.reason(for: error))
    }
    reload()
    return nil
  }

  /// Brings the latest removed bookmark back, with its time saved; again
  /// brings back the one removed before it.
  func undo() -> Problem? {
    guard let removed = removals.last else { return .nothingToUndo }
    do {
      try store.restore(removed)
    } catch {
      return .storeFailed(reason: ErrorSentence.reason(for: error))
    }
    removals.removeLast()
    reload()
    return nil
  }

  /// Writes every bookmark to the file `typed` names (GeoJSON for a
  /// `.geojson` name: the places only); a file there is replaced only when
  /// `replacing`.
  func export(_ typed: String, replacing: Bool) -> Result<ExportSummary, Problem> {
    Self.checkedPath(typed, command: "export").flatMap { path in
      do throws(BookmarksTransferError) {
        return .success(try transfer.export(to: path, as: BookmarksFileFormat(path: path), replacing: replacing))
      } catch {
        return .failure(.transfer(error))
      }
    }
  }

  /// Every bookmark as the JSON export holds them, for standard output
  /// (`export -`).
  func exportToOutput() -> Result<(bytes: [UInt8], summary: ExportSummary), Problem> {
    do throws(BookmarksTransferError) {
      return .success(try transfer.exportBytes(as: .json))
    } catch {
      return .failure(.transfer(error))
    }
  }

  /// Adds the bookmarks of the export `typed` names; the list is read again.
  func importFile(_ typed: String) -> Result<ImportSummary, Problem> {
    Self.checkedPath(typed, command: "import").flatMap { path in
      do throws(BookmarksTransferError) {
        let summary = try transfer.importBookmarks(from: path)
        removals = []
        reload()
        return .success(summary)
      } catch {
        return .failure(.transfer(error))
      }
    }
  }

  /// The file a command names, as typed (spaces inside kept), without one
  /// pair of quotes around it; refused when there is none, or when it has
  /// control characters (the name printed would not be the name written).
  static func checkedPath(_ typed: String, command: String) -> Result<String, Problem> {
    let path = Arguments.unquoted(typed.trimmingCharacters(in: .whitespaces))
    guard !path.isEmpty else { return .failure(.noFileNamed(command: command)) }
    guard !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      return .failure(.controlCharactersInFileName)
    }
    return .success(path)
  }

  static func fold(_ text: String) -> String {
    SearchFolding.fold(text)
  }
}
