import Commands

/// What can be typed on Home's list, as the command table parses it.
enum NearbyCommand: Sendable, Equatable {
  case nearby
  case more
  case filter(String)
  case category(String)
  case city(String)
  case use(Int?)
  case open(Int?)
  case refresh
  case map

  /// What the table is made from.
  struct TableInputs: Equatable {
    var rows: Int
    var cities: Int
    var categories: [String]
  }

  /// The table, for `rows` places listed, `cities` found by the last city
  /// search, and the `categories` the filter takes now (none when it is off).
  static func specs(rows: Int, cities: Int, categories: [String]) -> [CommandSpec<NearbyCommand>] {
    [
      CommandSpec("nearby", summary: "Show the list of places again", action: .nearby),
      CommandSpec("more", summary: "Show the next page of places", action: .more),
      CommandSpec(
        "filter",
        Parameter("TEXT", .text, isOptional: true, meaning: "TEXT is letters of a name or city, in order (csj)"),
        summary: "Keep places matching TEXT (fuzzy, best first); alone, clear"
      ) { .filter($0.text) },
      CommandSpec(
        "category",
        Parameter("NAME", .text, isOptional: true, meaning: "NAME is a category", completions: categories),
        summary: "Keep one category (when the flag is on); alone, clear"
      ) { .category($0.text) },
      CommandSpec(
        "city", Parameter("NAME", .text, isOptional: true, meaning: "NAME is a city's name"),
        summary: "Find a city to move to; alone, back to the default place"
      ) { .city($0.text) },
      CommandSpec(
        "use", .row(count: cities, meaning: NearbyWording.cityNumberMeaning(count: cities)),
        summary: "Move to city N of the last search"
      ) { .use($0.number) },
      CommandSpec(
        "open", .row(count: rows, meaning: NearbyWording.rowNumberMeaning(count: rows)), summary: "Show place N"
      ) { .open($0.number) },
      CommandSpec("refresh", summary: "Load the list again from the start", action: .refresh),
      CommandSpec("map", summary: "Draw the listed places around you", action: .map),
    ]
  }
}
