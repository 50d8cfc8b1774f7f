import DesignSystem
import Foundation
import TerminalKit

/// The loaded places around the centre as a picture: braille dots on a
/// terminal that can show them, ASCII elsewhere. Places are marked with
/// their list numbers; a scale bar and a legend follow.
struct MapRenderer {
  let places: [(number: Int, place: Place)]
  let center: Coordinate

  static let maxRows = 16

  func lines(in context: RenderContext) -> [StyledLine] {
    let unicode = context.capabilities.usesUnicode
    let rows = Self.maxRows
    // A terminal cell is about twice as tall as it is wide.
    let columns = min(max(Spacing.contentWidth(context) - 2, 20), rows * 2)
    // A distance that is not a number (a position off the Earth) must not
    // set the scale; such a place is simply not drawn.
    let farthest = places.map { center.distance(to: $0.place.coordinate) }.filter(\.isFinite).max() ?? 0
    let halfExtent = min(max(farthest * 1.15, 300), Double(NearbySearch.radiusMetres) * 1.15)
    let metresPerRow = 2 * halfExtent / Double(rows)
    let metresPerColumn = metresPerRow / 2

    var canvas = Canvas(columns: columns, rows: rows)
    // The search circle when it fits in the frame; zoomed in on near places
    // it would be drawn smaller than 5 km, which the key must not claim.
    let radius = Double(NearbySearch.radiusMetres)
    let showsSearchArea = halfExtent * 0.98 >= radius
    if showsSearchArea {
      for step in 0..<360 {
        let angle = Double(step) * .pi / 180
        canvas.dot(x: cos(angle) * radius / metresPerColumn, y: sin(angle) * radius / metresPerRow)
      }
    }
    for (number, place) in places {
      let (east, north) = offset(of: place.coordinate)
      // A dot for every place, under its number where the number fits.
      canvas.dot(x: east / metresPerColumn, y: north / metresPerRow)
      canvas.label(String(number), x: east / metresPerColumn, y: north / metresPerRow)
    }
    canvas.label(unicode ? "✛" : "+", x: 0, y: 0, force: true)

    let (horizontal, vertical, corners) = unicode ? ("─", "│", ("┌", "┐", "└", "┘")) : ("-", "|", ("+", "+", "+", "+"))
    var lines = [
      StyledLine(corners.0 + String(repeating: horizontal, count: columns) + corners.1, style: Palette.muted)
    ]
    for row in canvas.render(unicode: unicode) {
      var line = StyledLine(vertical, style: Palette.muted)
      for (text, isLabel) in row {
        line.append(text, style: isLabel ? Palette.accent : Palette.muted)
      }
      line.append(vertical, style: Palette.muted)
      lines.append(line)
    }
    lines.append(
      StyledLine(corners.2 + String(repeating: horizontal, count: columns) + corners.3, style: Palette.muted))
    lines.append(scaleBar(metresPerColumn: metresPerColumn, unicode: unicode))
    lines.append(
      StyledLine(
        (unicode ? "✛" : "+")
          + (showsSearchArea
            ? " you are here; the circle is the 5 km search area"
            : " you are here; the 5 km search area reaches past the frame"),
        style: Palette.muted))
    let legend = places.map { "\($0.number) \($0.place.name)" }.joined(separator: unicode ? " · " : ", ")
    return lines
      + DisplayWidth.wrap(TextSanitizer.clean(legend), to: Spacing.contentWidth(context)).map { StyledLine($0) }
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

  private func scaleBar(metresPerColumn: Double, unicode: Bool) -> StyledLine {
    let choices: [Double] = [50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000]
    let length = choices.last { $0 / metresPerColumn <= 12 } ?? choices[0]
    let cells = max(Int((length / metresPerColumn).rounded()), 1)
    let bar =
      unicode ? "├" + String(repeating: "─", count: cells) + "┤" : "|" + String(repeating: "-", count: cells) + "|"
    return StyledLine(bar + " " + Formatting.distance(length), style: Palette.muted)
  }
}

/// A grid of cells, each holding braille dots (2×4 per cell) or a label character.
private struct Canvas {
  let columns: Int
  let rows: Int
  private var dots: [[UInt8]]
  private var labels: [[Character?]]

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    dots = Array(repeating: Array(repeating: 0, count: columns), count: rows)
    labels = Array(repeating: Array(repeating: nil, count: columns), count: rows)
  }

  /// `x`, `y` in cells from the centre, east and north positive.
  private func cell(x: Double, y: Double) -> (column: Double, row: Double) {
    (Double(columns) / 2 + x, Double(rows) / 2 - y)
  }

  mutating func dot(x: Double, y: Double) {
    let (column, row) = cell(x: x, y: y)
    guard let dotX = Self.index(column * 2, below: columns * 2), let dotY = Self.index(row * 4, below: rows * 4)
    else { return }
    let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
    dots[dotY / 4][dotX / 2] |= bits[dotY % 4][dotX % 2]
  }

  /// Writes `text` starting at the point's cell, if it fits and (unless
  /// forced) does not cover another label.
  mutating func label(_ text: String, x: Double, y: Double, force: Bool = false) {
    let (column, row) = cell(x: x, y: y)
    guard let start = Self.index(column, below: columns), let line = Self.index(row, below: rows),
      start + text.count <= columns
    else { return }
    let span = start..<(start + text.count)
    guard force || span.allSatisfy({ labels[line][$0] == nil }) else { return }
    for (offset, character) in text.enumerated() { labels[line][start + offset] = character }
  }

  /// `value` rounded down as an index in `0..<count`, or nil when it falls
  /// outside (or is not a number at all): a point off the canvas is not drawn.
  private static func index(_ value: Double, below count: Int) -> Int? {
    guard value.isFinite, value >= 0, value < Double(count) else { return nil }
    return Int(value.rounded(.down))
  }

  /// Each row as runs of (text, isLabel).
  func render(unicode: Bool) -> [[(String, Bool)]] {
    (0..<rows).map { row in
      (0..<columns).map { column in
        if let label = labels[row][column] { return (String(label), true) }
        let mask = dots[row][column]
        if mask == 0 { return (" ", false) }
        guard unicode, let braille = Unicode.Scalar(0x2800 + UInt32(mask)) else { return (".", false) }
        return (String(braille), false)
      }
    }
  }
}
