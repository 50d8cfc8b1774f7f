import TextWidth

/// Rows of a one-shot command's human output, as gh prints them.
///
/// Fields are separated by tabs when piped (for `cut` and `awk`), in
/// aligned columns on a terminal. Fields arrive cleaned (no tabs or line
/// breaks in them).
public enum ShellRows {
  public static func lines(_ rows: [[String]], aligned: Bool) -> String {
    guard aligned else { return rows.map { $0.joined(separator: "\t") + "\n" }.joined() }
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in
      rows.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
    }
    return rows.map { row in
      let padded = row.enumerated().map { column, field in
        column == row.count - 1 ? field : DisplayWidth.pad(field, to: widths[column])
      }
      return ArgumentLine.trimmedEnd(padded.joined(separator: "  ")) + "\n"
    }.joined()
  }
}

/// The JSON one-shot commands print: every document starts with its
/// `schema_version`, raised when a member changes meaning or goes away.
public enum ShellJSON {
  public static let schemaVersion = 1
}
