import DesignSystem
import Foundation
import TerminalText
import TextSafety
import TextWidth

/// The loaded places around the centre as a picture: braille dots on a
/// terminal that can show them, ASCII elsewhere.
///
/// Places are marked with
/// their list numbers; a scale bar and a legend follow.
///
/// Every place is accounted for. A number that would cover another is moved
/// to a free cell beside its dot; places that fall in one cell are marked
/// with a letter, and the legend says which share it; a number with no room
/// near its dot, or a place with no position on the map, is said so in the
/// legend. A number with room to its right has its place's name beside it.
///
/// On a terminal the picture takes the room there is (a square area, a
/// cell being about twice as tall as it is wide), with the legend beside
/// it when both fit the window that way, so that map and legend are on one
/// screen; in a transcript it keeps its 32×16 cells, the legend under it.
struct MapRenderer {
  let places: [(number: Int, place: Place)]
  let center: Coordinate
  /// Loaded places not drawn because the list does not show them: the
  /// legend says which, and how to see them.
  var leftOut = MapLegend.LeftOut()

  /// Rows of the picture off a terminal, and the fewest on one.
  static let maxRows = 16
  static let fewestRows = 8
  /// The fewest when the window is too small for ``fewestRows`` and
  /// everything the map says under it.
  static let fewestRowsInASmallWindow = 4

  /// The picture's rows and columns in `context`, leaving `linesBelow`
  /// rows of the terminal for what follows it (scale, key, legend, prompt).
  static func size(in context: RenderContext, linesBelow: Int) -> (rows: Int, columns: Int) {
    let width = Spacing.fullWidth(context)
    guard context.capabilities.outputIsTerminal, let height = context.height else {
      // A cell is about twice as tall as it is wide.
      return (maxRows, min(max(width - 2, 20), maxRows * 2))
    }
    // The frame takes two rows and two columns.
    let rows = max(min((width - 2) / 2, height - linesBelow - 2), fewestRows)
    return (rows, min(rows * 2, max(width - 2, 2)))
  }

  func lines(in context: RenderContext) -> [StyledLine] {
    let width = Spacing.fullWidth(context)
    let allEntries = places.map { "\($0.number) \(TextSanitizer.clean($0.place.name))" }
    // Scale bar, three lines of key, a line of notes, the legend, the prompt.
    let below = 1 + 3 + 1 + DisplayWidth.wrap(allEntries, separator: separator(context), to: width).count + 1
    let (rows, columns) = Self.size(in: context, linesBelow: below)
    // The legend goes beside the picture when that leaves the picture at
    // least as big as with the legend under it (a wide window, not a tall one).
    let longest = allEntries.lazy.map(DisplayWidth.of).max() ?? 0
    if let side = SideLayout(places: places.count, longestEntry: longest, in: context), side.rows >= rows,
      let lines = drawing(rows: side.rows, columns: side.columns, legendWidth: side.legendWidth, context: context)
    {
      return lines
    }
    var (lines, rowsDrawn) = (drawing(rows: rows, columns: columns, legendWidth: nil, context: context) ?? [], rows)
    // The key says what was drawn, so its length is known only now: in a
    // small window it may wrap longer than guessed, or a smaller picture
    // share a mark. The command above and the prompt under it share the
    // window; the picture gives up rows until all of it fits.
    guard context.capabilities.outputIsTerminal, let height = context.height else { return lines }
    while lines.count + 2 > height, rowsDrawn > Self.fewestRowsInASmallWindow {
      rowsDrawn = max(rowsDrawn - (lines.count + 2 - height), Self.fewestRowsInASmallWindow)
      lines =
        drawing(rows: rowsDrawn, columns: min(columns, rowsDrawn * 2), legendWidth: nil, context: context) ?? lines
    }
    return lines
  }

  private func separator(_ context: RenderContext) -> String {
    context.capabilities.usesUnicode ? " · " : ", "
  }

