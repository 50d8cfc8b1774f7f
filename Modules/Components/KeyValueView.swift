import DesignSystem
import TerminalKit

/// Labelled values in two aligned columns:
///
///       Name           Ada Lovelace
///       Member since   29 November 2026
public struct KeyValueView {
  public var pairs: [(key: String, value: String)]

  public init(_ pairs: [(key: String, value: String)]) {
    self.pairs = pairs
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    let keyWidth = pairs.map { DisplayWidth.of($0.key) }.max() ?? 0
    let valueWidth = max(Spacing.contentWidth(context) - Spacing.indent - keyWidth - Spacing.gutter, 8)
    return pairs.map { pair in
      StyledLine(Spacing.indentation())
        + StyledSpan(DisplayWidth.pad(pair.key, to: keyWidth + Spacing.gutter), style: Palette.muted)
        + StyledSpan(DisplayWidth.truncate(TextSanitizer.clean(pair.value), to: valueWidth))
    }
  }
}
