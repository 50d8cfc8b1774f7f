import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// Rows of a table: a place's or a repository's facts beside its name.
///
///        1. Catedral da Sé    tourism    116 m  São Paulo
///       12. Parque Ibirapuera leisure   4.8 km  São Paulo
///
/// The cells before the last are as wide as their widest text; the title
/// column is as wide as its longest title while the last column keeps at
/// least ``ListView/narrowestLastColumn``, and the last column takes what
/// is left (so a wide terminal shows whole names and long descriptions).
/// Where the title column would be narrower than
/// ``ListView/narrowestTitleColumn``, each row takes two lines: its title,
/// then its cells.
extension ListView {
  /// One cell of a row.
  public struct Cell: Equatable, Sendable {
    /// Which side of its column a cell keeps to.
    public enum Alignment: Equatable, Sendable {
      case leading
      /// Numbers (distances, stars) line up on their last digit.
      case trailing
    }

    public var text: String
    public var style: TextStyle
    public var alignment: Alignment
    /// Offsets of the text's characters to highlight (a filter's matches
    /// in a city or a description, as ``Item/highlights`` in a title).
    public var highlights: Set<Int>

    public init(
      _ text: String, style: TextStyle = Palette.muted, alignment: Alignment = .leading, highlights: Set<Int> = []
    ) {
      self.text = text
      self.style = style
      self.alignment = alignment
      self.highlights = highlights
    }
  }

  /// The last column is never narrower than this on a row's line.
  static let narrowestLastColumn = 10

  /// What a table's layout needs, measured once (lists can be long).
  struct Table {
    var titles: [String]
    var titleWidths: [Int]
    /// Every row's cells, cleaned, `columnCount` a row (a shorter row
    /// ends in empty ones), and their widths: flat, not an array a row,
    /// which for 10,000 places was 20,000 arrays made and freed per drawing.
    var cells: [String]
    var cellWidths: [Int]
    var columnCount: Int
    /// Each column's width: the widest of its cells.
    var columnWidths: [Int]
    var numberWidth: Int
    var width: Int

    var textIndent: Int { Spacing.indent + numberWidth + 2 }

    /// Where row `row`'s cell `column` is in ``cells`` and ``cellWidths``.
    func cellIndex(_ row: Int, _ column: Int) -> Int { row * columnCount + column }
  }

  /// The widths a table was drawn with: rows added under it later (by
  /// `more`) are drawn with the same, so that their columns line up with
  /// the rows already printed, which cannot change.
  public struct Columns: Equatable, Sendable {
    let width: Int
    let numberWidth: Int
    let cellWidths: [Int]
    /// nil: two lines per row.
    let titleWidth: Int?
    let lastRoom: Int
  }

  /// The rows and the widths they were drawn with; `printed`, the widths
  /// of the rows above them, when they are added under a table.
  ///
  /// A cell wider than its printed column is cut, as a title is.
  public func lines(in context: RenderContext, under printed: Columns?) -> (lines: [StyledLine], columns: Columns?) {
    var lines: [StyledLine] = []
    let columns = append(to: &lines, in: context, under: printed)
    return (lines, columns)
  }

  /// Appends the rows to `lines`, as ``lines(in:under:)`` makes them, and
  /// gives back the widths they were drawn with.
  ///
  /// A screen's 10,000 rows go straight into its lines: made apart and
  /// then appended, they were copied once more (each retained and released).
  public func append(to lines: inout [StyledLine], in context: RenderContext, under printed: Columns?) -> Columns? {
    guard items.contains(where: { !$0.columns.isEmpty }) else {
      lines += self.lines(in: context)
      return nil
    }
    var (table, columns) = measured(in: context)
    if let printed, printed.width == table.width, printed.cellWidths.count == table.columnWidths.count {
      (columns, table.columnWidths, table.numberWidth) = (printed, printed.cellWidths, printed.numberWidth)
    }
    guard let titleWidth = columns.titleWidth else {
      lines += twoLineRows(table, context: context)
      return columns
    }
    let titles = cut(table.titles, widths: table.titleWidths, to: titleWidth)
    lines.reserveCapacity(lines.count + items.count)
    for offset in items.indices {
      lines.append(
        oneLineRow(
          offset, title: titles[offset], titleWidth: titleWidth, lastRoom: columns.lastRoom, table: table,
          context: context))
    }
    return columns
  }

  func rows(in context: RenderContext) -> [StyledLine] {
    lines(in: context, under: nil).lines
  }

