import DesignSystem
import TerminalKit

/// A numbered list; the numbers are what `open N` and friends take.
///
///        1. Title                     detail
///           subtitle
public struct ListView {
  public struct Item: Equatable {
    public var title: String
    public var subtitle: String?
    public var detail: String?

    public init(title: String, subtitle: String? = nil, detail: String? = nil) {
      self.title = title
      self.subtitle = subtitle
      self.detail = detail
    }
  }

  public var items: [Item]
  /// The number of the first item (1 unless the list continues another).
  public var firstNumber: Int

  public init(_ items: [Item], firstNumber: Int = 1) {
    self.items = items
    self.firstNumber = firstNumber
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    let last = firstNumber + items.count - 1
    let numberWidth = String(max(last, 1)).count
    let width = Spacing.contentWidth(context)
    let textIndent = Spacing.indent + numberWidth + 2
    let details = items.map { $0.detail.map(TextSanitizer.clean) ?? "" }
    let detailWidth = details.map(DisplayWidth.of).max() ?? 0
    let titleRoom = max(width - textIndent - (detailWidth > 0 ? detailWidth + Spacing.gutter : 0), 8)
    let titles = items.map { DisplayWidth.truncate(TextSanitizer.clean($0.title), to: titleRoom) }
    let titleWidth = titles.map(DisplayWidth.of).max() ?? 0

    var lines: [StyledLine] = []
    for (offset, item) in items.enumerated() {
      let number = String(firstNumber + offset)
      let label = String(repeating: " ", count: Spacing.indent + numberWidth - number.count) + number + ". "
      var line = StyledLine(label, style: Palette.muted)
      if details[offset].isEmpty {
        line.append(titles[offset], style: Palette.emphasis)
      } else {
        line.append(DisplayWidth.pad(titles[offset], to: titleWidth + Spacing.gutter), style: Palette.emphasis)
        line.append(details[offset], style: Palette.muted)
      }
      lines.append(line)
      if let subtitle = item.subtitle {
        let text = DisplayWidth.truncate(TextSanitizer.clean(subtitle), to: max(width - textIndent, 8))
        lines.append(StyledLine(String(repeating: " ", count: textIndent)) + StyledSpan(text))
      }
    }
    return lines
  }
}
