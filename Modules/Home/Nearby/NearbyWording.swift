import Commands
import Components
import ErrorSentences
import TextSafety

/// The sentences of the nearby list: what its view model reports, in words.
enum NearbyWording {
  static let offlineNotice = "Offline catalog — set GEOAPIFY_API_KEY for live places"
  static let retryAdvice = "Type refresh to try again."
  /// How the list and `open N` say filters that hide every place are cleared.
  static let clearFilters = "Type filter or category alone to clear."
  static let renumbered =
    "The new places include some nearer than those listed: the list is in distance order again, and numbered anew."
  static let keyAdvice =
    "Check GEOAPIFY_API_KEY (keys are made at myprojects.geoapify.com) and start Wayfarer again; without it, Home uses the offline catalog."

  /// How a problem is marked: Ctrl-C is the REPL's to say, and some
  /// answers are information rather than errors.
  static func kind(of problem: NearbyProblem) -> Message.Kind {
    switch problem {
    case .moreFailed(.cancelled): .cancellation
    case .everyPlaceLoaded: .information
    default: .error
    }
  }

  /// What `open N` takes, for its usage.
  static func rowNumberMeaning(count: Int) -> String {
    switch count {
    case 0: "N is a row number, and the list has none yet"
    case 1: "N is a row number, and 1 is the only one"
    default: "N is a row number, 1–\(count)"
    }
  }

  /// What `use N` takes, for its usage.
  static func cityNumberMeaning(count: Int) -> String {
    switch count {
    case 0: "N is a city number from a search; search first with city NAME"
    case 1: "N is a city number, and 1 is the only one found"
    default: "N is a city number, 1–\(count)"
    }
  }

  /// What the person typed, cleaned and in quotes; "that category" when
  /// nothing printable is left of it.
  static func quoted(_ typed: String) -> String {
    let shown = TextSanitizer.visible(typed, limit: 40)
    return shown.isEmpty ? "that category" : "'\(shown)'"
  }

  /// Above the rows `more` added: `Places 21–40 (40 loaded):`.
  ///
  /// `matching`: how many loaded places pass the filters (more than
  /// `last` on a terminal, where a page is what fits the window).
  static func addedRowsHeader(numbers: [Int], matching: Int, loaded: Int, isFiltered: Bool) -> String {
    // Under a filter the numbers need not follow on: each is named.
    let rows = numbers.count == 1 ? "Place \(RowNumber.list(numbers))" : "Places \(RowNumber.list(numbers))"
    return isFiltered ? "\(rows) (\(matching) of \(loaded) loaded match):" : "\(rows) (\(loaded) loaded):"
  }

  /// `more` loaded places, but none of them is shown.
  static func noAddedRow(loaded: Int, isFiltered: Bool) -> String {
    isFiltered
      ? "More places loaded (\(loaded) in all); none of them matches. \(clearFilters)"
      : "No new places came; \(loaded) are loaded."
  }

  /// A city search that found nothing; `query` as cleaned for echoing.
  static func noCityMatches(_ query: String) -> String {
    query.isEmpty ? "No city has that name." : "No cities match \(query)."
  }

  static func sentence(for problem: NearbyProblem) -> String {
    switch problem {
    case .noListYet:
      "There is no list to extend yet. Type refresh to load places."
    case .everyPlaceLoaded(let count):
      "That is every place within 5 km: \(count) in all."
    case .moreFailed(.cancelled):
      "Loading more was cancelled."
    case .moreFailed(.failed(let reason, _)):
      ErrorSentence.standalone(reason)
    case .categoryFilterOff:
      "The category filter is off. Turn it on in Profile › Settings (toggle category-filter)."
    case .unknownCategory(let name, let known) where known.isEmpty:
      "No loaded place is in \(quoted(name)): no places are loaded yet."
    case .unknownCategory(let name, let known):
      "No loaded place is in \(quoted(name)). Categories here: \(known.joined(separator: ", "))."
    case .noCitySearch:
      "Search for a city first: city NAME."
    case .noSuchCity(let count):
      "Choose a city by its number, from 1 to \(count)."
    case .cityNotRemembered(let reason):
      "The city is used now but could not be remembered: \(reason)."
    case .cityNotForgotten(let reason):
      "The chosen city could not be forgotten: \(reason)."
    case .nothingToOpen:
      "There is no place to open here."
    case .noneMatchesFilter(let both):
      "There is no place to open here: no loaded place matches the filter\(both ? "s" : ""). \(clearFilters)"
    case .noSuchPlace(let number, let count):
      "There is no place \(number.map(String.init) ?? "like that"). Choose a number from 1 to \(count)."
    case .notListed(let number, let shown):
      RowNumber.notShown("Place", number: number, shown: shown)
    }
  }

  static func sentence(for notice: NearbyNotice) -> String {
    switch notice {
    case .offlineCatalog:
      offlineNotice
    case .savedCityUnreadable:
      "The saved city could not be read and was forgotten; showing the default place."
    case .savedCityOffMap(let name):
      "The saved city \(TextSanitizer.clean(name)) had a position off the map and was forgotten; showing the default place."
    }
  }

  /// Why the list could not load.
  static func sentence(forListFailure failure: LoadFailure) -> String {
    switch failure {
    case .cancelled: "Loading was cancelled."
    case .failed(let reason, _): ErrorSentence.standalone(reason)
    }
  }

  /// What the person can do about a failed load.
  static func advice(for failure: LoadFailure) -> String {
    if case .failed(_, isKeyProblem: true) = failure { return keyAdvice }
    return retryAdvice
  }

  /// One line when some places were left out as invalid.
  static func dropped(_ count: Int) -> String? {
    switch count {
    case 0: nil
    case 1: "1 place was left out: the service sent a position or distance that cannot be right."
    default: "\(count) places were left out: the service sent positions or distances that cannot be right."
    }
  }
}
