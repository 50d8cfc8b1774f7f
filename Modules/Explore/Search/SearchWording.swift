import Commands
import Components
import Foundation
import TextSafety

/// The sentences of the search screen.
enum SearchWording {
  /// Results of a page left out as invalid.
  static func dropped(_ count: Int) -> String {
    "\(count) result\(count == 1 ? " was" : "s were") left out: GitHub sent no valid name."
  }

  static let example = "search tui language:swift stars:>100"
  static let retryAdvice = "Type search QUERY to try again."
  /// How the list and `open N` say a filter that hides every result is cleared.
  static let clearFilter = "Type filter alone to clear."
  /// The orders `sort` takes, as typed.
  static let sortNames = SearchSort.allCases.map(\.rawValue)

  static func sentence(for problem: SearchProblem) -> String {
    switch problem {
    case .emptyQuery:
      "Type what to search for: search QUERY (GitHub's qualifiers work, e.g. \(example))."
    case .queryTooLong(let limit):
      "A search can be at most \(limit) characters long."
    case .controlCharacters:
      "A search cannot contain control characters."
    case .unknownSort(let name):
      "There is no order '\(TextSanitizer.visible(name, limit: 40))'. Use sort \(Phrase.list(sortNames, "or"))."
    case .noSearchYet:
      "Search first: search QUERY."
    case .everyResultLoaded(let count):
      "That is every repository found: \(ExploreFormatting.count(count)) in all."
    case .searchCapReached(let total):
      "GitHub serves only the first 1,000 of the \(ExploreFormatting.count(total)) results. "
        + "Narrow the search to reach others (add language:, stars: or user:)."
    case .moreFailed(.cancelled):
      "Loading more was cancelled."
    case .searchFailed(.cancelled):
      "The search was cancelled."
    case .moreFailed(.failed(let reason)):
      reason
    case .searchFailed(.failed(let reason)):
      reason + " The results above are still the last ones."
    case .nothingToOpen(let hasSearched):
      hasSearched
        ? "There is no repository to open here: the search found none."
        : "There is no repository to open here. Search first: search QUERY."
    case .noneMatchesFilter:
      "There is no repository to open here: no loaded result matches the filter. \(clearFilter)"
    case .notListed(let number, let shown):
      RowNumber.notShown("Repository", number: number, shown: shown)
    case .notAName(let typed):
      "'\(typed)' is not a GitHub name like owner/name."
    case .noSuchResult(let number, let count):
      "There is no result \(number.map(String.init) ?? "like that"). "
        + (count == 1 ? "1 is the only one." : "Choose a number from 1 to \(count).")
    }
  }

  /// How a problem is marked: Ctrl-C is the REPL's to say; the end of the
  /// results is information, not an error.
  static func kind(of problem: SearchProblem) -> Message.Kind {
    switch problem {
    case .moreFailed(.cancelled), .searchFailed(.cancelled): .cancellation
    case .everyResultLoaded, .searchCapReached: .information
    default: .error
    }
  }

  /// What `open N` takes, for its usage line.
  static func rowNumberMeaning(count: Int) -> String {
    switch count {
    case 0: "N is a result's number (search first with search QUERY), OWNER/NAME a repository's name"
    case 1: "N is a result's number, and 1 is the only one; OWNER/NAME a repository's name"
    default: "N is a result's number, 1–\(count); OWNER/NAME a repository's name"
    }
  }

  static func failure(_ failure: ExploreFailure) -> String {
    switch failure {
    case .cancelled: "The search was cancelled."
    case .failed(let reason): reason
    }
  }

  static func lowRateLimit(_ limit: RateLimit, now: Date) -> String {
    "Only \(limit.remaining) GitHub request\(limit.remaining == 1 ? "" : "s") left; "
      + GitHubError.reset(limit.resetsAt, now: now) + (limit.withToken ? "." : ". Set GITHUB_TOKEN for a higher limit.")
  }

  /// `Showing 30 of 1,234 repositories for tui, most stars first`.
  /// Above a filtered list: `Showing 3 of 30 loaded: name or description matches "tet".`
  static func filtered(_ count: Int, of loaded: Int, filter: String) -> String {
    "Showing \(ExploreFormatting.count(count)) of \(ExploreFormatting.count(loaded)) loaded: "
      + "name or description matches \"\(TextSanitizer.clean(filter, limit: 40))\"."
  }

  static func showing(_ shown: Int, of total: Int, query: String, sort: SearchSort) -> String {
    let order =
      switch sort {
      case .best: ""
      case .stars: ", most stars first"
      case .forks: ", most forks first"
      case .updated: ", most recently updated first"
      }
    return "Showing \(ExploreFormatting.count(shown)) of \(ExploreFormatting.count(total)) "
      + "\(total == 1 ? "repository" : "repositories") for \(query)\(order)"
  }

  static func reachedCap(total: Int) -> String {
    "That is as far as GitHub goes: it serves the first 1,000 of the \(ExploreFormatting.count(total)) results. "
      + "Narrow the search to reach others (add language:, stars: or user:)."
  }
}
