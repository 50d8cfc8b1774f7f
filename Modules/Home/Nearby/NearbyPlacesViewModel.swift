import Commands
import Diagnostics
import ErrorSentences
import Foundation
import FuzzyMatching
import TerminalNavigation

/// The nearby list: where, what was loaded, how it is filtered, and the
/// city search that moves it.
@MainActor
final class NearbyPlacesViewModel {
  enum State: Equatable {
    case idle
    case loading
    case loaded
    case failed(LoadFailure)
  }

  /// Where the list is centred, and how to name that place.
  struct Location: Equatable {
    var coordinate: Coordinate
    var name: String
  }

  enum CitySearch: Equatable {
    /// The cities, and how many results were left out as invalid.
    case found([City], dropped: Int)
    case none
    case failed(LoadFailure)
  }

  private(set) var state: State = .idle {
    didSet { changed(oldValue, state) }
  }
  /// Every place loaded, nearest first; a row's number is its place here.
  private(set) var places: [Place] = [] {
    didSet {
      revision = .next()
      categories = Array(Set(places.map(\.category))).sorted()
    }
  }
  private(set) var mayHaveMore = false {
    didSet { changed(oldValue, mayHaveMore) }
  }
  private(set) var cachedAt: Date? {
    didSet { changed(oldValue, cachedAt) }
  }
  private(set) var filterText: String? {
    didSet { changed(oldValue, filterText) }
  }
  private(set) var categoryFilter: String? {
    didSet {
      changed(oldValue, categoryFilter)
      refilter()
    }
  }
  private(set) var location: Location {
    didSet { changed(oldValue, location) }
  }
  private(set) var cityResults: [City] = []
  /// Named places of the loaded pages left out because their numbers were
  /// out of range.
  private(set) var droppedCount = 0 {
    didSet { changed(oldValue, droppedCount) }
  }
  /// Whether the last `more` brought places nearer than some already
  /// listed, so that the list was put in order and numbered again: the
  /// screen draws it again from its top and says why, once.
  private(set) var isRenumbered = false {
    didSet { changed(oldValue, isRenumbered) }
  }
  /// Places the last load (or `more`) left out, until the screen says so:
  /// a warning is said once per load, not on every redraw.
  private var unsaidDropped = 0 {
    didSet { changed(oldValue, unsaidDropped) }
  }
  let isOffline: Bool
  /// Made anew whenever something the list's drawing shows changes (the
  /// properties above, ``visible`` and ``shownCount``): the screen's drawing
  /// key.
  private(set) var revision = DrawingRevision.next()

  private var fetched = 0
  private var query: FuzzyQuery? {
    didSet { refilter() }
  }
  private var hasShownOfflineNotice = false
  /// Said once when the stored city could not be used.
  private var discardedCityNotice: NearbyNotice?
  private let repository: any PlacesRepository
  private let fixedLocation: Coordinate?
  private let locations: any HomeLocationStoring
  private let flags: any HomeFeatureFlagsProviding
  private let router: any HomeRouting
  private let lifetime = Lifetime(NearbyPlacesViewModel.self)

  init(
    repository: any PlacesRepository, isOffline: Bool, fixedLocation: Coordinate?, locations: any HomeLocationStoring,
    flags: any HomeFeatureFlagsProviding, router: any HomeRouting
  ) {
    self.repository = repository
    self.isOffline = isOffline
    self.fixedLocation = fixedLocation
    self.locations = locations
    self.flags = flags
    self.router = router
    location = Self.defaultLocation(fixed: fixedLocation)
    if fixedLocation == nil { restoreSavedCity() }
  }

  /// A new ``revision`` when a drawn property's value changed: showing the
  /// same first page again on each appearance keeps the drawing.
  private func changed<Value: Equatable>(_ old: Value, _ new: Value) {
    if old != new { revision = .next() }
  }

