import Components
import DesignSystem
import FuzzyMatching
import TerminalText
import TextSafety
import TextWidth

/// One kind's run of rows, drawn as one ``ListView`` draws them, a page at
/// a time.
///
/// A list view of 10,000 items holds every item and every measured text
/// at once beside the lines it makes (about 4 MB); pages of
/// ``pageSize`` drawn under the widths of the whole run hold a page's.
enum BookmarkRows {
  static let pageSize = 512

  /// Appends the run's lines to `lines` (which the screen sized for them:
  /// no second array of 10,000 lines).
  static func append(
    _ run: Range<Int>, of visible: VisibleBookmarks, in context: RenderContext, to lines: inout [StyledLine]
  ) {
    guard run.count > pageSize, let columns = columns(of: run, in: visible, context: context) else {
      lines += ListView(visible[run].map(item(for:))).lines(in: context)
      return
    }
    for start in stride(from: run.lowerBound, to: run.upperBound, by: pageSize) {
      let page = start..<min(start + pageSize, run.upperBound)
      lines += ListView(visible[page].map(item(for:))).lines(in: context, under: columns).lines
    }
  }

  /// The widths the whole run would be drawn with, taken from the rows
  /// that set them (the longest title, each column's widest cell, the
  /// highest number); nil when titles would be cut, as a list view tells
  /// apart titles cut alike across all its rows.
  private static func columns(of run: Range<Int>, in visible: VisibleBookmarks, context: RenderContext)
    -> ListView.Columns?
  {
    var widest = Widest(start: run.lowerBound)
    for position in run {
      widest.measure(visible.bookmark(at: position), number: visible.number(at: position), at: position)
    }
    // The longest title first, unhighlighted: its line shows whether it
    // was cut.
    let others = Set(widest.positions).subtracting([widest.title.position]).sorted()
    let setting = ([widest.title.position] + others).map { position in
      var item = item(for: visible[position])
      item.highlights = []
      return item
    }
    let (lines, columns) = ListView(setting).lines(in: context, under: nil)
    let longest = TextSanitizer.clean(visible[widest.title.position].row.title)
    guard lines.first?.spans.dropFirst().first?.text == longest else { return nil }
    return columns
  }

  /// The rows with the widest title, cells and number seen so far.
  private struct Widest {
    var title: (width: Int, position: Int)
    var detail: (width: Int, position: Int)
    var subtitle: (width: Int, position: Int)
    var number: (width: Int, position: Int)

    init(start: Int) {
      (title, detail, subtitle, number) = ((0, start), (0, start), (0, start), (0, start))
    }

    var positions: [Int] { [title.position, detail.position, subtitle.position, number.position] }

    mutating func measure(_ bookmark: Bookmark, number shown: Int, at position: Int) {
      Self.keep(&title, bookmark.title, position)
      Self.keep(&detail, bookmark.detail ?? "", position)
      Self.keep(&subtitle, bookmark.subtitle ?? "", position)
      Self.keep(&number, shown, position)
    }

    /// Keeps `text` as the widest when it is wider.
    ///
    /// A text takes no more columns than it has UTF-8 bytes (no character
    /// under 3 bytes is wide; cleaning only takes away), so most are passed
    /// over unmeasured; not when measured as their ASCII spelling (`°` is
    /// ` deg`).
    private static func keep(_ widest: inout (width: Int, position: Int), _ text: String, _ position: Int) {
      guard text.utf8.count > widest.width || DisplayWidth.measuresASCIISpelling else { return }
      keep(&widest, DisplayWidth.of(TextSanitizer.clean(text)), position)
    }

    private static func keep(_ widest: inout (width: Int, position: Int), _ width: Int, _ position: Int) {
      if width > widest.width { widest = (width, position) }
    }
  }

  /// A row with its number and the letters a filter matched: one line
  /// where the width allows, as Home's and Explore's rows are (name, then
  /// category or language, then city or description in the room left).
  static func item(for listed: ListedRow<Bookmark>) -> ListView.Item {
    var item = ListView.Item(title: listed.row.title)
    item.number = listed.number
    item.highlights = listed.highlights
    // A filter matches title, subtitle and detail, in that order (see BookmarksViewModel).
    item.columns = [
      ListView.Cell(listed.row.detail ?? "", highlights: listed.highlights(inText: 2)),
      ListView.Cell(listed.row.subtitle ?? "", style: .plain, highlights: listed.highlights(inText: 1)),
    ]
    return item
  }
}
