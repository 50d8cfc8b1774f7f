import TextSafety
import TextWidth

extension StyledLine {
  /// The line broken at spaces into lines of at most `width` columns, styles
  /// kept; what follows a break is indented like the line's text (its
  /// leading spaces, and a one- or two-character marker such as `x ` or
  /// `! `).
  ///
  /// A word longer than a line is cut where the line ends, except an
  /// address or a path (a word with `/`: `https://…`, `/home/…`), which is
  /// never split: it starts a line and runs past its end, so that it can
  /// still be copied or followed whole. A line that fits is returned as it
  /// is.
  /// The line cut to at most `width` columns, ending in "…" where it was
  /// cut, styles kept: for a line that must stay one row, as a status line
  /// must (`\r` and `ESC [ K` rewrite only the row the cursor is on).
  public func truncated(to width: Int) -> StyledLine {
    guard displayWidth > width else { return self }
    var kept = StyledLine()
    var room = width
    for span in spans {
      let text = TextSanitizer.clean(span.text)
      let columns = DisplayWidth.of(text)
      guard columns < room else {
        kept.spans.append(StyledSpan(DisplayWidth.truncate(text, to: room), style: span.style))
        break
      }
      kept.spans.append(StyledSpan(text, style: span.style))
      room -= columns
    }
    return kept
  }

  public func wrapped(to width: Int) -> [StyledLine] {
    guard width > 0, displayWidth > width else { return [self] }
    var cells: [(character: Character, style: TextStyle)] = []
    for span in spans {
      for character in TextSanitizer.clean(span.text) { cells.append((character, span.style)) }
    }
    // Beside its name, a summary needs room to read: half the width, and
    // no fewer than `narrowestSummary` columns (at 40, Home's help wrapped
    // its summaries in a strip of 20).
    if let column = continuationIndent, column >= width / 2 || width - column < Self.narrowestSummary,
      column < cells.count
    {
      return Self.stacked(cells, at: column, width: width)
    }
    let indent = continuationIndent ?? Self.hangingIndent(of: cells.map(\.character), width: width)
    var lines: [[(character: Character, style: TextStyle)]] = []
    var current: [(character: Character, style: TextStyle)] = []
    var used = 0
    let whole = Self.addressCells(in: cells.map(\.character))
    for (index, cell) in cells.enumerated() {
      let cellWidth = DisplayWidth.width(of: cell.character)
      if used + cellWidth > width, !current.isEmpty {
        // Break after the last space past the indent, else where the line
        // ends, unless that is inside an address.
        let breakAt = current.indices.last { $0 >= indent && current[$0].character == " " }.map { $0 + 1 }
        if breakAt == nil, whole.contains(index) {
          current.append(cell)
          used += cellWidth
          continue
        }
        let head = breakAt.map { Array(current[..<$0]) } ?? current
        var rest = breakAt.map { Array(current[$0...]) } ?? []
        lines.append(Self.trimmingTrailingSpaces(head))
        while rest.first?.character == " " { rest.removeFirst() }
        current = Array(repeating: (" ", TextStyle.plain), count: indent) + rest
        used = current.reduce(0) { $0 + DisplayWidth.width(of: $1.character) }
      }
      // A continuation row starts at its indent, never with a space.
      if cell.character == " ", !lines.isEmpty, current.count == indent { continue }
      current.append(cell)
      used += cellWidth
    }
    if current.count > indent || lines.isEmpty { lines.append(current) }
    return lines.map(Self.line(of:))
  }

  /// The fewest columns a summary gets beside its name before it goes under it.
  static let narrowestSummary = 24

  /// A row whose second column starts at `column`, too far right for
  /// `width` to leave it room (a help row in a narrow window): its first
  /// column on a line of its own, the rest under it, indented two more.
  private static func stacked(
    _ cells: [(character: Character, style: TextStyle)], at column: Int, width: Int
  ) -> [StyledLine] {
    let leading = cells.prefix { $0.character == " " }.count
    let rest = cells[column...].drop { $0.character == " " }
    let indent = Array(repeating: (character: Character(" "), style: TextStyle.plain), count: leading + 2)
    return [line(of: trimmingTrailingSpaces(Array(cells[..<column])))] + line(of: indent + rest).wrapped(to: width)
  }

  /// The positions of the characters of the words kept whole
  /// (``DisplayWidth/isUnbroken(_:)``: addresses and paths).
  private static func addressCells(in characters: [Character]) -> Set<Int> {
    var cells = Set<Int>()
    var start = 0
    for end in 0...characters.count where end == characters.count || characters[end] == " " {
      if DisplayWidth.isUnbroken(String(characters[start..<end])) { cells.formUnion(start..<end) }
      start = end + 1
    }
    return cells
  }

  /// Columns after which continuation rows start: the leading spaces, and a
  /// short marker followed by a space (`x `, `ok `, `•`), never half the width.
  private static func hangingIndent(of characters: [Character], width: Int) -> Int {
    let spaces = characters.prefix { $0 == " " }.count
    let rest = characters.dropFirst(spaces)
    let first = String(rest.prefix { $0 != " " })
    let isSymbol = first.count == 1 && !first.allSatisfy { $0.isLetter || $0.isNumber }
    let isMarker = (isSymbol || first == "ok" || first == "x") && rest.count > first.count
    let indent = spaces + (isMarker ? first.count + 1 : 0)
    return indent < width / 2 ? indent : 0
  }

  private static func trimmingTrailingSpaces(
    _ cells: [(character: Character, style: TextStyle)]
  ) -> [(character: Character, style: TextStyle)] {
    var cells = cells
    while cells.last?.character == " " { cells.removeLast() }
    return cells
  }

  /// Runs of one style back into spans.
  private static func line(of cells: [(character: Character, style: TextStyle)]) -> StyledLine {
    var line = StyledLine()
    for cell in cells {
      if let last = line.spans.last, last.style == cell.style {
        line.spans[line.spans.count - 1].text.append(cell.character)
      } else {
        line.spans.append(StyledSpan(String(cell.character), style: cell.style))
      }
    }
    return line
  }
}
