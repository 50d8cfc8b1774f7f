import Commands
import Diagnostics
import ErrorSentences
import Foundation
import FuzzyMatching
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
    /// There are bookmarks, and the filter matches none of them.
    case noneMatchesFilter
    case noSuchBookmark(Int?, count: Int)
    /// A number that is not among the rows a filter shows (`shown`).
    case notListed(Int?, shown: [Int])
    case noDetail(title: String)
    case nothingToUndo
    case storeFailed(reason: String)
    case noFileNamed(command: String)
    case controlCharactersInFileName
    case transfer(BookmarksTransferError)
  }

  private(set) var state: State = .loaded {
    didSet { revision = .next() }
  }
  /// The store's revision when the bookmarks were last read.
  private var loadedRevision: [Int]?
  private(set) var bookmarks: [Bookmark] = [] {
    didSet { revision = .next() }
  }
  /// The bookmarks that pass the filter, places first, each with its
  /// number across both kinds.
  ///
  /// Worked out when the list or the filter changes, not per use. A filter ranks each kind's rows as fzf does,
  /// best first (the saved order among equals); numbers stay those of the
  /// whole list, so `open N` and `remove N` act on the number shown.
  private(set) var visible = VisibleBookmarks([]) {
    didSet { revision = .next() }
  }
  /// Each bookmark's name, city or description, and category or language,
  /// prepared for the filter once per reload, when a filter first needs
  /// them (preparing 10,000 was a third of opening the list).
  private var searchable: [[FuzzyText]]?
  private(set) var filterText: String? {
    didSet { revision = .next() }
  }
  /// Made anew whenever something the list draws changes (the state, the
  /// bookmarks, the rows shown, the filter): the screen's drawing key.
  private(set) var revision = DrawingRevision.next()
  /// The removals `undo` can take back, the latest first; an import starts
  /// again (what it added may be what was removed).
  private(set) var removals = UndoStack<RemovedBookmark>(depth: undoDepth)
  /// How many removals `undo` keeps.
  static let undoDepth = 100
  private var query: FuzzyQuery?
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
      searchable = nil
      state = .loaded
    } catch {
      state = .failed(reason: ErrorSentence.reason(for: error))
    }
    refilter()
  }

  private func refilter() {
    // The store lists them kind by kind: unfiltered, they are in order.
    guard let query else {
      visible = VisibleBookmarks(bookmarks)
      return
    }
    let searchable =
      self.searchable
      ?? bookmarks.map { [FuzzyText($0.title), FuzzyText($0.subtitle ?? ""), FuzzyText($0.detail ?? "")] }
    self.searchable = searchable
    let listed = FuzzyQuery.listed(bookmarks.indices, query: query) { searchable[$0] }
    // Ranked within each kind: the list keeps one heading per kind.
    var kinds: [BookmarkKind] = []
    for bookmark in bookmarks where !kinds.contains(bookmark.kind) { kinds.append(bookmark.kind) }
    let rank = { (row: ListedIndex) in kinds.firstIndex(of: self.bookmarks[row.index].kind) ?? 0 }
    visible = VisibleBookmarks(
      bookmarks,
      listed: listed.enumerated()
        .sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
        .map(\.element))
  }

  /// The bookmark shown as `number`, if it is in the list now.
  func shown(_ number: Int) -> Bookmark? {
    visible.first { $0.number == number }?.row
  }

  /// Keeps bookmarks whose name, city, category, description or language
  /// matches `text` as fzf matches (letters in order, accents folded,
  /// smart case), best first; empty clears.
  func setFilter(_ text: String) {
    query = FuzzyQuery(TextSanitizer.clean(text))
    filterText = query?.text
    refilter()
  }

  /// The bookmark shown as `number`, or why there is none.
  private func listed(_ number: Int?) -> Result<Bookmark, Problem> {
    // Bookmarks there are, but the filter hides them all: say how to bring
    // them back, rather than to save some first.
    guard !visible.isEmpty else {
      return .failure(query != nil && !bookmarks.isEmpty ? .noneMatchesFilter : .nothingToOpen)
    }
    guard let number, let bookmark = shown(number) else {
      return .failure(
        query == nil
          ? .noSuchBookmark(number, count: visible.count) : .notListed(number, shown: visible.map(\.number)))
    }
    return .success(bookmark)
  }

  func open(_ number: Int?) -> Problem? {
    let bookmark: Bookmark
    switch listed(number) {
    case .success(let found): bookmark = found
    case .failure(let problem): return problem
    }
    return router.showDetail(of: bookmark) ? nil : .noDetail(title: bookmark.title)
  }

  /// Removes bookmark `number`; `undo` brings it back.
  func remove(_ number: Int?) -> Problem? {
    let bookmark: Bookmark
    switch listed(number) {
    case .success(let found): bookmark = found
    case .failure(let problem): return problem
    }
    do {
      removals.push(try store.remove(bookmark))
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
    guard let removed = removals.latest else { return .nothingToUndo }
    do {
      try store.restore(removed)
    } catch {
      return .storeFailed(reason: ErrorSentence.reason(for: error))
    }
    removals.popLatest()
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
        removals.removeAll()
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
