import Foundation
import TestSupport
import XCTest

@testable import Home

@MainActor
final class NearbyPlacesViewModelTests: XCTestCase {
  private struct SUT {
    let viewModel: NearbyPlacesViewModel
    let repository: RepositorySpy
    let locations: LocationsSpy
    let flags: FlagsStub
    let router: HomeRouterSpy
  }

  private func makeSUT(
    fixed: Coordinate? = nil, saved: SavedCity? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) -> SUT {
    let repository = RepositorySpy()
    let locations = LocationsSpy()
    locations.city = saved
    let flags = FlagsStub()
    let router = HomeRouterSpy()
    let viewModel = NearbyPlacesViewModel(
      repository: repository, isOffline: false, fixedLocation: fixed, locations: locations, flags: flags, router: router
    )
    for object in [viewModel, locations, flags, router] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return SUT(viewModel: viewModel, repository: repository, locations: locations, flags: flags, router: router)
  }

  private func page(_ ids: ClosedRange<Int>, fetched: Int? = nil, more: Bool) -> Result<PlacesPage, any Error> {
    let places = ids.map { Place.sample("p\($0)", name: "Place \($0)") }
    return .success(PlacesPage(places: places, fetched: fetched ?? places.count, mayHaveMore: more, cachedAt: nil))
  }

  func test_location_isWayfarerLocation_elseTheSavedCity_elseSaoPaulo() {
    let lisbon = SavedCity(name: "Lisbon", country: "Portugal", latitude: 38.7, longitude: -9.1)
    XCTAssertEqual(makeSUT().viewModel.location.name, "São Paulo (default)")
    XCTAssertEqual(makeSUT(saved: lisbon).viewModel.location.name, "Lisbon, Portugal")
    let fixed = makeSUT(fixed: Coordinate(latitude: 1, longitude: 2), saved: lisbon)
    XCTAssertEqual(fixed.viewModel.location.name, "WAYFARER_LOCATION (1.0000,2.0000)")
  }

  func test_load_goesFromIdleToLoaded_andReturningDoesNotFetchAgain() async {
    let sut = makeSUT()
    sut.repository.pages = [page(1...20, more: true)]
    XCTAssertEqual(sut.viewModel.state, .idle)

    await sut.viewModel.loadIfNeeded()
    await sut.viewModel.loadIfNeeded()

    XCTAssertEqual(sut.viewModel.state, .loaded)
    XCTAssertEqual(sut.viewModel.places.count, 20)
    XCTAssertEqual(
      sut.repository.calls, [.places(latitude: -23.5505, longitude: -46.6333, offset: 0, limit: 20, refresh: false)])
  }

  func test_failure_keepsTheServicesSentence() async {
    let sut = makeSUT()
    sut.repository.pages = [
      .failure(Failure(description: "Geoapify refused the API key in GEOAPIFY_API_KEY: Invalid apiKey"))
    ]

    await sut.viewModel.loadIfNeeded()

    XCTAssertEqual(
      sut.viewModel.state,
      .failed(.failed(reason: "Geoapify refused the API key in GEOAPIFY_API_KEY: Invalid apiKey", isKeyProblem: false)))
    XCTAssertEqual(
      failure(sut).map(NearbyWording.sentence(forListFailure:)),
      "Geoapify refused the API key in GEOAPIFY_API_KEY: Invalid apiKey")
    XCTAssertEqual(failure(sut).map(NearbyWording.advice(for:)), "Type refresh to try again.")
  }

  /// "Type refresh" cannot help a refused key: the advice says what can.
  func test_aRefusedKey_isAdvisedToCheckTheVariable_notToRefresh() async {
    let sut = makeSUT()
    sut.repository.pages = [.failure(GeoapifyError.keyRefused(message: "Invalid apiKey")), page(1...2, more: false)]

    await sut.viewModel.loadIfNeeded()
    let advice = failure(sut).map(NearbyWording.advice(for:))
    sut.repository.pages = [.failure(GeoapifyError.quotaExhausted(message: "Quota exceeded", retryAfterSeconds: nil))]
    await sut.viewModel.refresh()

    XCTAssertEqual(advice, NearbyWording.keyAdvice)
    XCTAssertTrue(advice?.hasPrefix("Check GEOAPIFY_API_KEY") == true)
    XCTAssertEqual(failure(sut).map(NearbyWording.advice(for:)), "Type refresh to try again.")
  }

