import TerminalText
import TextSafety

/// The table `debug memory` prints: one row per tracked type.
public struct MemoryReport {
  public let rows: [LifetimeLedger.Row]

  public init(rows: [LifetimeLedger.Row]) {
    self.rows = rows
  }

  /// A header, then a row per type: name, alive, released.
  public var lines: [StyledLine] {
    let nameWidth = max(rows.map { DisplayWidth.of($0.typeName) }.max() ?? 0, 4)
    let header = DisplayWidth.pad("type", to: nameWidth) + "  alive  released"
    var lines = [StyledLine(header, style: TextStyle(isBold: true))]
    for row in rows {
      let alive = String(row.alive)
      let released = String(row.released)
      lines.append(
        StyledLine(
          DisplayWidth.pad(row.typeName, to: nameWidth) + "  "
            + String(repeating: " ", count: max(0, 5 - alive.count)) + alive + "  "
            + String(repeating: " ", count: max(0, 8 - released.count)) + released))
    }
    return lines
  }
}
