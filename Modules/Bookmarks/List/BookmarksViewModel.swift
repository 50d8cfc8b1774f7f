import Foundation
import TerminalKit

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
    case transfer(BookmarksTransferError)
  }

  /// What `export FILE [--force]` or `import FILE` was asked: the file, and
  /// whether an existing one may be replaced.
  struct FileRequest: Equatable {
    var path: String
    var replacing: Bool

    /// `--force` anywhere among the words; the other words, as typed, are the file.
    init?(_ text: String) {
      let words = text.split(whereSeparator: \.isWhitespace)
      replacing = words.contains("--force")
      path = words.filter { $0 != "--force" }.joined(separator: " ")
      if path.isEmpty { return nil }
    }
  }

  private(set) var state: State = .loaded
  private(set) var bookmarks: [Bookmark] = []
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

  func reload() {
    do {
      bookmarks = try store.bookmarks()
      state = .loaded
    } catch {
      state = .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  /// The bookmarks that pass the filter, places first, numbered across both.
  var visible: [Bookmark] {
    guard let foldedFilter else { return bookmarks }
    return bookmarks.filter { bookmark in
      [bookmark.title, bookmark.subtitle ?? "", bookmark.detail ?? ""].contains {
        Self.fold($0).contains(foldedFilter)
      }
    }
  }

  /// Keeps bookmarks whose name, city, description or language has `text`
  /// (any case, any accents); empty clears.
  func setFilter(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    filterText = trimmed.isEmpty ? nil : trimmed
    foldedFilter = filterText.map(Self.fold)
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
    guard let request = FileRequest(text) else { return .failure(.noFileNamed(command: "export")) }
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
    guard let request = FileRequest(text) else { return .failure(.noFileNamed(command: "import")) }
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
