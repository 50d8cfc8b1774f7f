import TextSafety

/// A code block made ready to draw: its lines sanitised, tabs expanded and
/// measured, and their tokens when it is highlighted.
///
/// Needs no theme or width: made once, it can be drawn at any width.
struct PreparedCode: Sendable {
  /// One line of code as it will be shown.
  struct Row: Sendable {
    var text: String
    var width: Int
  }

  var rows: [Row] = []
  var longest = 0
  /// The highlighter's tokens over the rows joined by line breaks; nil
  /// when not highlighted (no colour, a language it does not know).
  var tokens: [SyntaxToken]?

  init(code: String, language: String, highlights: Bool) {
    // Split by bytes: as Characters, "\r\n" is one and would not split.
    for bytes in code.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line = Substring(bytes)
      // A byte looked for, not `contains("\t")`: Foundation's search took
      // 5,600 instructions a line.
      let text = TextSanitizer.clean(bytes.contains(0x09) ? CodeBlockBox.expandingTabs(line) : String(line))
      let columns = StyledWrapper.columns(Substring(text))
      rows.append(Row(text: text, width: columns))
      longest = max(longest, columns)
    }
    // The text ends with a line break: no line after it.
    if rows.last?.text.isEmpty == true { rows.removeLast() }
    // The highlighter sees the sanitised text only: nothing it returns can
    // point at an escape sequence, and offsets match what is drawn.
    if highlights {
      tokens = SyntaxHighlighter.tokens(in: rows.map(\.text).joined(separator: "\n"), language: language)
    }
  }
}