  func test_cancellation_isAFailureThatRefreshRecoversFrom() async {
    let sut = makeSUT()
    sut.repository.pages = [.failure(CancellationError()), page(1...2, more: false)]

    await sut.viewModel.loadIfNeeded()
    XCTAssertEqual(sut.viewModel.state, .failed(.cancelled))
    XCTAssertEqual(failure(sut).map(NearbyWording.sentence(forListFailure:)), "Loading was cancelled.")
    await sut.viewModel.refresh()

    XCTAssertEqual(sut.viewModel.state, .loaded)
    XCTAssertEqual(
      sut.repository.calls.last, .places(latitude: -23.5505, longitude: -46.6333, offset: 0, limit: 20, refresh: true))
  }

  func test_more_asksFromTheNumberAlreadyFetched_untilAPageIsShort() async {
    let sut = makeSUT()
    sut.repository.pages = [page(1...19, fetched: 20, more: true), page(20...25, fetched: 6, more: false)]
    await sut.viewModel.loadIfNeeded()

    let first = await sut.viewModel.loadMore().run()
    let second = await sut.viewModel.loadMore().run()

    XCTAssertNil(first)
    XCTAssertEqual(second, .everyPlaceLoaded(count: 25))
    XCTAssertEqual(words(second), "That is every place within 5 km: 25 in all.")
    XCTAssertEqual(sut.viewModel.places.count, 25)
    XCTAssertEqual(
      sut.repository.calls.map { if case .places(_, _, let offset, _, _) = $0 { offset } else { -1 } }, [0, 20])
  }

  /// Issue 21 §2: on a terminal a page is what fits the window; `more`
  /// shows the rows already loaded before it asks for the next 20.
  func test_pagesOfTheWindow_showLoadedRowsFirst_thenFetch_andOpenTakesOnlyShownRows() async {
    let sut = makeSUT()
    sut.repository.pages = [page(1...20, more: true), page(21...25, more: false)]
    await sut.viewModel.loadIfNeeded()
    XCTAssertEqual(sut.viewModel.shownCount, 20, "all rows until a page is chosen (piped)")
    XCTAssertTrue(sut.viewModel.needsFirstPage)

    sut.viewModel.showFirstPage(rows: 8)
    XCTAssertEqual(sut.viewModel.shownRows.map(\.row.id), (1...8).map { "p\($0)" })
    XCTAssertEqual(sut.viewModel.open(9), .noSuchPlace(9, count: 8))
    let second = await sut.viewModel.loadMore(rows: 8).run()
    let third = await sut.viewModel.loadMore(rows: 8).run()
    XCTAssertEqual(sut.viewModel.shownCount, 20)
    XCTAssertEqual(sut.repository.calls.count, 1, "the loaded rows came first, without a request")
    let fourth = await sut.viewModel.loadMore(rows: 8).run()
    XCTAssertEqual(sut.viewModel.shownCount, 25)
    XCTAssertEqual(sut.repository.calls.count, 2)
    let fifth = await sut.viewModel.loadMore(rows: 8).run()
    XCTAssertEqual([second, third, fourth, fifth], [nil, nil, nil, .everyPlaceLoaded(count: 25)])

    sut.viewModel.setFilter("place 2")
    XCTAssertTrue(sut.viewModel.needsFirstPage, "a filter starts at its first page")
    sut.viewModel.showFirstPage(rows: 3)
    XCTAssertEqual(sut.viewModel.shownRows.map(\.row.id), ["p2", "p20", "p21"])
  }

  func test_more_failing_keepsTheList() async {
    let sut = makeSUT()
    sut.repository.pages = [page(1...20, more: true), .failure(Failure(description: "Could not find the server x."))]
    await sut.viewModel.loadIfNeeded()

    let problem = await sut.viewModel.loadMore().run()

    XCTAssertEqual(words(problem), "Could not find the server x.")
    XCTAssertEqual(sut.viewModel.places.count, 20)
    XCTAssertEqual(sut.viewModel.state, .loaded)
  }

