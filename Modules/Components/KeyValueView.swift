import DesignSystem
import TerminalKit

/// Labelled values in two aligned columns:
///
///       Name           Ada Lovelace
///       Member since   29 November 2026
public struct KeyValueView {
  /// A label and its value.
  public struct Row: Equatable, Sendable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
      self.key = key
      self.value = value
    }

    /// A row, or nil when there is no value to show.
    public init?(_ key: String, _ value: String?) {
      guard let value else { return nil }
      self.init(key, value)
    }
  }

  public var rows: [Row]

  public init(_ rows: [Row]) {
    self.rows = rows
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    let keyWidth = rows.map { DisplayWidth.of($0.key) }.max() ?? 0
    let valueWidth = max(Spacing.contentWidth(context) - Spacing.indent - keyWidth - Spacing.gutter, 8)
    return rows.map { pair in
      StyledLine(Spacing.indentation())
        + StyledSpan(DisplayWidth.pad(pair.key, to: keyWidth + Spacing.gutter), style: Palette.muted)
        + StyledSpan(DisplayWidth.truncate(TextSanitizer.clean(pair.value), to: valueWidth))
    }
  }
}
