/// What a command on the nearby list could not do; the screen words it.
enum NearbyProblem: Equatable {
  case noListYet
  case everyPlaceLoaded(count: Int)
  case moreFailed(LoadFailure)
  case categoryFilterOff
  /// `category NAME` for a category no loaded place has; `known` are those it has.
  case unknownCategory(String, known: [String])
  case noCitySearch
  case noSuchCity(count: Int)
  /// The city is used, but saving the choice failed.
  case cityNotRemembered(reason: String)
  case cityNotForgotten(reason: String)
  case nothingToOpen
  /// Places are loaded, and the filter (name or category; `both`: the two)
  /// matches none of them.
  case noneMatchesFilter(both: Bool)
  case noSuchPlace(Int?, count: Int)
  /// A number that is not among the rows a filter shows (`shown`).
  case notListed(Int?, shown: [Int])
}

/// Said once, when the list first appears.
enum NearbyNotice: Equatable {
  case offlineCatalog
  /// The stored city could not be read back, and was forgotten.
  case savedCityUnreadable
  /// The stored city lay off the map, and was forgotten.
  case savedCityOffMap(name: String)
}