  /// The table's texts and the widths they take at `context`'s width.
  private func measured(in context: RenderContext) -> (Table, Columns) {
    let titles = items.map { TextSanitizer.clean($0.title) }
    let columnCount = items.lazy.map { $0.columns.count }.max() ?? 0
    var cells: [String] = []
    var cellWidths: [Int] = []
    cells.reserveCapacity(items.count * columnCount)
    cellWidths.reserveCapacity(items.count * columnCount)
    for row in items.indices {
      let columns = items[row].columns
      for column in 0..<columnCount {
        let text = column < columns.count ? TextSanitizer.clean(columns[column].text) : ""
        cells.append(text)
        cellWidths.append(DisplayWidth.of(text))
      }
    }
    let columnWidths = (0..<columnCount).map { column in
      stride(from: column, to: cellWidths.count, by: columnCount).lazy.map { cellWidths[$0] }.max() ?? 0
    }
    let table = Table(
      titles: titles, titleWidths: titles.map(DisplayWidth.of), cells: cells, cellWidths: cellWidths,
      columnCount: columnCount, columnWidths: columnWidths, numberWidth: numberWidth, width: Spacing.fullWidth(context))
    let fixed = columnWidths.dropLast().filter { $0 > 0 }.reduce(0) { $0 + $1 + Spacing.gutter }
    let lastWidth = columnWidths.last ?? 0
    let available = table.width - table.textIndent - fixed - (lastWidth > 0 ? Spacing.gutter : 0)
    let longestTitle = table.titleWidths.max() ?? 0
    let titleWidth = min(longestTitle, available - min(lastWidth, Self.narrowestLastColumn))
    let fits = titleWidth >= min(longestTitle, Self.narrowestTitleColumn)
    let columns = Columns(
      width: table.width, numberWidth: table.numberWidth, cellWidths: columnWidths, titleWidth: fits ? titleWidth : nil,
      lastRoom: available - titleWidth)
    return (table, columns)
  }

  private func oneLineRow(
    _ offset: Int, title: ShownTitle, titleWidth: Int, lastRoom: Int, table: Table,
    context: RenderContext
  ) -> StyledLine {
    // Sized once: a row's spans are its label, title, and a padding and
    // text per cell (grown one by one, each row's array was made four times).
    var line = StyledLine()
    line.spans.reserveCapacity(2 + 2 * table.columnWidths.count)
    line.spans.append(label(offset, numberWidth: table.numberWidth))
    Self.appendHighlighted(
      title.text, matches: title.shown(items[offset].highlights), context: context, to: &line.spans)
    // Padding is written only before a cell that has text: no row ends in spaces.
    var padding = titleWidth - title.width
    let columns = items[offset].columns
    for (index, columnWidth) in table.columnWidths.enumerated() where columnWidth > 0 {
      let isLast = index == table.columnWidths.count - 1
      let text = index < columns.count ? table.cells[table.cellIndex(offset, index)] : ""
      let width = index < columns.count ? table.cellWidths[table.cellIndex(offset, index)] : 0
      // Measured once above: only a cell too wide is cut and measured
      // again (a last one, or one wider than the column printed above it).
      let fits = isLast ? min(columnWidth, lastRoom) : columnWidth
      let isCut = width > (isLast ? lastRoom : columnWidth)
      let shown = isCut ? DisplayWidth.truncate(text, to: isLast ? lastRoom : columnWidth) : text
      let room = fits - (isCut ? DisplayWidth.of(shown) : width)
      guard !shown.isEmpty else {
        padding += Spacing.gutter + columnWidth
        continue
      }
      let before = columns[index].alignment == .trailing ? room : 0
      line.spans.append(StyledSpan(DisplayWidth.spaces(padding + Spacing.gutter + before)))
      Self.appendHighlighted(
        shown, matches: columns[index].highlights, style: columns[index].style, context: context, to: &line.spans)
      padding = room - before
    }
    return line
  }