  func test_filter_matchesNameOrCity_ignoringCaseAndAccents() async {
    let sut = makeSUT()
    sut.repository.pages = [
      .success(
        PlacesPage(
          places: [
            .sample("a", name: "Café Central", city: "Wien"), .sample("b", name: "Museu", city: "São Paulo"),
            .sample("c", name: "Bar", city: "Lisbon"),
          ], fetched: 3, mayHaveMore: false, cachedAt: nil))
    ]
    await sut.viewModel.loadIfNeeded()

    sut.viewModel.setFilter("cafe")
    XCTAssertEqual(sut.viewModel.visiblePlaces.map(\.id), ["a"])
    sut.viewModel.setFilter("Cafe")
    XCTAssertEqual(sut.viewModel.visiblePlaces.map(\.id), ["a"], "accents are folded in any case")
    sut.viewModel.setFilter("CAFE")
    XCTAssertEqual(sut.viewModel.visiblePlaces.map(\.id), [], "a capital makes the case count, as in fzf")
    sut.viewModel.setFilter("sao")
    XCTAssertEqual(sut.viewModel.visiblePlaces.map(\.id), ["b"])
    XCTAssertEqual(sut.viewModel.visible.first?.matches, [[], [0, 1, 2]], "the city's letters, for its cell")
    sut.viewModel.setFilter("  ")
    XCTAssertEqual(sut.viewModel.visiblePlaces.map(\.id), ["a", "b", "c"])
  }

  func test_category_needsItsFlag_andAKnownCategory() async {
    let sut = makeSUT()
    sut.repository.pages = [
      .success(
        PlacesPage(
          places: [
            .sample("a", name: "A", category: "catering.cafe"), .sample("b", name: "B", category: "leisure.park"),
          ],
          fetched: 2, mayHaveMore: false, cachedAt: nil))
    ]
    await sut.viewModel.loadIfNeeded()

    XCTAssertEqual(
      words(sut.viewModel.setCategory("leisure")),
      "The category filter is off. Turn it on in Profile › Settings (toggle category-filter).")
    sut.flags.isCategoryFilterEnabled = true
    XCTAssertEqual(sut.viewModel.setCategory("sports"), .unknownCategory("sports", known: ["catering", "leisure"]))
    XCTAssertEqual(
      words(sut.viewModel.setCategory("sports")), "No loaded place is in 'sports'. Categories here: catering, leisure.")
    XCTAssertNil(sut.viewModel.setCategory("Leisure"))
    XCTAssertEqual(sut.viewModel.visiblePlaces.map(\.id), ["b"])
  }

  func test_city_searchThenUse_movesRemembersAndReloads() async {
    let sut = makeSUT()
    sut.repository.citiesResult = .success(
      CityResults(cities: [
        City(name: "Lisbon", country: "Portugal", coordinate: Coordinate(latitude: 38.7, longitude: -9.1))
      ]))
    sut.repository.pages = [page(1...3, more: false)]

    let result = await sut.viewModel.searchCities("lisb")
    let wrong = await sut.viewModel.useCity(0).run()
    let problem = await sut.viewModel.useCity(1).run()

    XCTAssertEqual(
      result,
      .found(
        [City(name: "Lisbon", country: "Portugal", coordinate: Coordinate(latitude: 38.7, longitude: -9.1))],
        dropped: 0))
    XCTAssertEqual(words(wrong), "Choose a city by its number, from 1 to 1.")
    XCTAssertNil(problem)
    XCTAssertEqual(sut.viewModel.location.name, "Lisbon, Portugal")
    XCTAssertEqual(sut.locations.city?.name, "Lisbon")
    XCTAssertEqual(
      sut.repository.calls,
      [.cities("lisb"), .places(latitude: 38.7, longitude: -9.1, offset: 0, limit: 20, refresh: false)])
  }

  func test_cityAlone_returnsToTheDefault_andForgetsTheChoice() async {
    let sut = makeSUT(saved: SavedCity(name: "Lisbon", country: "Portugal", latitude: 38.7, longitude: -9.1))

    _ = await sut.viewModel.clearCity()

    XCTAssertEqual(sut.viewModel.location.name, "São Paulo (default)")
    XCTAssertNil(sut.locations.city)
  }

  func test_noCities_andUseBeforeSearching() async {
    let sut = makeSUT()
    let none = await sut.viewModel.searchCities("Xyzzy")
    let early = await sut.viewModel.useCity(1).run()
    XCTAssertEqual(none, .none)
    XCTAssertEqual(words(early), "Search for a city first: city NAME.")
  }

  func test_open_routesToTheNumberedVisiblePlace_andRefusesOthers() async {
    let sut = makeSUT()
    sut.repository.pages = [page(1...20, more: true)]
    await sut.viewModel.loadIfNeeded()

    XCTAssertEqual(sut.viewModel.open(99), .noSuchPlace(99, count: 20))
    XCTAssertEqual(words(sut.viewModel.open(99)), "There is no place 99. Choose a number from 1 to 20.")
    XCTAssertEqual(words(sut.viewModel.open(nil)), "There is no place like that. Choose a number from 1 to 20.")
    XCTAssertNil(sut.viewModel.open(3))
    XCTAssertEqual(sut.router.shown, ["p3"])
  }

