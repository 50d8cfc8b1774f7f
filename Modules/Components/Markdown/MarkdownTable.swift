internal import CMarkGFM
import TerminalText
import TextWidth

/// A GFM table laid out in columns aligned by display width (wide CJK and
/// emoji count two), with the table's own alignments.
///
///     Name   │ Stars
///     ───────┼──────
///     wayfar │    12
///
/// A table wider than `width` shrinks: columns that fit in a fair share keep
/// their width, the others share the rest and their cells wrap. When even
/// that leaves a column fewer than ``minimumColumn`` columns, each row is
/// shown as "Header: value" lines instead.
struct MarkdownTable {
  let kinds: MarkdownNodeKinds
  let theme: MarkdownTheme
  let inlines: InlineCollector

  static let minimumColumn = 5

  private struct Row {
    var isHeader: Bool
    var cells: [[InlineItem]]
  }

  private enum Alignment {
    case left, center, right
  }

  func lines(_ table: OpaquePointer, width: Int) -> [[StyledSpan]] {
    let columnCount = Int(cmark_gfm_extensions_get_table_columns(table))
    guard columnCount > 0 else { return [] }
    let alignments = Self.alignments(table, columnCount: columnCount)
    let rows = self.rows(table, columnCount: columnCount)
    var naturalWidths = Array(repeating: 0, count: columnCount)
    // Each cell measured once, for its column and for its wrapping.
    let oneLineWidths = rows.map { $0.cells.map(StyledWrapper.oneLineWidth) }
    for (row, widths) in zip(rows, oneLineWidths) {
      for (column, cell) in row.cells.enumerated() where column < columnCount {
        let natural = StyledWrapper.naturalWidth(cell, oneLineWidth: widths[column])
        naturalWidths[column] = max(naturalWidths[column], natural)
      }
    }
    let separator = " " + theme.tableSeparator + " "
    let room = width - DisplayWidth.of(separator) * (columnCount - 1)
    guard let widths = Self.fit(naturalWidths, into: room) else { return records(rows, width: width) }

    var lines: [[StyledSpan]] = []
    lines.reserveCapacity(rows.count + 1)
    let layout = RowLayout(
      widths: widths, alignments: alignments, separator: StyledSpan(separator, style: theme.frame))
    for (row, oneLine) in zip(rows, oneLineWidths) {
      if let line = layout.oneLine(row.cells, naturals: oneLine) {
        lines.append(line)
      } else {
        lines += layout.wrapped(row.cells, naturals: oneLine)
      }
      if row.isHeader {
        let rules = widths.map { MarkdownLines.repeated(theme.rule, count: $0) }
        let joint = theme.rule + theme.tableCross + theme.rule
        lines.append([StyledSpan(rules.joined(separator: joint), style: theme.frame)])
      }
    }
    return lines
  }

  /// A row's cells set in their columns.
  private struct RowLayout {
    let widths: [Int]
    let alignments: [Alignment]
    let separator: StyledSpan

    /// The row's line when every cell fits its column on one line (most rows).
    ///
    /// Its spans are made straight from the cells' items: wrapping each
    /// cell first made two arrays a cell and a third a row, then copied
    /// their spans into the line.
    func oneLine(_ cells: [[InlineItem]], naturals: [Int?]) -> [StyledSpan]? {
      for (natural, width) in zip(naturals, widths) {
        guard let natural, natural <= width else { return nil }
      }
      var line: [StyledSpan] = []
      line.reserveCapacity(widths.count * 4)
      for (column, (cell, natural)) in zip(cells, naturals).enumerated() {
        let after = begin(column, width: natural ?? 0, on: &line)
        // As ``StyledWrapper`` joins a line: a style's adjacent texts share a span.
        let first = line.count
        for case .text(let text, let style) in cell where !text.isEmpty {
          if line.count > first, line[line.count - 1].style == style {
            line[line.count - 1].text += text
          } else {
            line.append(StyledSpan(text, style: style))
          }
        }
        if after > 0 { line.append(StyledSpan(MarkdownLines.spaces(after))) }
      }
      return MarkdownLines.trimmingTrailingSpaces(line)
    }

