import TerminalKit

/// A piece of inline content: sanitised text in one style, or a hard break.
enum InlineItem: Equatable {
  case text(String, TextStyle)
  case lineBreak
}

/// One laid-out line and the columns it takes.
struct WrappedLine {
  var spans: [StyledSpan]
  var width: Int
}

/// Fills lines of at most `width` columns with styled text, breaking at
/// spaces (runs of spaces count as one) and cutting a word wider than a line.
///
/// A word may cross styles (`**bold**er` is one word). Adjacent text in one
/// style shares a span. Linear in the text: each piece is measured once.
struct StyledWrapper {
  let width: Int
  private var lines: [WrappedLine] = []
  private var line: [StyledSpan] = []
  private var lineWidth = 0
  private var word: [StyledSpan] = []
  private var wordWidth = 0
  /// The style of the space seen since the line's last word, if any; a space
  /// keeps the style it was written in (an underlined link stays unbroken).
  private var space: TextStyle?

  init(width: Int) {
    self.width = max(width, 1)
  }

  /// `items` wrapped to `width`; no empty lines at either end.
  static func wrap(_ items: [InlineItem], width: Int) -> [WrappedLine] {
    var wrapper = StyledWrapper(width: width)
    for item in items {
      switch item {
      case .text(let text, let style): wrapper.add(text, style: style)
      case .lineBreak: wrapper.breakLine()
      }
    }
    return wrapper.finish()
  }

  /// `items` on as few lines as their hard breaks allow.
  static func unwrapped(_ items: [InlineItem]) -> [WrappedLine] {
    wrap(items, width: Int.max / 4)
  }

  mutating func add(_ text: String, style: TextStyle) {
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == 0x20 {
        if start != index { addToWord(Substring(text.unicodeScalars[start..<index]), style: style) }
        placeWord()
        space = style
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if start != utf8.endIndex { addToWord(Substring(text.unicodeScalars[start..<utf8.endIndex]), style: style) }
  }

  mutating func breakLine() {
    placeWord()
    endLine()
  }

  mutating func finish() -> [WrappedLine] {
    placeWord()
    if !line.isEmpty { endLine() }
    while let last = lines.last, last.spans.isEmpty { lines.removeLast() }
    guard let firstWithText = lines.firstIndex(where: { !$0.spans.isEmpty }) else { return [] }
    return firstWithText == 0 ? lines : Array(lines[firstWithText...])
  }

  private mutating func addToWord(_ piece: Substring, style: TextStyle) {
    Self.append(piece, style: style, to: &word)
    wordWidth += Self.columns(piece)
  }

  private mutating func placeWord() {
    guard !word.isEmpty else { return }
    defer {
      word.removeAll(keepingCapacity: true)
      wordWidth = 0
      space = nil
    }
    if !line.isEmpty {
      let joiner = space == nil ? 0 : 1
      if lineWidth + joiner + wordWidth <= width {
        if let space { Self.append(" ", style: space, to: &line) }
        for span in word { Self.append(Substring(span.text), style: span.style, to: &line) }
        lineWidth += joiner + wordWidth
        return
      }
      endLine()
    }
    if wordWidth <= width {
      line = word
      lineWidth = wordWidth
      return
    }
    cutWord()
  }

  /// A word wider than a line, cut into line-wide pieces; the last piece
  /// starts the line the next word joins.
  private mutating func cutWord() {
    for span in word {
      let text = span.text
      if text.utf8.allSatisfy({ $0 < 0x80 }) {
        // ASCII: one column a byte, so cut by counting.
        var rest = Substring(text)
        while !rest.isEmpty {
          if lineWidth >= width { endLine() }
          let piece = rest.prefix(width - lineWidth)
          Self.append(piece, style: span.style, to: &line)
          lineWidth += piece.utf8.count
          rest = rest.dropFirst(piece.count)
        }
        continue
      }
      for character in text {
        let columns = DisplayWidth.of(String(character))
        if lineWidth + columns > width, lineWidth > 0 { endLine() }
        Self.append(Substring(String(character)), style: span.style, to: &line)
        lineWidth += columns
      }
    }
  }

  private mutating func endLine() {
    lines.append(WrappedLine(spans: line, width: lineWidth))
    line = []
    lineWidth = 0
    space = nil
  }

  static func append(_ text: Substring, style: TextStyle, to spans: inout [StyledSpan]) {
    if let last = spans.indices.last, spans[last].style == style {
      spans[last].text += text
    } else {
      spans.append(StyledSpan(String(text), style: style))
    }
  }

  /// Columns of sanitised text: ASCII counted by bytes, the rest by
  /// ``DisplayWidth``.
  static func columns(_ text: Substring) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      for byte in bytes where byte >= 0x80 { return nil }
      return bytes.count
    }
    if let count = ascii ?? nil { return count }
    return DisplayWidth.of(String(text))
  }
}