  /// The picture, scale, key and legend.
  ///
  /// The legend is `legendWidth` wide beside the picture, or under it for
  /// nil. Nil when the legend beside it would be taller than the picture
  /// (the caller puts it under).
  private func drawing(rows: Int, columns: Int, legendWidth: Int?, context: RenderContext) -> [StyledLine]? {
    let unicode = context.capabilities.usesUnicode
    // A distance that is not a number (a position off the Earth) must not
    // set the scale; such a place is listed as not on the map.
    let farthest = places.map { center.distance(to: $0.place.coordinate) }.filter(\.isFinite).max() ?? 0
    let halfExtent = min(max(farthest * 1.15, 300), Double(NearbySearch.radiusMetres) * 1.15)
    let scale = Scale(metresPerRow: 2 * halfExtent / Double(rows))

    var canvas = Canvas(columns: columns, rows: rows)
    let drawsSearchArea = drawSearchArea(on: &canvas, halfExtent: halfExtent, scale: scale)
    if let middle = canvas.cell(x: 0, y: 0) { canvas.put(unicode ? "✛" : "+", at: middle, kind: .center) }
    let plotted = plot(on: &canvas, scale: scale)
    let picture = frame(canvas, columns: columns, unicode: unicode)
    let longestBar = context.capabilities.outputIsTerminal ? max(12, columns / 4) : 12
    let bar = scaleBar(metresPerColumn: scale.metresPerColumn, longest: longestBar, unicode: unicode)
    let legend = MapLegend(
      places: places, plotted: plotted, drawsSearchArea: drawsSearchArea, unicode: unicode, leftOut: leftOut)
    guard let legendWidth else {
      let width = Spacing.fullWidth(context)
      return picture + [bar] + legend.key(width: width)
        + DisplayWidth.wrap(legend.entries, separator: separator(context), to: width).map { StyledLine($0) }
    }
    // Beside the picture: one place a line, then the key.
    let column =
      legend.entries.map { StyledLine(DisplayWidth.truncate($0, to: legendWidth)) } + [.blank]
      + legend.key(width: legendWidth)
    guard column.count <= picture.count else { return nil }
    let gap = StyledSpan(DisplayWidth.spaces(2))
    var lines = picture.enumerated().map { row, line in
      row < column.count ? StyledLine(line.spans + [gap] + column[row].spans) : line
    }
    lines.append(bar)
    return lines
  }

  /// Metres a row and a column of the canvas stand for (a cell is about
  /// twice as tall as it is wide).
  private struct Scale {
    let metresPerRow: Double
    var metresPerColumn: Double { metresPerRow / 2 }
  }

  /// Draws the search circle when it fits in the frame; zoomed in on near
  /// places it would be drawn smaller than 5 km, which the key must not
  /// claim.
  ///
  /// Returns whether any of it was drawn.
  private func drawSearchArea(on canvas: inout Canvas, halfExtent: Double, scale: Scale) -> Bool {
    let radius = Double(NearbySearch.radiusMetres)
    guard halfExtent * 0.98 >= radius else { return false }
    var drawn = false
    for step in 0..<360 {
      let angle = Double(step) * .pi / 180
      drawn =
        canvas.dot(x: cos(angle) * radius / scale.metresPerColumn, y: sin(angle) * radius / scale.metresPerRow)
        || drawn
    }
    return drawn
  }

  /// Where the places went: marks shared by several (with their numbers),
  /// numbers with no room for a label, and places off the map.
  struct Plotted {
    var shared: [(mark: String, numbers: [Int])] = []
    var unlabelled: [Int] = []
    var offMap: Set<Int> = []
  }

  /// Puts a dot for every place, and its number (or a letter shared by the
  /// places of one cell) under or beside it; then, where there is room to
  /// the right of a number, its place's name.
  private func plot(on canvas: inout Canvas, scale: Scale) -> Plotted {
    var plotted = Plotted()
    var cells: [(cell: Canvas.Cell, numbers: [Int])] = []
    for (number, place) in places.sorted(by: { $0.number < $1.number }) {
      let (east, north) = offset(of: place.coordinate)
      let x = east / scale.metresPerColumn
      let y = north / scale.metresPerRow
      guard canvas.dot(x: x, y: y), let cell = canvas.cell(x: x, y: y) else {
        plotted.offMap.insert(number)
        continue
      }
      if let index = cells.firstIndex(where: { $0.cell == cell }) {
        cells[index].numbers.append(number)
      } else {
        cells.append((cell, [number]))
      }
    }
    var numbered: [(start: Canvas.Cell, number: Int)] = []
    for (cell, numbers) in cells {
      let isShared = numbers.count > 1
      let mark = isShared ? Self.letters(for: plotted.shared.count) : String(numbers[0])
      if let start = canvas.place(mark, near: cell, kind: isShared ? .shared : .number) {
        if isShared { plotted.shared.append((mark, numbers)) } else { numbered.append((start, numbers[0])) }
      } else {
        plotted.unlabelled += numbers
      }
    }
    // Every number is placed before any name, so a name never costs a number its spot.
    let names = Dictionary(places.map { ($0.number, TextSanitizer.clean($0.place.name)) }) { first, _ in first }
    for (start, number) in numbered {
      canvas.name(names[number] ?? "", after: Canvas.Cell(column: start.column + String(number).count, row: start.row))
    }
    return plotted
  }

