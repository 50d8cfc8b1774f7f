import Commands
import Components
import TextSafety

/// The sentences of the Bookmarks tab.
enum BookmarksWording {
  /// How the list and `open N` say a filter that hides every bookmark is cleared.
  static let clearFilter = "Type filter alone to clear."

  static func numberMeaning(count: Int) -> String {
    switch count {
    case 0: "N is a bookmark's number, and there are none yet"
    case 1: "N is a bookmark's number, and 1 is the only one"
    default: "N is a bookmark's number, 1–\(count)"
    }
  }

  /// How a problem is marked: nothing left to undo is information (the
  /// list is as it should be), not a failure.
  static func kind(of problem: BookmarksViewModel.Problem) -> Message.Kind {
    switch problem {
    case .nothingToUndo: .information
    default: .error
    }
  }

  static func sentence(for problem: BookmarksViewModel.Problem) -> String {
    switch problem {
    case .nothingToOpen:
      "There are no bookmarks here. Save a place (favorite) or a repository (bookmark) first."
    case .noneMatchesFilter:
      "No bookmark matches the filter. \(clearFilter)"
    case .notListed(let number, let shown):
      RowNumber.notShown("Bookmark", number: number, shown: shown)
    case .noSuchBookmark(let number, let count):
      "There is no bookmark \(number.map(String.init) ?? "like that"). "
        + (count == 1 ? "1 is the only one." : "Choose a number from 1 to \(count).")
    case .noDetail(let title):
      "\(title) cannot be shown: what was saved is not enough to find it again."
    case .nothingToUndo:
      "There is nothing to undo."
    case .storeFailed(let reason):
      "Your bookmarks could not be changed: \(reason)"
    case .noFileNamed(let command):
      "Name the file: \(command) FILE."
    case .controlCharactersInFileName:
      "That file name has control characters; choose a plain one."
    case .transfer(let error):
      sentence(for: error)
    }
  }

  static func sentence(for error: BookmarksTransferError) -> String {
    switch error {
    case .fileExists(let path):
      "\(shown(path)) already exists. Type the command again with --force to replace it."
    case .noSuchFile(let path):
      "There is no file \(shown(path))."
    case .file(let path, let reason):
      "\(shown(path)) could not be used: \(reason)."
    case .tooLarge(let path, let limit):
      "\(shown(path)) is larger than \(limit) MiB, more than any bookmarks file; nothing was imported."
    case .exportTooLarge(let path, let limit):
      "Your bookmarks would make a file larger than \(limit) MiB, more than an import reads back, so \(shown(path)) was not written."
    case .malformed(let path, let reason, let line, let byte):
      "\(shown(path)) is not a bookmarks file Wayfarer can read: \(reason)"
        + (line.map { " (line \($0)" + (byte.map { ", byte \($0))" } ?? ")") } ?? "")
        + ". Nothing was imported."
    case .geoJSONImport(let path):
      "\(shown(path)) is GeoJSON, which is for maps and holds only part of each place; import the JSON export instead."
    case .unsupportedVersion(let path, let version, let newest):
      "\(shown(path)) is a version \(version) bookmarks file; this Wayfarer reads up to version \(newest). Nothing was imported."
    case .store(let reason):
      "Your bookmarks could not be read or saved: \(reason)"
    }
  }

  static func exported(_ summary: ExportSummary) -> String {
    // The file written, whole: a real path (PATH_MAX at most), never cut,
    // so the person can find it however deep it lies.
    let path = TextSanitizer.clean(summary.path)
    let written = summary.counts.map { $0.kind.count($0.written) }
    var leftOut = summary.counts.filter { $0.leftOut > 0 }.map { "\($0.leftOut) without coordinates left out" }
    if summary.unreadable > 0 {
      leftOut.append("\(summary.unreadable) that could not be read left out (they stay saved)")
    }
    return "Wrote \(written.isEmpty ? "nothing" : Phrase.list(written, "and")) to \(path)"
      + leftOut.map { "; " + $0 }.joined() + "."
  }

  static func imported(_ summary: ImportSummary) -> String {
    let added = "Added \(summary.added) bookmark\(summary.added == 1 ? "" : "s")"
    return summary.skipped == 0 ? added + "." : added + "; skipped \(summary.skipped) already saved or listed twice."
  }

  /// A file name as typed: no escape sequences, not wider than a line.
  private static func shown(_ path: String) -> String {
    TextSanitizer.clean(path, limit: 80)
  }
}
