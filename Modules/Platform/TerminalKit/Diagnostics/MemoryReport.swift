import TerminalText
import TextWidth

/// The table `debug memory` prints: one row per tracked type.
public struct MemoryReport {
  public let rows: [LifetimeLedger.Row]

  public init(rows: [LifetimeLedger.Row]) {
    self.rows = rows
  }

  /// A header, then a row per type: name, alive, released.
  public var lines: [StyledLine] { lines(fitting: .max) }

  /// The table at most `width` columns wide: its gaps narrowed to one,
  /// then its longest names cut in the middle (`RepositoryD…ViewModel`),
  /// so that each type keeps a line of its own (at 40 columns it ran to 42).
  public func lines(fitting width: Int) -> [StyledLine] {
    let longest = max(rows.map { DisplayWidth.of($0.typeName) }.max() ?? 0, 4)
    let (alive, released) = (5, 8)
    let gap = longest + 2 * 2 + alive + released <= width ? 2 : 1
    let nameWidth = max(min(longest, width - 2 * gap - alive - released), 4)
    func row(_ name: String, _ counts: (String, String)) -> String {
      DisplayWidth.pad(DisplayWidth.truncateMiddle(name, to: nameWidth), to: nameWidth) + DisplayWidth.spaces(gap)
        + DisplayWidth.spaces(alive - counts.0.count) + counts.0 + DisplayWidth.spaces(gap)
        + DisplayWidth.spaces(released - counts.1.count) + counts.1
    }
    return [StyledLine(row("type", ("alive", "released")), style: TextStyle(isBold: true))]
      + rows.map { StyledLine(row($0.typeName, (String($0.alive), String($0.released)))) }
  }
}
