import DesignSystem
import TerminalText
import TextSafety
import TextWidth

/// A code block in a box of its own, its language on the top edge.
///
/// With colour, a block in a language GNU source-highlight knows is
/// highlighted (``SyntaxHighlighter``): keywords, types, strings, comments …
/// each in its ``Palette`` colour; any other block is in the code colour.
/// Without colour nothing is highlighted and the text is as written.
///
/// Code is never cut: a line wider than the box wraps, each part but the
/// last ending in the theme's continuation mark (`↪`, or `\` in ASCII) at
/// the box's right edge. Tabs stop every four columns.
///
///     ┌─ swift ───────────┐
///     │ let answer = 42   │
///     │ print("The answe↪ │
///     │ r is \(answer)")  │
///     └───────────────────┘
struct CodeBlockBox {
  let theme: MarkdownTheme

  static let tabStop = 4

  /// The box for `code`, at most `width` columns wide (at least 5).
  func lines(code: String, language: String, width: Int) -> [[StyledSpan]] {
    lines(PreparedCode(code: code, language: language, highlights: theme.usesColor), language: language, width: width)
  }

  /// The box for a block already prepared.
  func lines(_ code: PreparedCode, language: String, width: Int) -> [[StyledSpan]] {
    let label = TextSanitizer.clean(language)
    let labelWidth = DisplayWidth.of(label)
    let inner = max(min(max(code.longest, label.isEmpty ? 1 : labelWidth + 2), width - 4), 1)
    var lines: [[StyledSpan]] = [top(label: label, inner: inner)]
    let styled = styledRows(code)
    for (row, spans) in zip(code.rows, styled) {
      for part in wrapped(spans, width: row.width, inner: inner) {
        // Room for the margin the renderer puts in front: a full array
        // was made anew for it (550 instructions a line, callgrind).
        var line: [StyledSpan] = []
        line.reserveCapacity(part.count + 2)
        line.append(StyledSpan(theme.box.vertical + " ", style: theme.frame))
        line += part
        lines.append(line)
      }
    }
    let bottom = theme.box.bottomLeft + MarkdownLines.repeated(theme.rule, count: inner + 2) + theme.box.bottomRight
    lines.append([StyledSpan(bottom, style: theme.frame)])
    return lines
  }

  /// The top edge, with the language on it when there is one.
  private func top(label: String, inner: Int) -> [StyledSpan] {
    let horizontal = theme.rule
    var top = theme.box.topLeft
    if label.isEmpty {
      top += MarkdownLines.repeated(horizontal, count: inner + 2)
    } else {
      let shown = DisplayWidth.truncate(label, to: max(inner - 2, 1), ellipsis: theme.cut)
      top += horizontal + " " + shown + " "
      top += MarkdownLines.repeated(horizontal, count: inner - 1 - DisplayWidth.of(shown))
    }
    return [StyledSpan(top + theme.box.topRight, style: theme.frame)]
  }

  /// Each row as styled spans: highlighted when colour is on and the
  /// language is known, else all in the code colour.
  private func styledRows(_ code: PreparedCode) -> [[StyledSpan]] {
    let rows = code.rows
    guard theme.usesColor, let tokens = code.tokens else {
      return rows.map { [StyledSpan($0.text, style: theme.code)] }
    }
    var result: [[StyledSpan]] = []
    result.reserveCapacity(rows.count)
    var next = tokens.startIndex
    var rowStart = 0
    for row in rows {
      let utf8 = row.text.utf8
      let rowEnd = rowStart + utf8.count
      var spans: [StyledSpan] = []
      var position = rowStart
      // Tokens are in order; one may run on over several rows (a comment).
      while next < tokens.endIndex, tokens[next].range.lowerBound < rowEnd {
        let token = tokens[next]
        let start = max(token.range.lowerBound, rowStart)
        let end = min(token.range.upperBound, rowEnd)
        if start > position { spans.append(Self.span(utf8, position - rowStart, start - rowStart, .plain)) }
        spans.append(Self.span(utf8, start - rowStart, end - rowStart, theme.style(of: token.kind)))
        position = end
        if token.range.upperBound > rowEnd { break }
        next += 1
      }
      if position < rowEnd { spans.append(Self.span(utf8, position - rowStart, rowEnd - rowStart, .plain)) }
      result.append(spans)
      rowStart = rowEnd + 1  // the line break between rows
    }
    return result
  }

