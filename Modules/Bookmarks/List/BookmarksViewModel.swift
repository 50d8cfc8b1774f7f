import Diagnostics
import Foundation
import TerminalNavigation
import TerminalText

/// The bookmarks list: read on every appearance (saving in Home or Explore
/// shows up without a restart), filtered, and removed with one undo.
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

  /// The file `export FILE [--force]` or `import FILE` names: the text as
  /// typed (spaces inside kept), or between a pair of quotes; `--force`
  /// first or last (export only).
  ///
  /// Control characters are refused: the name
  /// printed would not be the name written.
  struct FileRequest: Equatable {
    var path: String
    var replacing: Bool

    init(path: String, replacing: Bool) {
      self.path = path
      self.replacing = replacing
    }

    init?(_ text: String, takesForce: Bool) {
      var path = text.trimmingCharacters(in: .whitespaces)
      replacing = false
      if takesForce {
        for (flag, isPrefix) in [("--force ", true), (" --force", false)] {
          if isPrefix ? path.hasPrefix(flag) : path.hasSuffix(flag) {
            path = String(isPrefix ? path.dropFirst(flag.count) : path.dropLast(flag.count))
            replacing = true
          }
        }
        path = path.trimmingCharacters(in: .whitespaces)
      }
      path = CommandInput.unquoted(path)
      guard !path.isEmpty, !(takesForce && path == "--force") else { return nil }
      self.path = path
    }

    var hasControlCharacters: Bool {
      path.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
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
  /// The last removal, until the next command that changes the list.
  private(set) var lastRemoved: RemovedBookmark?
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
    guard let number, let bookmark = visible.item(numbered: number) else {
      return .noSuchBookmark(number, count: visible.count)
    }
    return router.showDetail(of: bookmark) ? nil : .noDetail(title: bookmark.title)
  }

  /// Removes bookmark `number`; `undo` brings it back.
  func remove(_ number: Int?) -> Problem? {
    let visible = visible
    guard !visible.isEmpty else { return .nothingToOpen }
    guard let number, let bookmark = visible.item(numbered: number) else {
      return .noSuchBookmark(number, count: visible.count)
    }
    do {
      lastRemoved = try store.remove(bookmark)
    } catch {
      // Another Wayfarer may have changed the list: show it as it is.
      reload()
      return .storeFailed(reason: ErrorSentence.reason(for: error))
    }
    reload()
    return nil
  }

  /// Brings the last removed bookmark back, with its time saved.
  func undo() -> Problem? {
    guard let removed = lastRemoved else { return .nothingToUndo }
    do {
      try store.restore(removed)
    } catch {
      return .storeFailed(reason: ErrorSentence.reason(for: error))
    }
    lastRemoved = nil
    reload()
    return nil
  }

  /// Writes every bookmark to the file `text` names (GeoJSON for a
  /// `.geojson` name: the places only).
  func export(_ text: String) -> Result<ExportSummary, Problem> {
    guard let request = FileRequest(text, takesForce: true) else { return .failure(.noFileNamed(command: "export")) }
    guard !request.hasControlCharacters else { return .failure(.controlCharactersInFileName) }
    do {
      return .success(
        try transfer.export(
          to: request.path, as: BookmarksFileFormat(path: request.path), replacing: request.replacing))
    } catch {
      return .failure(.transfer(error))
    }
  }

  /// Adds the bookmarks of the export `text` names; the list is read again.
  func importFile(_ text: String) -> Result<ImportSummary, Problem> {
    guard let request = FileRequest(text, takesForce: false) else { return .failure(.noFileNamed(command: "import")) }
    guard !request.hasControlCharacters else { return .failure(.controlCharactersInFileName) }
    do {
      let summary = try transfer.importBookmarks(from: request.path)
      lastRemoved = nil
      reload()
      return .success(summary)
    } catch {
      return .failure(.transfer(error))
    }
  }

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