  /// Moves to the city saved for the account.
  ///
  /// One that cannot be used
  /// (unreadable, or a position off the Earth from an older version or a
  /// hand edit) would fail every launch: it is forgotten, and said once.
  private func restoreSavedCity() {
    let saved: SavedCity?
    do {
      saved = try locations.savedCity()
    } catch {
      switch error {
      case .unreadable:
        try? locations.clearCity()
        discardedCityNotice = .savedCityUnreadable
      case .unavailable:
        break  // the database is busy or failing: the default place for now, the city kept
      }
      return
    }
    guard let saved else { return }
    // A name is text from the database: one that is empty or could never
    // have come from a city search is as unreadable as a broken record.
    let cityName = saved.name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !cityName.isEmpty, cityName.count <= City.longestName, saved.country.count <= City.longestName else {
      try? locations.clearCity()
      discardedCityNotice = .savedCityUnreadable
      return
    }
    let name = City.name(cityName, in: saved.country.trimmingCharacters(in: .whitespacesAndNewlines))
    guard let coordinate = Coordinate(validLatitude: saved.latitude, longitude: saved.longitude) else {
      try? locations.clearCity()
      discardedCityNotice = .savedCityOffMap(name: name)
      return
    }
    location = Location(coordinate: coordinate, name: name)
  }

  private static func defaultLocation(fixed: Coordinate?) -> Location {
    if let fixed { return Location(coordinate: fixed, name: "WAYFARER_LOCATION (\(fixed.text))") }
    return Location(coordinate: .saoPaulo, name: "São Paulo (default)")
  }

  // MARK: The list

  /// The loaded places that pass the name and category filters, each
  /// with its number: worked out when the places or a filter change, not
  /// at each use (every prompt asks how many there are).
  ///
  /// A name filter ranks them by how well they match, as fzf does, best
  /// first (the nearest first among equals); the numbers stay those of the
  /// whole list, so `open N` opens the row shown as N. A page `more` adds
  /// is ranked on its own, under the rows already shown (unless it
  /// numbered the list again: all are then ranked anew).
  private(set) var visible: [ListedIndex] = [] {
    didSet { revision = .next() }
  }

  /// The visible places, without their numbers.
  var visiblePlaces: [Place] { visible.map { places[$0.index] } }

  /// Lists the places again from the first loaded at `start` (0: all of
  /// them; a page's first: that page, under the rows listed before).
  private func refilter(from start: Int = 0) {
    defer {
      shownCount = visible.count
      needsFirstPage = true
    }
    let (places, category) = (places, categoryFilter)
    let added = FuzzyQuery.listed(
      min(start, places.count)..<places.count, query: query,
      keeping: { category == nil || places[$0].category == category }, texts: { places[$0].searchTexts })
    visible = start == 0 ? added : visible + added
  }

  /// How many of ``visiblePlaces`` are on screen: all of them unless the
  /// screen asked for pages (on a terminal, a page is what fits its window).
  private(set) var shownCount = 0 {
    didSet { changed(oldValue, shownCount) }
  }
  /// Whether the list changed (a load, a filter) since a page was chosen.
  private(set) var needsFirstPage = false

  /// The rows on screen, in order: what `open N` and `map` take.
  var shownRows: [ListedRow<Place>] { shownIndices.map { ListedRow($0, in: places) } }

  /// The rows on screen as indices into ``places``: what the list draws,
  /// 10,000 of them without a copy.
  var shownIndices: ArraySlice<ListedIndex> { visible.prefix(shownCount) }

  /// The loaded places not on screen, which the map leaves out as the
  /// list does: those on later pages (`more` lists them) and those the
  /// filters hide, by number.
  var placesNotShown: MapLegend.LeftOut {
    let kept = Set(visible.lazy.map(\.index))
    return MapLegend.LeftOut(
      onLaterPages: visible.dropFirst(shownCount).map(\.number),
      filteredOut: places.indices.filter { !kept.contains($0) }.map { ListedIndex(index: $0).number },
      byBothFilters: filterText != nil && categoryFilter != nil)
  }

  /// Shows the first `rows` visible places (all of them for nil): after a
  /// load or a filter, on a terminal, the page that fits its window.
  func showFirstPage(rows: Int?) {
    shownCount = rows.map { min(max($0, 1), visible.count) } ?? visible.count
    needsFirstPage = false
  }