  /// Narrow: the title on its line (wrapped, never cut), the cells under it,
  /// and the last cell on a line of its own when too little room is left.
  private func twoLineRows(_ table: Table, context: RenderContext) -> [StyledLine] {
    let indent = DisplayWidth.spaces(table.textIndent)
    let room = max(table.width - table.textIndent, 8)
    var lines: [StyledLine] = []
    for offset in items.indices {
      lines += wrappedTitle(
        table.titles[offset], offset: offset, numberWidth: table.numberWidth, room: room, context: context)
      let columns = items[offset].columns
      let start = table.cellIndex(offset, 0)
      let cells = table.cells[start..<(start + columns.count)]
      var line = StyledLine(indent)
      var used = 0
      for (index, text) in cells.enumerated() where !text.isEmpty {
        let isLast = index == cells.count - 1 && index > 0
        if isLast, room - used - Spacing.gutter < Self.narrowestLastColumn {
          lines.append(line)
          (line, used) = (StyledLine(indent), 0)
        }
        let gap = used == 0 ? 0 : Spacing.gutter
        let shown = DisplayWidth.truncate(text, to: max(room - used - gap, 1))
        line.spans.append(StyledSpan(DisplayWidth.spaces(gap)))
        Self.appendHighlighted(
          shown, matches: columns[index].highlights, style: columns[index].style, context: context, to: &line.spans)
        used += gap + DisplayWidth.of(shown)
      }
      if used > 0 { lines.append(line) }
    }
    return lines
  }

  /// The title broken into lines of `room`, the first after its number,
  /// its matched letters highlighted.
  func wrappedTitle(_ title: String, offset: Int, numberWidth: Int, room: Int, context: RenderContext)
    -> [StyledLine]
  {
    let indent = StyledSpan(DisplayWidth.spaces(Spacing.indent + numberWidth + 2))
    let matches = items[offset].highlights
    var consumed = 0
    var rest = Substring(title)
    var lines: [StyledLine] = []
    for (row, part) in Self.titleLines(title, room: room).enumerated() {
      // Where this part starts in the title: wrapping drops the spaces it breaks at.
      let skipped = rest.prefix { $0 == " " }.count
      consumed += skipped
      rest = rest.dropFirst(skipped)
      let shifted = Set(matches.lazy.map { $0 - consumed }.filter { $0 >= 0 })
      let lead = row == 0 ? label(offset, numberWidth: numberWidth) : indent
      lines.append(StyledLine([lead] + Self.highlighted(part, matches: shifted, context: context)))
      let taken = rest.hasPrefix(part) ? part.count : 0
      consumed += taken
      rest = rest.dropFirst(taken)
    }
    return lines
  }

  /// A title's lines: wrapped at spaces, and a line still wider than
  /// `room` broken too.
  ///
  /// Wrapping keeps a word with `/` whole, as an address to copy; a
  /// title's is a name (`owner/name`, opened by its number), broken after
  /// its last `/` that fits, else where the line ends (at 40 columns a
  /// repository's ran to 51).
  static func titleLines(_ title: String, room: Int) -> [String] {
    DisplayWidth.wrap(title, to: room).flatMap { line -> [String] in
      var lines: [String] = []
      var rest = Substring(line)
      while DisplayWidth.of(String(rest)) > room {
        let fits = DisplayWidth.truncate(String(rest), to: room, ellipsis: "")
        let cut = fits.lastIndex(of: "/").map { fits.distance(from: fits.startIndex, to: $0) + 1 } ?? fits.count
        lines.append(String(rest.prefix(max(cut, 1))))
        rest = rest.dropFirst(max(cut, 1))
      }
      return lines + [String(rest)]
    }
  }

  /// `text` in the title's style, the characters at `matches` (offsets in
  /// characters) highlighted; a cut text's ellipsis never is.
  static func highlighted(_ text: String, matches: Set<Int>, context: RenderContext) -> [StyledSpan] {
    var spans: [StyledSpan] = []
    appendHighlighted(text, matches: matches, context: context, to: &spans)
    return spans
  }

  /// Appends `text` in `style`, the characters at `matches` highlighted
  /// where colour is used; offsets past a cut text's end are not in it.
  ///
  /// Appends rather than returns: a row's cells are drawn for every row of
  /// long lists, and most have nothing matched, so they cost one span.
  static func appendHighlighted(
    _ text: String, matches: Set<Int>, style: TextStyle = Palette.emphasis, context: RenderContext,
    to spans: inout [StyledSpan]
  ) {
    guard !matches.isEmpty, context.capabilities.usesColor else {
      spans.append(StyledSpan(text, style: style))
      return
    }
    var run = ""
    var runIsMatch = false
    for (offset, character) in text.enumerated() {
      let isMatch = matches.contains(offset) && character != "…"
      if isMatch != runIsMatch, !run.isEmpty {
        spans.append(StyledSpan(run, style: runIsMatch ? Palette.match : style))
        run = ""
      }
      runIsMatch = isMatch
      run.append(character)
    }
    if !run.isEmpty { spans.append(StyledSpan(run, style: runIsMatch ? Palette.match : style)) }
  }
}