  func test_offlineNotice_isGivenOnce() {
    let viewModel = NearbyPlacesViewModel(
      repository: RepositorySpy(), isOffline: true, fixedLocation: nil, locations: LocationsSpy(), flags: FlagsStub(),
      router: HomeRouterSpy())
    XCTAssertEqual(
      viewModel.takeNotices().map(NearbyWording.sentence(for:)),
      ["Offline catalog — set GEOAPIFY_API_KEY for live places"])
    XCTAssertEqual(viewModel.takeNotices(), [])
  }

  func test_aStoredCityWithoutAName_orWithANameNoSearchGives_isForgotten() {
    for name in ["", "   ", String(repeating: "x", count: 100_000)] {
      let sut = makeSUT(saved: SavedCity(name: name, country: "PT", latitude: 38.7, longitude: -9.1))

      XCTAssertEqual(sut.viewModel.location.name, "São Paulo (default)", "\(name.count)")
      XCTAssertNil(sut.locations.city)
      XCTAssertEqual(sut.viewModel.takeNotices(), [.savedCityUnreadable])
    }
  }

  func test_aStoredCityOffTheEarth_isForgotten_withOneNotice() {
    for bad in [(1e308, -46.6), (-23.5, -9999), (.nan, 0), (90.5, 0)] {
      let sut = makeSUT(saved: SavedCity(name: "Atlantis", country: "", latitude: bad.0, longitude: bad.1))

      XCTAssertEqual(sut.viewModel.location.name, "São Paulo (default)", "\(bad)")
      XCTAssertNil(sut.locations.city, "cleared, so the next launch is clean: \(bad)")
      XCTAssertEqual(
        sut.viewModel.takeNotices().map(NearbyWording.sentence(for:)),
        ["The saved city Atlantis had a position off the map and was forgotten; showing the default place."])
      XCTAssertEqual(sut.viewModel.takeNotices(), [])
    }
  }

  func test_anUnreadableStoredCity_isForgottenWithOneNotice_aFailingDatabaseIsNot() {
    let locations = LocationsSpy()
    locations.city = SavedCity(name: "Lisbon", country: "Portugal", latitude: 38.7, longitude: -9.1)
    locations.readFailure = .unreadable
    let unreadable = NearbyPlacesViewModel(
      repository: RepositorySpy(), isOffline: false, fixedLocation: nil, locations: locations, flags: FlagsStub(),
      router: HomeRouterSpy())
    XCTAssertEqual(
      unreadable.takeNotices().map(NearbyWording.sentence(for:)),
      ["The saved city could not be read and was forgotten; showing the default place."])
    XCTAssertNil(locations.city)

    let busy = LocationsSpy()
    busy.city = SavedCity(name: "Lisbon", country: "Portugal", latitude: 38.7, longitude: -9.1)
    busy.readFailure = .unavailable(reason: "database is locked")
    let failing = NearbyPlacesViewModel(
      repository: RepositorySpy(), isOffline: false, fixedLocation: nil, locations: busy, flags: FlagsStub(),
      router: HomeRouterSpy())
    XCTAssertEqual(failing.location.name, "São Paulo (default)")
    XCTAssertEqual(failing.takeNotices(), [])
    XCTAssertEqual(busy.city?.name, "Lisbon", "kept for when the database answers again")
  }

  func test_droppedPlaces_areCountedInOneLine_acrossPages() async {
    let sut = makeSUT()
    sut.repository.pages = [
      .success(
        PlacesPage(places: [.sample("p1", name: "Place 1")], fetched: 20, mayHaveMore: true, cachedAt: nil, dropped: 1)),
      .success(
        PlacesPage(places: [.sample("p2", name: "Place 2")], fetched: 5, mayHaveMore: false, cachedAt: nil, dropped: 2)),
    ]

    await sut.viewModel.loadIfNeeded()
    let once = NearbyWording.dropped(sut.viewModel.droppedCount)
    _ = await sut.viewModel.loadMore().run()

    XCTAssertEqual(once, "1 place was left out: the service sent a position or distance that cannot be right.")
    XCTAssertEqual(
      NearbyWording.dropped(sut.viewModel.droppedCount),
      "3 places were left out: the service sent positions or distances that cannot be right.")
  }

  private func words(_ problem: NearbyProblem?) -> String? {
    problem.map(NearbyWording.sentence(for:))
  }

  private func failure(_ sut: SUT) -> LoadFailure? {
    if case .failed(let failure) = sut.viewModel.state { return failure }
    return nil
  }
}
