import Commands

/// What can be typed on the Bookmarks list, as the command table parses it.
enum BookmarksCommand: Sendable, Equatable {
  case list
  case filter(String)
  case open(Int?)
  case remove(Int?)
  case undo
  case export(path: String, replacing: Bool)
  case importFile(path: String)

  static let force = Flag("--force", summary: "Replace a file that exists")

  /// The table, for a list of `rows` bookmarks now.
  static func specs(rows: Int) -> [CommandSpec<BookmarksCommand>] {
    let number = Parameter.row(count: rows, meaning: BookmarksWording.numberMeaning(count: rows))
    return [
      CommandSpec("list", summary: "Show your bookmarks again", action: .list),
      CommandSpec(
        "filter", Parameter("TEXT", .text, isOptional: true, meaning: "TEXT is what to look for"),
        summary: "Keep bookmarks whose name, city, category, description or language has TEXT; alone, clear"
      ) { .filter($0.text) },
      CommandSpec("open", number, summary: "Show bookmark N") { .open($0.number) },
      CommandSpec("remove", number, summary: "Remove bookmark N (undo brings it back)") { .remove($0.number) },
      CommandSpec("undo", summary: "Bring back the bookmark removed last; again, the one before", action: .undo),
      CommandSpec(
        "export",
        Parameter(
          "FILE", .text,
          meaning: "FILE is where to write them, e.g. bookmarks.json or places.geojson; - shows them here"),
        flags: [force], summary: "Write your bookmarks to FILE (JSON; FILE.geojson: the places, for maps; -: here)"
      ) { .export(path: $0.text, replacing: $0.has(force.name)) },
      CommandSpec(
        "import", Parameter("FILE", .text, meaning: "FILE is a JSON file written by export"),
        summary: "Add the bookmarks of a file written by export"
      ) { .importFile(path: $0.text) },
    ]
  }
}
