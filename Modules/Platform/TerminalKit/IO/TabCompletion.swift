import TerminalConsole
import TextWidth

/// What a Tab press does, the way bash does it: the first Tab completes a
/// word as far as every candidate agrees; when that adds nothing, it rings
/// the bell, and a second Tab on the same line lists the candidates, in
/// columns, once.
struct TabCompletion {
  enum Action: Equatable {
    /// Text to insert at the cursor.
    case insert(String)
    /// Candidates to list under the line, which is then drawn again.
    case list([String])
    /// Nothing to add: ring the bell.
    case bell
  }

  /// The line (text and cursor) as the last Tab left it ambiguous: a Tab
  /// on the very same line is the second of a double Tab.
  private var ambiguousLine: String?

  /// - Parameters:
  ///   - line: the text before the cursor, which identifies a repeated Tab.
  ///   - prefix: the part of the word being completed that is typed.
  ///   - candidates: the words it may become.
  /// - Returns: What the line editor does: complete, list or ring the bell.
  mutating func press(line: String, prefix: String, candidates: [String]) -> Action {
    switch candidates.count {
    case 0:
      ambiguousLine = nil
      return .bell
    case 1:
      ambiguousLine = nil
      return .insert(String(candidates[0].dropFirst(prefix.count)) + " ")
    default:
      let common = CompletionTable.commonPrefix(of: candidates)
      if common.count > prefix.count {
        let added = String(common.dropFirst(prefix.count))
        ambiguousLine = line + added
        return .insert(added)
      }
      guard ambiguousLine == line else {
        ambiguousLine = line
        return .bell
      }
      ambiguousLine = nil
      return .list(candidates)
    }
  }
}

/// Candidates laid out as bash lists them: in columns that fit the width,
/// filled down each column first.
enum CompletionListing {
  static let gap = 2

  static func rows(_ candidates: [String], width: Int) -> [String] {
    guard !candidates.isEmpty else { return [] }
    let widths = candidates.map(DisplayWidth.of)
    let columnWidth = (widths.max() ?? 0) + gap
    let fitting = max(1, (width + gap) / columnWidth)
    let rowCount = (candidates.count + fitting - 1) / fitting
    let columnCount = (candidates.count + rowCount - 1) / rowCount
    return (0..<rowCount).map { row in
      var line = ""
      for column in 0..<columnCount {
        let index = column * rowCount + row
        guard index < candidates.count else { break }
        let isLast = column == columnCount - 1 || index + rowCount >= candidates.count
        line += isLast ? candidates[index] : DisplayWidth.pad(candidates[index], to: columnWidth)
      }
      return line
    }
  }
}
