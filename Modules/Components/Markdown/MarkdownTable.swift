internal import CMarkGFM
import TerminalText
import TextSafety

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
    for (row, oneLine) in zip(rows, oneLineWidths) {
      let cells = zip(zip(row.cells, widths), oneLine).map { cell, natural in
        StyledWrapper.wrap(cell.0, width: cell.1, oneLineWidth: natural)
      }
      // A closure, not `\.count`: a key path here cost 700 instructions a row.
      let height = max(cells.lazy.map { $0.count }.max() ?? 0, 1)
      for index in 0..<height {
        var line: [StyledSpan] = []
        line.reserveCapacity(columnCount * 4)
        for (column, (cell, columnWidth)) in zip(cells, widths).enumerated() {
          if column > 0 { line.append(StyledSpan(separator, style: theme.frame)) }
          let piece = index < cell.count ? cell[index] : WrappedLine(spans: [], width: 0)
          let padding = max(columnWidth - piece.width, 0)
          let alignment = column < alignments.count ? alignments[column] : .left
          let before =
            switch alignment {
            case .left: 0
            case .center: padding / 2
            case .right: padding
            }
          if before > 0 { line.append(StyledSpan(MarkdownLines.spaces(before))) }
          line += piece.spans
          // The last column needs no padding after it.
          if padding - before > 0, column < columnCount - 1 {
            line.append(StyledSpan(MarkdownLines.spaces(padding - before)))
          }
        }
        lines.append(MarkdownLines.trimmingTrailingSpaces(line))
      }
      if row.isHeader {
        let rules = widths.map { MarkdownLines.repeated(theme.rule, count: $0) }
        let joint = theme.rule + theme.tableCross + theme.rule
        lines.append([StyledSpan(rules.joined(separator: joint), style: theme.frame)])
      }
    }
    return lines
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