  /// The canvas in a box.
  private func frame(_ canvas: Canvas, columns: Int, unicode: Bool) -> [StyledLine] {
    let (horizontal, vertical, corners) = unicode ? ("─", "│", ("┌", "┐", "└", "┘")) : ("-", "|", ("+", "+", "+", "+"))
    var lines = [
      StyledLine(corners.0 + String(repeating: horizontal, count: columns) + corners.1, style: Palette.muted)
    ]
    for row in canvas.render(unicode: unicode) {
      var line = StyledLine(vertical, style: Palette.muted)
      for (text, kind) in row {
        line.append(text, style: kind.style)
      }
      line.append(vertical, style: Palette.muted)
      lines.append(line)
    }
    lines.append(
      StyledLine(corners.2 + String(repeating: horizontal, count: columns) + corners.3, style: Palette.muted))
    return lines
  }

  /// `A`…`Z`, then `AA`…: marks for shared spots, told apart from numbers.
  static func letters(for index: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var index = index
    var text = ""
    repeat {
      text.insert(alphabet[index % 26], at: text.startIndex)
      index = index / 26 - 1
    } while index >= 0
    return text
  }

  /// Metres east and north of the centre (equirectangular: fine at 5 km).
  private func offset(of point: Coordinate) -> (Double, Double) {
    // Across the antimeridian, 179.9° and -179.9° are 0.2° apart, not 359.8°.
    var longitudes = point.longitude - center.longitude
    if longitudes > 180 { longitudes -= 360 } else if longitudes < -180 { longitudes += 360 }
    let east = longitudes * cos(center.latitude * .pi / 180) * 111_320
    let north = (point.latitude - center.latitude) * 110_574
    return (east, north)
  }

  private func scaleBar(metresPerColumn: Double, longest: Int, unicode: Bool) -> StyledLine {
    let choices: [Double] = [50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000]
    let length = choices.last { $0 / metresPerColumn <= Double(longest) } ?? choices[0]
    let cells = Self.cells(length / metresPerColumn)
    let bar =
      unicode ? "├" + String(repeating: "─", count: cells) + "┤" : "|" + String(repeating: "-", count: cells) + "|"
    return StyledLine(bar + " " + Formatting.distance(length), style: Palette.muted)
  }

  /// Whole cells for a length in cells, at least 1; a length that is not a
  /// finite number (a centre off the Earth) is 1.
  private static func cells(_ value: Double) -> Int {
    guard value.isFinite, value >= 1 else { return 1 }
    return value < 1_000 ? Int(value.rounded()) : 1_000
  }
}

/// A grid of cells, each holding braille dots (2×4 per cell) or a label character.
private struct Canvas {
  struct Cell: Equatable {
    var column: Int
    var row: Int
  }

  enum Kind {
    case dots
    case number
    case shared
    case center
    /// A place's name beside its number.
    case name

    var style: TextStyle {
      switch self {
      case .dots: Palette.muted
      case .number, .center: Palette.accent
      case .shared: Palette.warning
      case .name: .plain
      }
    }
  }