  /// Shows `rows` more after the first `shown` (all for nil).
  private func showRows(after shown: Int, rows: Int?) {
    shownCount = rows.map { min(shown + max($0, 1), visible.count) } ?? visible.count
    needsFirstPage = false
  }

  /// The notices said once when the list first appears: the offline
  /// catalog, a stored city that could not be used.
  func takeNotices() -> [NearbyNotice] {
    var notices: [NearbyNotice] = []
    if isOffline, !hasShownOfflineNotice {
      hasShownOfflineNotice = true
      notices.append(.offlineCatalog)
    }
    if let notice = discardedCityNotice {
      discardedCityNotice = nil
      notices.append(notice)
    }
    return notices
  }

  /// Whether the list was numbered again since this was last asked.
  func takeRenumbered() -> Bool {
    defer { isRenumbered = false }
    return isRenumbered
  }

  /// How many places the last load or `more` left out, once: nil after
  /// it was taken, or when none were.
  func takeDroppedCount() -> Int? {
    defer { unsaidDropped = 0 }
    return unsaidDropped > 0 ? unsaidDropped : nil
  }

  /// Loads the first page, unless a list is already here (coming back from
  /// a detail does not fetch again).
  func loadIfNeeded() async {
    guard state == .idle else { return }
    await load(refresh: false)
  }

  /// Starts over: paging reset, any cached copy skipped.
  func refresh() async {
    await load(refresh: true)
  }

  private func load(refresh: Bool) async {
    state = .loading
    places = []
    refilter()
    fetched = 0
    droppedCount = 0
    unsaidDropped = 0
    isRenumbered = false
    mayHaveMore = false
    cachedAt = nil
    do {
      let page = try await repository.places(
        near: location.coordinate, offset: 0, limit: NearbySearch.pageSize, refresh: refresh)
      try Task.checkCancellation()
      places = page.places
      refilter()
      fetched = page.fetched
      droppedCount = page.dropped
      unsaidDropped = page.dropped
      mayHaveMore = page.mayHaveMore
      cachedAt = page.cachedAt
      state = .loaded
    } catch {
      state = .failed(LoadFailure(error))
    }
  }

  /// `more`: refused when there is no list or nothing more; else the
  /// work of loading the next page.
  ///
  /// `rows` is the page on a terminal (nil: every row loaded); the rows
  /// already loaded but not shown are shown before another page is asked for.
  func loadMore(rows: Int? = nil) -> Checked<NearbyProblem> {
    if let problem = problemLoadingMore { return .refused(problem) }
    let shown = shownCount
    guard shown >= visible.count else {
      return .accepted {
        self.showRows(after: shown, rows: rows)
        return nil
      }
    }
    return .accepted {
      let problem = await self.loadNextPage()
      // A list numbered anew is shown again from its first page.
      if !self.isRenumbered { self.showRows(after: shown, rows: rows) }
      return problem
    }
  }

  /// Loads the next page after the `fetched` results so far; what went
  /// wrong when it failed (the list stays).
  private func loadNextPage() async -> NearbyProblem? {
    do {
      let page = try await repository.places(
        near: location.coordinate, offset: fetched, limit: NearbySearch.pageSize, refresh: false)
      try Task.checkCancellation()
      let known = Set(places.map(\.id))
      let start = places.count
      // The whole list in distance order, not each page: services send
      // pages only roughly sorted. The sort is stable, so the loaded places
      // keep their numbers unless a new one is nearer than one of them.
      let merged = Place.nearestFirst(places + page.places.filter { !known.contains($0.id) })
      let renumbers = !merged.prefix(start).elementsEqual(places) { $0.id == $1.id }
      places = merged
      isRenumbered = renumbers
      refilter(from: renumbers ? 0 : start)
      fetched += page.fetched
      droppedCount += page.dropped
      unsaidDropped = page.dropped
      mayHaveMore = page.mayHaveMore
      return nil
    } catch {
      return .moreFailed(LoadFailure(error))
    }
  }

  /// Why `more` cannot load anything now, said before any spinner.
  var problemLoadingMore: NearbyProblem? {
    guard state == .loaded else { return .noListYet }
    guard mayHaveMore || shownCount < visible.count else { return .everyPlaceLoaded(count: places.count) }
    return nil
  }

