import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// A numbered list; the numbers are what `open N` and friends take.
///
///        1. Title                     detail
///           subtitle
///
/// The list takes the terminal's whole width. Where the titles do not fit
/// beside their details (a narrow terminal), each row is stacked instead,
/// its title wrapped and its detail under it, so that no name is cut:
///
///        5. Edifício Itália
///           São Paulo  tourism · 1.2 km
///
/// Items with ``Item/columns`` are rows of a table instead: one line each
/// where the width allows, the title column as wide as its longest title
/// or the room left, the last column taking what remains (see
/// `ListView+Columns.swift`).
public struct ListView {
  public struct Item: Equatable {
    public var title: String
    public var subtitle: String?
    /// The detail column, in its styles (muted unless said otherwise).
    public var detailSpans: [StyledSpan]
    /// The row's cells after the title (category, distance, city), the last
    /// one flexible; empty for a list of title, detail and subtitle.
    public var columns: [Cell] = []
    /// The number shown, when it is not the row's place in the list: a
    /// filtered view keeps each row's number, so `open N` acts on it.
    public var number: Int?
    /// Offsets of the title's characters to highlight (a filter's matches).
    public var highlights: Set<Int> = []

    public init(title: String, subtitle: String? = nil, detail: String? = nil) {
      self.init(
        title: title, subtitle: subtitle, detailSpans: detail.map { [StyledSpan($0, style: Palette.muted)] } ?? [])
    }

    /// An item whose detail has styles of its own (a setting's `on` that
    /// stands out from its `off`).
    public init(title: String, subtitle: String? = nil, detailSpans: [StyledSpan]) {
      self.title = title
      self.subtitle = subtitle
      self.detailSpans = detailSpans.filter { !$0.text.isEmpty }
    }

    /// The detail as text, cleaned.
    public var detail: String? {
      detailSpans.isEmpty ? nil : detailSpans.map { TextSanitizer.clean($0.text) }.joined()
    }
  }

  public var items: [Item]
  /// The number of the first item (1 unless the list continues another).
  public var firstNumber: Int

  /// Titles narrower than this beside their details are stacked instead.
  static let narrowestTitleColumn = 20

  public init(_ items: [Item], firstNumber: Int = 1) {
    self.items = items
    self.firstNumber = firstNumber
  }

  /// The number shown for the item at `offset`.
  func number(at offset: Int) -> Int {
    items[offset].number ?? firstNumber + offset
  }

  /// Columns the widest number takes.
  var numberWidth: Int {
    let widest = items.indices.lazy.map { number(at: $0) }.max() ?? 1
    return String(max(widest, 1)).count
  }

  public func lines(in context: RenderContext) -> [StyledLine] {
    if items.contains(where: { !$0.columns.isEmpty }) { return rows(in: context) }
    let numberWidth = numberWidth
    let width = Spacing.fullWidth(context)
    let textIndent = Spacing.indent + numberWidth + 2
    let details = items.map { $0.detail ?? "" }
    let detailWidth = details.lazy.map(DisplayWidth.of).max() ?? 0
    let titleRoom = max(width - textIndent - (detailWidth > 0 ? detailWidth + Spacing.gutter : 0), 1)
    // Each width is measured once: lists can be long.
    var titles: [String] = []
    var titleWidths: [Int] = []
    titles.reserveCapacity(items.count)
    titleWidths.reserveCapacity(items.count)
    for item in items {
      let title = TextSanitizer.clean(item.title)
      titles.append(title)
      titleWidths.append(DisplayWidth.of(title))
    }
    let layout = Layout(
      numberWidth: numberWidth, textIndent: textIndent, width: width, details: details, detailWidth: detailWidth)
    if titleRoom < Self.narrowestTitleColumn, titleWidths.contains(where: { $0 > titleRoom }) {
      return stacked(titles: titles, layout: layout, context: context)
    }
    return table(titles: cut(titles, widths: titleWidths, to: titleRoom), layout: layout, context: context)
  }

  private struct Layout {
    let numberWidth: Int
    let textIndent: Int
    let width: Int
    let details: [String]
    let detailWidth: Int
  }

  /// A title as its row shows it: cut to its column, and where a filter's
  /// matched letters went.
  struct ShownTitle {
    var text: String
    var width: Int
    /// For a title cut in the middle, the letters kept before its `…` and
    /// how many were left out there; nil for a title whole or cut at its
    /// end.
    var middleCut: (head: Int, removed: Int)?

    /// The offsets in ``text`` of the title's matched letters `matches`:
    /// those after a middle cut move back by what it left out, those in it
    /// go (and the `…` is never one).
    func shown(_ matches: Set<Int>) -> Set<Int> {
      guard let (head, removed) = middleCut, !matches.isEmpty else { return matches }
      return Set(
        matches.compactMap { offset in
          offset < head ? offset : offset >= head + removed ? offset - removed + 1 : nil
        })
    }
  }