  let columns: Int
  let rows: Int
  private var dots: [[UInt8]]
  private var labels: [[(Character, Kind)?]]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    dots = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    labels = Array(repeating: Array(repeating: nil, count: columns), count: rows)
  }

  /// `x`, `y` in cells from the centre, east and north positive.
  private func position(x: Double, y: Double) -> (column: Double, row: Double) {
    (Double(columns) / 2 + x, Double(rows) / 2 - y)
  }

  /// The cell of a point, nil when it falls outside.
  func cell(x: Double, y: Double) -> Cell? {
    let (column, row) = position(x: x, y: y)
    guard let column = Self.index(column, below: columns), let row = Self.index(row, below: rows) else { return nil }
    return Cell(column: column, row: row)
  }

  /// Sets the dot of a point; false when it falls outside the canvas.
  @discardableResult
  mutating func dot(x: Double, y: Double) -> Bool {
    let (column, row) = position(x: x, y: y)
    guard let dotX = Self.index(column * 2, below: columns * 2), let dotY = Self.index(row * 4, below: rows * 4)
    else { return false }
    let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
    dots[dotY / 4][dotX / 2] |= bits[dotY % 4][dotX % 2]
    return true
  }

  /// Writes `text` from `cell`, whatever is there.
  mutating func put(_ text: String, at cell: Cell, kind: Kind) {
    for (offset, character) in text.enumerated() where cell.column + offset < columns {
      labels[cell.row][cell.column + offset] = (character, kind)
    }
  }

  /// Writes `text` on `cell` if it fits there without covering another
  /// label, else in the nearest free spot around it (up to three cells
  /// away).
  ///
  /// Returns where it starts; nil when there is no room.
  mutating func place(_ text: String, near cell: Cell, kind: Kind) -> Cell? {
    let length = text.count
    for distance in 0...3 {
      for start in Self.spots(around: cell, distance: distance, length: length) where fits(length, at: start) {
        put(text, at: start, kind: kind)
        return start
      }
    }
    return nil
  }

  /// The shortest name worth writing beside a number (`Muse…`).
  static let shortestName = 4

  /// Writes ` name` from `cell` (just after a number) as far as the empty
  /// cells on its row go (no label, no dot: the circle stays whole),
  /// keeping one free before what follows; cut with `…`, or left out when
  /// fewer than ``shortestName`` letters fit.
  mutating func name(_ name: String, after cell: Cell) {
    guard cell.row >= 0, cell.row < rows, cell.column >= 0, !name.isEmpty else { return }
    var room = 0
    while cell.column + room < columns, labels[cell.row][cell.column + room] == nil,
      dots[cell.row][cell.column + room] == 0
    {
      room += 1
    }
    // One free cell before the next label or the frame, and the space after the number.
    room -= 1
    let shown = DisplayWidth.truncate(name, to: min(room - 1, 24))
    guard room - 1 >= Self.shortestName, DisplayWidth.of(shown) == shown.count else { return }
    put(" " + shown, at: cell, kind: .name)
  }

  /// Where a label of `length` may start to sit on its cell (distance 0),
  /// or `distance` cells from it: beside it on its row first, then above
  /// and below.
  private static func spots(around cell: Cell, distance: Int, length: Int) -> [Cell] {
    guard distance > 0 else {
      return [cell, Cell(column: cell.column - length + 1, row: cell.row)]
    }
    var spots = [
      Cell(column: cell.column + distance, row: cell.row),
      Cell(column: cell.column - length + 1 - distance, row: cell.row),
    ]
    for row in [cell.row - distance, cell.row + distance] {
      spots += [Cell(column: cell.column, row: row), Cell(column: cell.column - length + 1, row: row)]
      for shift in 1...distance {
        spots += [
          Cell(column: cell.column + shift, row: row), Cell(column: cell.column - length + 1 - shift, row: row),
        ]
      }
    }
    return spots
  }

  /// Whether a label fits at `start`: inside the canvas, over no other
  /// label, and not touching another mark on its row (`12` beside `14`
  /// would read `1214`).
  private func fits(_ length: Int, at start: Cell) -> Bool {
    guard start.row >= 0, start.row < rows, start.column >= 0, start.column + length <= columns else { return false }
    guard (start.column..<(start.column + length)).allSatisfy({ labels[start.row][$0] == nil }) else { return false }
    return [start.column - 1, start.column + length].allSatisfy { column in
      guard column >= 0, column < columns, let (_, kind) = labels[start.row][column] else { return true }
      return kind == .center
    }
  }

  /// `value` rounded down as an index in `0..<count`, or nil when it falls
  /// outside (or is not a number at all): a point off the canvas is not drawn.
  private static func index(_ value: Double, below count: Int) -> Int? {
    guard value.isFinite, value >= 0, value < Double(count) else { return nil }
    return Int(value.rounded(.down))
  }

  /// Each row as runs of (text, kind).
  func render(unicode: Bool) -> [[(String, Kind)]] {
    (0..<rows).map { row in
      (0..<columns).map { column in
        if let (character, kind) = labels[row][column] { return (String(character), kind) }
        let mask = dots[row][column]
        if mask == 0 { return (" ", Kind.dots) }
        guard unicode, let braille = Unicode.Scalar(0x2800 + UInt32(mask)) else { return (".", Kind.dots) }
        return (String(braille), Kind.dots)
      }
    }
  }
}
