import TerminalText
import TextSafety

/// A code block in a box of its own, in the code colour, its language on the
/// top edge.
///
/// Lines are never re-wrapped: one wider than the box is cut and
/// ends in the theme's cut mark. Tabs stop every four columns.
///
///     ┌─ swift ───────────┐
///     │ let answer = 42   │
///     └───────────────────┘
struct CodeBlockBox {
  let theme: MarkdownTheme

  static let tabStop = 4

  /// The box for `code`, at most `width` columns wide (at least 5).
  func lines(code: String, language: String, width: Int) -> [[StyledSpan]] {
    var rows: [(text: String, width: Int)] = []
    var longest = 0
    // Split by bytes: as Characters, "\r\n" is one and would not split.
    for bytes in code.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line = Substring(bytes)
      let text = TextSanitizer.clean(line.contains("\t") ? Self.expandingTabs(line) : String(line))
      let columns = StyledWrapper.columns(Substring(text))
      rows.append((text, columns))
      longest = max(longest, columns)
    }
    // The text ends with a line break: no line after it.
    if rows.last?.text.isEmpty == true { rows.removeLast() }

    let label = TextSanitizer.clean(language)
    let labelWidth = DisplayWidth.of(label)
    let inner = max(min(max(longest, label.isEmpty ? 1 : labelWidth + 2), width - 4), 1)
    let box = theme.box
    let horizontal = theme.rule

    var top = box.topLeft
    if label.isEmpty {
      top += String(repeating: horizontal, count: inner + 2)
    } else {
      let shown = DisplayWidth.truncate(label, to: max(inner - 2, 1), ellipsis: theme.cut)
      top += horizontal + " " + shown + " "
      top += String(repeating: horizontal, count: max(inner - 1 - DisplayWidth.of(shown), 0))
    }
    var lines: [[StyledSpan]] = [[StyledSpan(top + box.topRight, style: theme.frame)]]
    let cutWidth = DisplayWidth.of(theme.cut)
    for row in rows {
      var line = [StyledSpan(box.vertical + " ", style: theme.frame)]
      if row.width <= inner {
        line.append(StyledSpan(row.text + MarkdownLines.spaces(inner - row.width), style: theme.code))
      } else {
        let kept = DisplayWidth.truncate(row.text, to: max(inner - cutWidth, 0), ellipsis: "")
        let padding = MarkdownLines.spaces(inner - cutWidth - DisplayWidth.of(kept))
        line.append(StyledSpan(kept + padding, style: theme.code))
        line.append(StyledSpan(theme.cut, style: theme.frame))
      }
      line.append(StyledSpan(" " + box.vertical, style: theme.frame))
      lines.append(line)
    }
    lines.append([
      StyledSpan(
        box.bottomLeft + String(repeating: horizontal, count: inner + 2) + box.bottomRight, style: theme.frame)
    ])
    return lines
  }

  /// `line` with each tab replaced by the spaces up to the next tab stop.
  static func expandingTabs(_ line: Substring) -> String {
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