  /// Titles longer than `room` cut to it at the end; where two would then
  /// read the same, or where the end cut hides a filter's matched letters
  /// that a cut in the middle shows, cut in the middle instead, keeping both
  /// ends: rows stay told apart, and `filter ending1` underlines the end
  /// that matched.
  func cut(_ titles: [String], widths: [Int], to room: Int) -> [ShownTitle] {
    var cut = zip(titles, widths).map { title, width in
      ShownTitle(text: width > room ? DisplayWidth.truncate(title, to: room) : title, width: 0)
    }
    var seen: [String: Int] = [:]
    for (index, title) in cut.enumerated() where widths[index] > room {
      seen[title.text, default: 0] += 1
    }
    for index in cut.indices where widths[index] > room {
      let matches = items[index].highlights
      let isAlike = (seen[cut[index].text] ?? 0) > 1
      // The letters an end cut keeps: all of its text but the `…`.
      let kept = matches.isEmpty ? 0 : cut[index].text.count - 1
      let hidden = matches.contains { $0 >= kept }
      guard isAlike || hidden, let (head, tail) = DisplayWidth.middleCut(titles[index], to: room) else { continue }
      let middle = ShownTitle(
        text: head + "…" + tail, width: 0,
        middleCut: (head.count, titles[index].count - head.count - tail.count))
      if isAlike || middle.shown(matches).count > matches.count(where: { $0 < kept }) {
        cut[index] = middle
      }
    }
    for index in cut.indices {
      cut[index].width = DisplayWidth.of(cut[index].text)
    }
    return cut
  }

  func label(_ offset: Int, numberWidth: Int) -> StyledSpan {
    StyledSpan(Self.numberLabel(number(at: offset), width: Spacing.indent + numberWidth), style: Palette.muted)
  }

  /// `number` right-aligned in `width` columns, then `. `: written as
  /// bytes at once (three strings joined were 7% of drawing 10,000 rows).
  static func numberLabel(_ number: Int, width: Int) -> String {
    guard number >= 0 else { return DisplayWidth.spaces(width - String(number).count) + String(number) + ". " }
    var digits = 1
    var rest = number
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    let columns = max(width, digits)
    return String(unsafeUninitializedCapacity: columns + 2) { bytes in
      var value = number
      for index in stride(from: columns - 1, through: 0, by: -1) {
        let isDigit = index >= columns - digits
        bytes[index] = isDigit ? UInt8(ascii: "0") + UInt8(value % 10) : UInt8(ascii: " ")
        value /= 10
      }
      bytes[columns] = UInt8(ascii: ".")
      bytes[columns + 1] = UInt8(ascii: " ")
      return columns + 2
    }
  }

  private func table(titles: [ShownTitle], layout: Layout, context: RenderContext) -> [StyledLine] {
    let titleWidth = titles.lazy.map { $0.width }.max() ?? 0
    let subtitleIndent = DisplayWidth.spaces(layout.textIndent)
    let subtitleRoom = max(layout.width - layout.textIndent, 8)

    var lines: [StyledLine] = []
    lines.reserveCapacity(items.count * 2)
    for (offset, item) in items.enumerated() {
      var line = StyledLine([label(offset, numberWidth: layout.numberWidth)])
      Self.appendHighlighted(
        titles[offset].text, matches: titles[offset].shown(item.highlights), context: context, to: &line.spans)
      if !layout.details[offset].isEmpty {
        line.spans.append(StyledSpan(DisplayWidth.spaces(titleWidth + Spacing.gutter - titles[offset].width)))
        line.spans += item.detailSpans
      }
      lines.append(line)
      if let subtitle = item.subtitle {
        lines.append(
          StyledLine(subtitleIndent + DisplayWidth.truncate(TextSanitizer.clean(subtitle), to: subtitleRoom)))
      }
    }
    return lines
  }

  private func stacked(titles: [String], layout: Layout, context: RenderContext) -> [StyledLine] {
    let indent = DisplayWidth.spaces(layout.textIndent)
    let room = max(layout.width - layout.textIndent, 8)
    var lines: [StyledLine] = []
    for (offset, item) in items.enumerated() {
      lines += wrappedTitle(
        titles[offset], offset: offset, numberWidth: layout.numberWidth, room: room, context: context)
      let subtitle = item.subtitle.map { DisplayWidth.truncate(TextSanitizer.clean($0), to: room) }
      let detail = layout.details[offset]
      switch (subtitle, detail.isEmpty) {
      case (let subtitle?, false)
      where DisplayWidth.of(subtitle) + Spacing.gutter + DisplayWidth.of(detail) <= room:
        lines.append(
          StyledLine([StyledSpan(indent + subtitle + DisplayWidth.spaces(Spacing.gutter))] + item.detailSpans)
        )
      default:
        if let subtitle { lines.append(StyledLine(indent + subtitle)) }
        if !detail.isEmpty { lines.append(StyledLine([StyledSpan(indent)] + item.detailSpans)) }
      }
    }
    return lines
  }
}