  private static func span(_ utf8: String.UTF8View, _ from: Int, _ to: Int, _ style: TextStyle) -> StyledSpan {
    let start = utf8.index(utf8.startIndex, offsetBy: from)
    let end = utf8.index(start, offsetBy: to - from)
    return StyledSpan(String(Substring(utf8[start..<end])), style: style)
  }

  /// A row's spans in lines of `inner` columns, padded: one line when it
  /// fits, else parts ending in the continuation mark.
  private func wrapped(_ spans: [StyledSpan], width: Int, inner: Int) -> [[StyledSpan]] {
    let end = StyledSpan(" " + theme.box.vertical, style: theme.frame)
    if width <= inner {
      return [spans + [StyledSpan(MarkdownLines.spaces(inner - width)), end]]
    }
    let mark = theme.continuation
    let markWidth = inner > DisplayWidth.of(mark) ? DisplayWidth.of(mark) : 0
    var breaker = CodeLineBreaker(room: inner - markWidth, inner: inner, remaining: width)
    for span in spans { breaker.add(span) }
    let parts = breaker.finish()
    return parts.enumerated().map { index, part in
      let padding = StyledSpan(
        MarkdownLines.spaces(max(inner - part.width - (index < parts.count - 1 ? markWidth : 0), 0)))
      if index < parts.count - 1, markWidth > 0 {
        return part.spans + [padding, StyledSpan(mark, style: theme.frame), end]
      }
      return part.spans + [padding, end]
    }
  }

  /// `line` with each tab replaced by the spaces up to the next tab stop.
  static func expandingTabs(_ line: Substring) -> String {
    // ASCII, nearly all code: a column a byte, expanded byte by byte
    // (scalar by scalar it took 23,000 instructions a line).
    if line.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(line.utf8.count + tabStop * 2)
      for byte in line.utf8 {
        if byte == 0x09 {
          bytes += repeatElement(0x20, count: tabStop - bytes.count % tabStop)
        } else {
          bytes.append(byte)
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    var result = ""
    result.reserveCapacity(line.utf8.count + tabStop * 2)
    var column = 0
    // By scalar: a combining mark adds no column, a wide one two.
    for scalar in line.unicodeScalars {
      if scalar == "\t" {
        let spaces = tabStop - column % tabStop
        result += MarkdownLines.spaces(spaces)
        column += spaces
      } else {
        result.unicodeScalars.append(scalar)
        column += scalar.isASCII ? 1 : DisplayWidth.of(String(scalar))
      }
    }
    return result
  }
}

/// Breaks one line of code, character by character, into parts of at most
/// `room` columns, the last of which may take `inner` (it needs no mark).
struct CodeLineBreaker {
  let room: Int
  let inner: Int
  /// Columns not yet placed.
  private var remaining: Int
  private var parts: [WrappedLine] = []
  private var current = WrappedLine(spans: [], width: 0)

  init(room: Int, inner: Int, remaining: Int) {
    self.room = max(room, 1)
    self.inner = inner
    self.remaining = remaining
  }

  mutating func add(_ span: StyledSpan) {
    var text = ""
    for character in span.text {
      let width = character.isASCII ? 1 : DisplayWidth.of(String(character))
      var columns = width
      var shown = character
      // A wide character in a box one column wide: a mark in its place,
      // so that no line is wider than the box.
      if columns > room, room < 2 {
        shown = "?"
        columns = 1
      }
      let fitsWithRest = current.width + remaining <= inner
      if !fitsWithRest, current.width + columns > room, current.width > 0 {
        flush(&text, style: span.style)
        parts.append(current)
        current = WrappedLine(spans: [], width: 0)
      }
      text.append(shown)
      current.width += columns
      remaining -= width
    }
    flush(&text, style: span.style)
  }

  private mutating func flush(_ text: inout String, style: TextStyle) {
    guard !text.isEmpty else { return }
    current.spans.append(StyledSpan(text, style: style))
    text = ""
  }

  mutating func finish() -> [WrappedLine] {
    if !current.spans.isEmpty || parts.isEmpty { parts.append(current) }
    return parts
  }
}
