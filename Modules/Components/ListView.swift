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
    let detailWidth = details.lazy.map(DisplayWidth.of).max() ?? 0
    let titleRoom = max(width - textIndent - (detailWidth > 0 ? detailWidth + Spacing.gutter : 0), 8)
    // Each width is measured once: lists can be long.
    var titles: [String] = []
    var titleWidths: [Int] = []
    titles.reserveCapacity(items.count)
    titleWidths.reserveCapacity(items.count)
    for item in items {
      var title = TextSanitizer.clean(item.title)
      var columns = DisplayWidth.of(title)
      if columns > titleRoom {
        title = DisplayWidth.truncate(title, to: titleRoom)
        columns = DisplayWidth.of(title)
      }
      titles.append(title)
      titleWidths.append(columns)
    }
    let titleWidth = titleWidths.max() ?? 0
    let padding = (0...(titleWidth + Spacing.gutter)).map { String(repeating: " ", count: $0) }
    let subtitleIndent = String(repeating: " ", count: textIndent)
    let subtitleRoom = max(width - textIndent, 8)

    var lines: [StyledLine] = []
    lines.reserveCapacity(items.count * 2)
    for (offset, item) in items.enumerated() {
      let number = String(firstNumber + offset)
      let label = padding[Spacing.indent + numberWidth - number.count] + number + ". "
      if details[offset].isEmpty {
        lines.append(
          StyledLine([StyledSpan(label, style: Palette.muted), StyledSpan(titles[offset], style: Palette.emphasis)]))
      } else {
        lines.append(
          StyledLine([
            StyledSpan(label, style: Palette.muted),
            StyledSpan(titles[offset], style: Palette.emphasis),
            StyledSpan(padding[titleWidth + Spacing.gutter - titleWidths[offset]]),
            StyledSpan(details[offset], style: Palette.muted),
          ]))
      }
      if let subtitle = item.subtitle {
        lines.append(
          StyledLine(subtitleIndent + DisplayWidth.truncate(TextSanitizer.clean(subtitle), to: subtitleRoom)))
      }
    }
    return lines
  }
}