  // MARK: Filters

  /// Keeps places whose name or city matches `text` as fzf matches (its
  /// letters in order, accents folded, any case unless it has a capital),
  /// best match first; empty text clears the filter.
  func setFilter(_ text: String) {
    query = FuzzyQuery(text)
    filterText = query?.text
  }

  /// The categories of the loaded places, sorted; worked out when they change.
  private(set) var categories: [String] = []

  /// Keeps one category; empty clears it.
  ///
  /// Says why not when the filter is off or the category unknown.
  func setCategory(_ name: String) -> NearbyProblem? {
    guard flags.isCategoryFilterEnabled else { return .categoryFilterOff }
    let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
    guard !wanted.isEmpty else {
      categoryFilter = nil
      return nil
    }
    guard categories.contains(wanted) else { return .unknownCategory(wanted, known: categories) }
    categoryFilter = wanted
    return nil
  }

  // MARK: Cities

  /// What `city [NAME]` asks for.
  enum CityRequest: Equatable {
    /// Alone: back to the default place.
    case clear
    /// A city to look for, trimmed.
    case search(String)
  }

  /// `city` alone goes back to the default place; with a name, it searches.
  func cityRequest(_ text: String) -> CityRequest {
    let name = text.trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? .clear : .search(name)
  }

  func searchCities(_ query: String) async -> CitySearch {
    do {
      let results = try await repository.cities(named: query)
      cityResults = results.cities
      return results.cities.isEmpty ? .none : .found(results.cities, dropped: results.dropped)
    } catch {
      return .failed(LoadFailure(error))
    }
  }

  /// `use N`: refused when there was no city search or no result `number`;
  /// else the work of moving the list there.
  func useCity(_ number: Int?) -> Checked<NearbyProblem> {
    guard !cityResults.isEmpty else { return .refused(.noCitySearch) }
    guard let number, let city = RowNumber.item(number, of: cityResults) else {
      return .refused(.noSuchCity(count: cityResults.count))
    }
    return .accepted { await self.move(to: city) }
  }

  /// Moves the list to `city`, remembers the choice, and loads there.
  private func move(to city: City) async -> NearbyProblem? {
    location = Location(
      coordinate: city.coordinate, name: City.name(city.name, in: city.country))
    var problem: NearbyProblem?
    do {
      try locations.saveCity(
        SavedCity(
          name: city.name, country: city.country, latitude: city.coordinate.latitude,
          longitude: city.coordinate.longitude))
    } catch {
      problem = .cityNotRemembered(reason: ErrorSentence.reason(for: error))
    }
    await load(refresh: false)
    return problem
  }

  /// Back to WAYFARER_LOCATION or São Paulo, forgetting the chosen city.
  func clearCity() async -> NearbyProblem? {
    location = Self.defaultLocation(fixed: fixedLocation)
    var problem: NearbyProblem?
    do { try locations.clearCity() } catch { problem = .cityNotForgotten(reason: ErrorSentence.reason(for: error)) }
    await load(refresh: false)
    return problem
  }

  // MARK: Places

  /// Opens place `number` of the visible list.
  ///
  /// Says why not when there
  /// is no such place.
  /// A filtered view keeps each row's number: N is the number shown.
  func open(_ number: Int?) -> NearbyProblem? {
    let shown = shownRows
    let isFiltered = query != nil || categoryFilter != nil
    // Places there are, but the filters hide them all: say how to bring
    // them back, rather than that there is nothing here.
    guard !shown.isEmpty else {
      let both = query != nil && categoryFilter != nil
      return isFiltered && !places.isEmpty ? .noneMatchesFilter(both: both) : .nothingToOpen
    }
    guard let number, let row = shown.first(where: { $0.number == number }) else {
      return isFiltered
        ? .notListed(number, shown: shown.map(\.number)) : .noSuchPlace(number, count: shown.count)
    }
    router.showDetail(of: row.row)
    return nil
  }

  var isMapEnabled: Bool { flags.isMapEnabled }

  var isCategoryFilterEnabled: Bool { flags.isCategoryFilterEnabled }
}
