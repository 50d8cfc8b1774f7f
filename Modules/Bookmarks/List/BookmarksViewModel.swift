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
  enum Problem: Equatable {
    case nothingToOpen
    case noSuchBookmark(Int?, count: Int)
    case noDetail(title: String)
    case nothingToUndo
    case storeFailed(reason: String)
  }

  private(set) var state: State = .loaded
  private(set) var bookmarks: [Bookmark] = []
  private(set) var filterText: String?
  /// The last removal, until the next command that changes the list.
  private(set) var lastRemoved: RemovedBookmark?
  private var foldedFilter: String?
  private let store: any BookmarksStoring
  private let router: any BookmarksRouting
  private let lifetime = Lifetime(BookmarksViewModel.self)

  init(store: any BookmarksStoring, router: any BookmarksRouting) {
    self.store = store
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

  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
