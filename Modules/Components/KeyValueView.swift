import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// Labelled values in two aligned columns, across the terminal's width.
///
/// For example:
///
///       Name           Ada Lovelace
///       Member since   29 November 2026
///
/// A value too long for its column wraps under itself (at most
/// ``longestValueRows`` rows, the last cut), rather than being cut short.
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
  /// The key column is at least this wide: two views one above the other
  /// (a place's facts and its details) pass the wider one's to align.
  public var minimumKeyWidth: Int

  /// Rows a single value may take; a service's megabyte stays a few lines.
  public static let longestValueRows = 4

  public init(_ rows: [Row], minimumKeyWidth: Int = 0) {
    self.rows = rows
    self.minimumKeyWidth = minimumKeyWidth
  }

  /// The width of the widest key of `rows`.
  public static func keyWidth(of rows: [Row]) -> Int {
    rows.map { DisplayWidth.of($0.key) }.max() ?? 0
  }

  /// Values narrower than this beside their keys go under them instead.
  static let narrowestValueColumn = 16

  public func lines(in context: RenderContext) -> [StyledLine] {
    let keyWidth = max(Self.keyWidth(of: rows), minimumKeyWidth)
    let width = Spacing.fullWidth(context)
    guard width - Spacing.indent - keyWidth - Spacing.gutter >= Self.narrowestValueColumn else {
      return stacked(width: width)
    }
    let valueWidth = width - Spacing.indent - keyWidth - Spacing.gutter
    let continuation = String(repeating: " ", count: Spacing.indent + keyWidth + Spacing.gutter)
    return rows.flatMap { pair in
      let value = TextSanitizer.clean(pair.value, limit: valueWidth * Self.longestValueRows)
      var parts = DisplayWidth.of(value) <= valueWidth ? [value] : DisplayWidth.wrap(value, to: valueWidth)
      // A web address is never split: too long for the column, it goes
      // under its key, where it has the width (at 40 columns a place's
      // website ran to 44).
      if parts.contains(where: { DisplayWidth.of($0) > valueWidth }) { return Self.stacked(pair, width: width) }
      if parts.count > Self.longestValueRows {
        parts = Array(parts.prefix(Self.longestValueRows))
        parts[parts.count - 1] = DisplayWidth.truncate(parts[parts.count - 1] + " …", to: valueWidth)
      }
      let first =
        StyledLine(Spacing.indentation()).appending(
          StyledSpan(DisplayWidth.pad(pair.key, to: keyWidth + Spacing.gutter), style: Palette.muted)
        ).appending(StyledSpan(parts.first ?? "", style: Self.style(of: pair.value)))
      return [first] + parts.dropFirst().map { StyledLine(continuation + $0) }
    }
  }

  /// A value that is a web address leads there (clickable on a terminal
  /// that knows OSC 8); any other is plain.
  static func style(of value: String) -> TextStyle {
    let lowered = value.prefix(8).lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !value.contains(" ") else { return .plain }
    return TextStyle(link: value)
  }

  /// Each key on its line, its value under it: for a terminal too narrow
  /// for two columns.
  private func stacked(width: Int) -> [StyledLine] {
    rows.flatMap { Self.stacked($0, width: width) }
  }

  /// A key on its line, its value under it.
  private static func stacked(_ pair: Row, width: Int) -> [StyledLine] {
    let indent = Spacing.indentation(2)
    let room = max(width - indent.count, 8)
    let value = TextSanitizer.clean(pair.value, limit: room * longestValueRows)
    let parts = Array(DisplayWidth.wrap(value, to: room).prefix(longestValueRows))
    return [StyledLine(Spacing.indentation()).appending(StyledSpan(pair.key, style: Palette.muted))]
      + parts.map { StyledLine(indent).appending(StyledSpan($0, style: style(of: pair.value))) }
  }
}
