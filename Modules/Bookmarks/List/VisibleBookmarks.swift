import FuzzyMatching

/// The bookmarks a filter lets through, each with its number, as a view
/// over the list rather than a copy of it.
///
/// Unfiltered it holds nothing but the list: 10,000 rows copied into
/// listed rows were 1.5 MB, and as much again when the screen split them
/// by kind. A row is made when it is read.
struct VisibleBookmarks: RandomAccessCollection {
  private let bookmarks: [Bookmark]
  /// The rows shown, in order; nil: every bookmark, in the list's order.
  private let listed: [ListedIndex]?

  init(_ bookmarks: [Bookmark], listed: [ListedIndex]? = nil) {
    self.bookmarks = bookmarks
    self.listed = listed
  }

  var startIndex: Int { 0 }
  var endIndex: Int { listed?.count ?? bookmarks.count }

  subscript(position: Int) -> ListedRow<Bookmark> {
    guard let listed else { return ListedRow(number: position + 1, row: bookmarks[position]) }
    return ListedRow(listed[position], in: bookmarks)
  }

  /// The bookmark at `position`, without its matches.
  func bookmark(at position: Int) -> Bookmark {
    bookmarks[listed?[position].index ?? position]
  }

  /// The number the row at `position` is shown with.
  func number(at position: Int) -> Int {
    (listed?[position].index ?? position) + 1
  }

  /// The kind of the row at `position`.
  func kind(at position: Int) -> BookmarkKind {
    bookmarks[listed?[position].index ?? position].kind
  }

  /// The positions of each run of one kind, in order (the store lists
  /// them kind by kind: a heading goes over each run).
  var runs: [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = startIndex
    for position in indices.dropFirst() where kind(at: position) != kind(at: position - 1) {
      runs.append(start..<position)
      start = position
    }
    if start < endIndex { runs.append(start..<endIndex) }
    return runs
  }
}
