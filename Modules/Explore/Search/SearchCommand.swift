import Commands

/// What can be typed on Explore's search, as the command table parses it.
enum SearchCommand: Sendable, Equatable {
  case search(String)
  case ask
  case more
  case sort(String)
  case open(Int?)
  case filter(String)
  /// `open OWNER/NAME`: a repository by its name, listed or not.
  case openNamed(String)

  /// The table, for `rows` repositories listed now.
  static func specs(rows: Int) -> [CommandSpec<SearchCommand>] {
    [
      CommandSpec(
        "search",
        Parameter(
          "QUERY", .text, meaning: "QUERY is what to look for; GitHub's qualifiers work (\(SearchWording.example))"),
        summary: "Search GitHub's repositories (qualifiers work)"
      ) { .search($0.text) },
      CommandSpec("ask", summary: "Chat with the assistant (Gemini or an OpenAI-compatible server)", action: .ask),
      CommandSpec("more", summary: "Show the next page of results", action: .more),
      CommandSpec(
        "sort",
        Parameter(
          "", .choice(SearchWording.sortNames),
          meaning: "the order is one of \(Phrase.list(SearchWording.sortNames, "or"))"),
        summary: "Search again in another order"
      ) { .sort($0.word ?? "") },
      CommandSpec(
        "filter",
        Parameter("TEXT", .text, isOptional: true, meaning: "TEXT is letters of a name or description, in order"),
        summary: "Keep results matching TEXT (fuzzy); alone, clear"
      ) { .filter($0.text) },
      CommandSpec(
        "open", .row("N|OWNER/NAME", count: rows, meaning: SearchWording.rowNumberMeaning(count: rows)),
        summary: "Show repository N, or any repository by its name"
      ) { arguments in
        // A word with a slash is a name; anything else is for the number's check.
        if let word = arguments.word, word.contains("/") { .openNamed(word) } else { .open(arguments.number) }
      },
    ]
  }
}