    /// The row's lines when a cell wraps: as many as its tallest cell.
    func wrapped(_ cells: [[InlineItem]], naturals: [Int?]) -> [[StyledSpan]] {
      let pieces = zip(zip(cells, widths), naturals).map { cell, natural in
        StyledWrapper.wrap(cell.0, width: cell.1, oneLineWidth: natural)
      }
      // A closure, not `\.count`: a key path here cost 700 instructions a row.
      let height = max(pieces.lazy.map { $0.count }.max() ?? 0, 1)
      var lines: [[StyledSpan]] = []
      for index in 0..<height {
        var line: [StyledSpan] = []
        line.reserveCapacity(widths.count * 4)
        for (column, cell) in pieces.enumerated() {
          let piece = index < cell.count ? cell[index] : WrappedLine(spans: [], width: 0)
          let after = begin(column, width: piece.width, on: &line)
          line += piece.spans
          if after > 0 { line.append(StyledSpan(MarkdownLines.spaces(after))) }
        }
        lines.append(MarkdownLines.trimmingTrailingSpaces(line))
      }
      return lines
    }

    /// Starts `column`'s cell of `width` columns on `line`; the padding to put after it.
    ///
    /// Puts the separator and the padding the column's alignment puts
    /// before the cell; none goes after the last column.
    private func begin(_ column: Int, width: Int, on line: inout [StyledSpan]) -> Int {
      if column > 0 { line.append(separator) }
      let padding = max(widths[column] - width, 0)
      let alignment = column < alignments.count ? alignments[column] : .left
      let before =
        switch alignment {
        case .left: 0
        case .center: padding / 2
        case .right: padding
        }
      if before > 0 { line.append(StyledSpan(MarkdownLines.spaces(before))) }
      return column < widths.count - 1 ? padding - before : 0
    }
  }

  /// Column widths for cells `natural` columns wide in `room` columns, or nil
  /// when some column would get fewer than ``minimumColumn``.
  static func fit(_ natural: [Int], into room: Int) -> [Int]? {
    if natural.reduce(0, +) <= room { return natural }
    var widths = natural
    var open = Array(natural.indices)
    var left = room
    // Columns narrower than a fair share of what is left keep their width;
    // the share grows as they leave.
    while !open.isEmpty {
      let share = left / open.count
      let narrow = open.filter { natural[$0] <= share }
      if narrow.isEmpty { break }
      for column in narrow { left -= natural[column] }
      open.removeAll { natural[$0] <= share }
    }
    guard !open.isEmpty else { return widths }
    let share = left / open.count
    guard share >= minimumColumn else { return nil }
    var extra = left - share * open.count
    for column in open {
      widths[column] = share + (extra > 0 ? 1 : 0)
      extra -= 1
    }
    return widths
  }

  /// Each row as "Header: value" lines, rows apart by a blank line: for
  /// tables with more columns than the width can show.
  private func records(_ rows: [Row], width: Int) -> [[StyledSpan]] {
    let headers = rows.first(where: \.isHeader)?.cells ?? []
    var lines: [[StyledSpan]] = []
    for row in rows where !row.isHeader {
      if !lines.isEmpty { lines.append([]) }
      for (column, cell) in row.cells.enumerated() {
        var items = column < headers.count ? headers[column] : []
        items.append(.text(": ", theme.tableHeader))
        items += cell
        lines += StyledWrapper.wrap(items, width: width).map(\.spans)
      }
    }
    return lines
  }

  private func rows(_ table: OpaquePointer, columnCount: Int) -> [Row] {
    var rows: [Row] = []
    var rowNode = cmark_node_first_child(table)
    while let row = rowNode {
      defer { rowNode = cmark_node_next(row) }
      guard cmark_node_get_type(row) == kinds.tableRow else { continue }
      let isHeader = cmark_gfm_extensions_get_table_row_is_header(row) != 0
      var cells: [[InlineItem]] = []
      var cellNode = cmark_node_first_child(row)
      while let cell = cellNode, cells.count < columnCount {
        if cmark_node_get_type(cell) == kinds.tableCell {
          cells.append(inlines.items(in: cell, style: isHeader ? theme.tableHeader : .plain))
        }
        cellNode = cmark_node_next(cell)
      }
      while cells.count < columnCount { cells.append([]) }
      rows.append(Row(isHeader: isHeader, cells: cells))
    }
    return rows
  }

  private static func alignments(_ table: OpaquePointer, columnCount: Int) -> [Alignment] {
    guard let raw = cmark_gfm_extensions_get_table_alignments(table) else { return [] }
    return UnsafeBufferPointer(start: raw, count: columnCount).map { code in
      switch code {
      case UInt8(ascii: "c"): .center
      case UInt8(ascii: "r"): .right
      default: .left
      }
    }
  }
}
