import Commands
import Foundation
import TerminalNavigation
import TerminalText
import TestSupport
import XCTest

@testable import Home

/// What the nearby list says for each answer of its view model: which
/// marker, which words, and nothing at all for a Ctrl-C (the REPL says it).
@MainActor
final class NearbyPlacesScreenTests: XCTestCase {
  private struct SUT {
    let screen: NearbyPlacesScreen
    let repository: RepositorySpy
    let flags: FlagsStub
    let console: ScriptedConsole
    let router: HomeRouterSpy
  }

  /// A piped prompt asks for one command, not the table: the same command.
  func test_commandNamed_isTheTablesCommand() async {
    let sut = makeSUT()
    sut.repository.pages = [page(3, more: true)]
    await sut.screen.didAppear(console: sut.console)
    let screen = sut.screen
    assertLookupMatchesTable(screen.commands.map { ($0.name, "\($0.usage) — \($0.summary)") }) {
      screen.command(named: $0).map { "\($0.usage) — \($0.summary)" }
    }
  }

  private func makeSUT(isOffline: Bool = false, file: StaticString = #filePath, line: UInt = #line) -> SUT {
    let repository = RepositorySpy()
    let flags = FlagsStub()
    let locations = LocationsSpy()
    let router = HomeRouterSpy()
    let viewModel = NearbyPlacesViewModel(
      repository: repository, isOffline: isOffline, fixedLocation: nil, locations: locations, flags: flags,
      router: router)
    let screen = NearbyPlacesScreen(viewModel: viewModel)
    let console = ScriptedConsole()
    for object in [screen, viewModel, locations, flags, router, console] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return SUT(screen: screen, repository: repository, flags: flags, console: console, router: router)
  }

  private func page(_ count: Int, more: Bool) -> Result<PlacesPage, any Error> {
    let places = (1...count).map { Place.sample("p\($0)", name: "Place \($0)") }
    return .success(PlacesPage(places: places, fetched: places.count, mayHaveMore: more, cachedAt: nil))
  }

  /// A terminal window of `height` lines (TERM=dumb: no spinner task
  /// outlives a command and holds the console).
  private static func terminal(height: Int) -> RenderContext {
    RenderContext(
      width: 80, height: height,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false, isDumb: true))
  }

  /// A page of places named by their ids, `distance` metres away.
  private func places(_ rows: [(id: String, distance: Double)], more: Bool) -> Result<PlacesPage, any Error> {
    let places = rows.map { Place.sample($0.id, name: $0.id, distance: $0.distance) }
    return .success(PlacesPage(places: places, fetched: places.count, mayHaveMore: more, cachedAt: nil))
  }

  private func run(_ name: String, _ words: [String] = [], on sut: SUT) async {
    let command = sut.screen.commands.first { $0.name == name }
    XCTAssertNotNil(command, "no command \(name)")
    await command?.run(
      CommandInput(argumentText: words.joined(separator: " "), console: sut.console))
  }

  private func body(_ sut: SUT) -> [String] {
    sut.screen.body(in: .plain).map(\.plainText)
  }

  func test_aCancelledCitySearch_saysNothingOfItsOwn() async {
    let sut = makeSUT()
    sut.repository.citiesResult = .failure(CancellationError())

    await run("city", ["lisbon"], on: sut)

    XCTAssertEqual(sut.console.output, ["Searching…"])
  }

  func test_aCancelledMore_saysNothingOfItsOwn() async {
    let sut = makeSUT()
    sut.repository.pages = [page(20, more: true), .failure(CancellationError())]
    await sut.screen.didAppear(console: sut.console)
    sut.console.clearOutput()

    await run("more", on: sut)

    XCTAssertEqual(sut.console.output, ["Loading more places…"])
  }

  func test_moreAtTheEnd_isInformation_notAnError_andNoProgressLineComesFirst() async {
    let sut = makeSUT()
    sut.repository.pages = [page(2, more: false)]
    await sut.screen.didAppear(console: sut.console)
    sut.console.clearOutput()

    await run("more", on: sut)

    XCTAssertEqual(sut.console.output, ["- That is every place within 5 km: 2 in all."])
  }

  func test_more_printsOnlyTheRowsItAdded_numberedOn_underAOneLineHeader() async {
    let sut = makeSUT()
    sut.repository.pages = [
      page(20, more: true),
      .success(
        PlacesPage(
          places: (21...22).map { Place.sample("p\($0)", name: "Place \($0)") }, fetched: 2, mayHaveMore: false,
          cachedAt: nil)),
    ]
    await sut.screen.didAppear(console: sut.console)
    sut.console.clearOutput()

    await run("more", on: sut)

    XCTAssertEqual(
      sut.console.output,
      [
        "Loading more places…", "  Places 21 and 22 (22 loaded):", "  21. Place 21  catering  100 m  Munich",
        "  22. Place 22  catering  100 m  Munich",
      ])
  }

  /// Issue 21 §2: Home's rows are in the order of their distances across pages.
  ///
  /// A page with places nearer than rows listed numbers the list again,
  /// says so once and draws it again from its top, so `open N` takes the
  /// number last seen.
  func test_more_withNearerPlaces_ordersTheListAgain_andDrawsItFromTheTop() async {
    let sut = makeSUT()
    sut.repository.pages = [
      places([("p1", 100), ("p2", 500), ("p3", 900)], more: true),
      places([("p4", 300), ("p5", 1_200)], more: false),
    ]
    await sut.screen.didAppear(console: sut.console)
    _ = body(sut)
    sut.screen.didDisplay()
    sut.console.clearOutput()

    await run("more", on: sut)

    XCTAssertEqual(sut.console.output, ["Loading more places…"], "no rows added under the old numbers")
    XCTAssertTrue(sut.screen.needsDisplay)
    XCTAssertEqual(
      body(sut).dropFirst(),
      [
        "- The new places include some nearer than those listed: the list is in distance order again, and numbered anew.",
        "  1. p1  catering   100 m  Munich", "  2. p4  catering   300 m  Munich",
        "  3. p2  catering   500 m  Munich", "  4. p3  catering   900 m  Munich",
        "  5. p5  catering  1.2 km  Munich",
      ])
    XCTAssertEqual(body(sut).filter { $0.contains("numbered anew") }, [], "said once")
    await run("open", ["2"], on: sut)
    XCTAssertEqual(sut.router.shown, ["p4"])
  }

  /// On a terminal the list numbered again starts at its first page.
  func test_more_withNearerPlaces_onATerminal_showsTheFirstPageAgain() async {
    let sut = makeSUT()
    sut.console.context = Self.terminal(height: 14)
    sut.repository.pages = [
      places((1...6).map { ("p\($0)", Double($0) * 100) }, more: true),
      places([("p7", 50), ("p8", 900)], more: false),
    ]
    await sut.screen.didAppear(console: sut.console)
    let rows = { sut.screen.body(in: sut.console.context).map(\.plainText).filter { $0.contains(". p") } }
    XCTAssertEqual(rows().count, 6, "6 rows fit 14 lines")

    await run("more", on: sut)

    XCTAssertEqual(
      rows().map { String($0.prefix(7)) }, ["  1. p7", "  2. p1", "  3. p2", "  4. p3"],
      "the first page again, two lines less for the sentence above it")
  }

  /// Issue 21 §2: back on the list after `more`s (from a place, another
  /// tab) or `nearby`, a terminal shows its first page again, as the first
  /// drawing did, and `more` goes on from there; piped, every loaded row.
  func test_comingBackOrNearby_onATerminal_showsTheFirstPageAgain_andPipedEveryRow() async {
    let sut = makeSUT()
    sut.console.context = Self.terminal(height: 14)
    sut.repository.pages = [page(20, more: false)]
    await sut.screen.didAppear(console: sut.console)
    let rows = { sut.screen.body(in: sut.console.context).filter { $0.plainText.contains(". Place") }.count }
    await run("more", on: sut)
    await run("more", on: sut)
    XCTAssertEqual(rows(), 18)

    sut.screen.willAppear(console: sut.console)
    XCTAssertEqual(rows(), 6, "the rows that fit 14 lines")
    await run("more", on: sut)
    XCTAssertEqual(rows(), 12, "more goes on from the first page")
    await run("nearby", on: sut)
    XCTAssertEqual(rows(), 6)

    sut.console.context = .plain
    sut.screen.willAppear(console: sut.console)
    XCTAssertEqual(rows(), 20, "piped: every loaded row, as before")
  }

  /// Issue 21 §2: the rows `more` adds keep the column widths of the rows
  /// printed above them (a page of `tourism` only under a `catering`).
  func test_more_addsRowsInTheColumnsOfTheRowsAbove() async {
    let sut = makeSUT()
    sut.repository.pages = [
      .success(
        PlacesPage(
          places: [
            .sample("p1", name: "p1", distance: 100),
            .sample("p2", name: "p2", category: "tourism.sights", distance: 1_200),
          ],
          fetched: 2, mayHaveMore: true)),
      .success(
        PlacesPage(
          places: [.sample("p3", name: "p3", category: "tourism.sights", distance: 1_300)], fetched: 1,
          mayHaveMore: false)),
    ]
    await sut.screen.didAppear(console: sut.console)
    let printed = body(sut).filter { $0.contains(". p") }
    sut.console.clearOutput()

    await run("more", on: sut)

    XCTAssertEqual(
      printed + sut.console.output.filter { $0.contains(". p") },
      [
        "  1. p1  catering   100 m  Munich", "  2. p2  tourism   1.2 km  Munich", "  3. p3  tourism   1.3 km  Munich",
      ])
  }

  /// Issue 21 §4: a filtered view keeps each row's number, so `open N`
  /// opens the row shown as N; `more` adds the new page's matches, ranked.
  func test_more_underAFilter_keepsEachRowsNumber_andOpenTakesTheNumberShown() async {
    let sut = makeSUT()
    sut.repository.pages = [
      page(20, more: true),
      .success(
        PlacesPage(
          places: (21...24).map { Place.sample("p\($0)", name: $0 == 22 ? "Other 22" : "Place \($0)") }, fetched: 4,
          mayHaveMore: true,
          cachedAt: nil)),
    ]
    await sut.screen.didAppear(console: sut.console)
    await run("filter", ["place 2"], on: sut)
    sut.console.clearOutput()

    await run("more", on: sut)

    XCTAssertEqual(
      sut.console.output.dropFirst().first, "  Places 21, 23 and 24 (6 of 24 loaded match):",
      "the numbers added, which need not follow on")
    XCTAssertTrue(sut.console.output.contains("  21. Place 21  catering  100 m  Munich"), sut.console.transcript)
    XCTAssertEqual(sut.console.output.last, "  Type more for the next places, open N for one of them.")
    XCTAssertEqual(
      body(sut).filter { $0.contains(". Place") }.map { String($0.prefix(14)) },
      ["   2. Place 2 ", "  20. Place 20", "  12. Place 12", "  21. Place 21", "  23. Place 23", "  24. Place 24"],
      "a word-start match ranks above one inside a word; the page more added is ranked under them")
    sut.console.clearOutput()
    await run("open", ["3"], on: sut)
    XCTAssertEqual(
      sut.console.output,
      ["x Place 3 is not shown; the rows shown are 2, 12, 20, 21, 23 and 24."])
    await run("open", ["12"], on: sut)
    XCTAssertEqual(sut.router.shown, ["p12"])

    await run("filter", ["zzqq"], on: sut)
    sut.console.clearOutput()
    await run("open", ["1"], on: sut)
    XCTAssertEqual(
      sut.console.output,
      ["x There is no place to open here: no loaded place matches the filter. Type filter or category alone to clear."],
      "places there are: the filter hides them")
    sut.console.clearOutput()
    await run("map", on: sut)
    XCTAssertEqual(
      sut.console.output,
      ["- There is no place to draw: no loaded place matches the filter. Type filter or category alone to clear."])
  }

  /// Issue 21: the map draws the rows shown, and names the loaded places
  /// it leaves out, with the way to see them.
  func test_theMap_namesThePlacesTheFilterLeavesOut_andHowToSeeThem() async {
    let sut = makeSUT()
    sut.repository.pages = [page(4, more: false)]
    await sut.screen.didAppear(console: sut.console)
    await run("filter", ["3"], on: sut)
    sut.console.clearOutput()

    await run("map", on: sut)

    let said = sut.console.output.joined(separator: " ")
    XCTAssertTrue(
      said.contains(
        "Places 1, 2 and 4 are not on the map: they do not match the filter. Type filter or category alone to clear."),
      said)
    XCTAssertTrue(said.contains("3 Place 3"), said)
  }

  func test_theMapsNotes_nameLaterPagesAndFilteredPlaces_oneOrMany() {
    XCTAssertEqual(
      MapLegend.notes(for: .init(onLaterPages: [7, 8, 9, 10])),
      ["Places 7–10 are not on the map: type more to list them, then map."])
    XCTAssertEqual(
      MapLegend.notes(for: .init(onLaterPages: [10], filteredOut: [2], byBothFilters: true)),
      [
        "Place 10 is not on the map: type more to list it, then map.",
        "Place 2 is not on the map: it does not match the filters. Type filter or category alone to clear.",
      ])
    XCTAssertEqual(MapLegend.notes(for: .init()), [], "nothing left out, nothing said")
  }

  /// Issue 21 §2: "2 places were left out…" is said in the drawing after
  /// the load, not again when the list is drawn again; `more` says its own.
  func test_aWarningOfLeftOutPlaces_isSaidOncePerLoad() async {
    let sut = makeSUT()
    let sentence = "2 places were left out: the service sent positions or distances that"
    sut.repository.pages = [
      .success(PlacesPage(places: [.sample("p1", name: "Place 1")], fetched: 20, mayHaveMore: true, dropped: 2)),
      .success(PlacesPage(places: [.sample("p2", name: "Place 2")], fetched: 20, mayHaveMore: true, dropped: 2)),
      .success(PlacesPage(places: [.sample("p3", name: "Place 3")], fetched: 20, mayHaveMore: true, dropped: 2)),
    ]
    await sut.screen.didAppear(console: sut.console)

    let first = body(sut)
    await run("filter", ["place"], on: sut)
    let redrawn = body(sut) + body(sut)
    sut.console.clearOutput()
    await run("more", on: sut)
    let afterMore = body(sut)
    await run("refresh", on: sut)
    let reloaded = body(sut)

    XCTAssertEqual(first.filter { $0.contains("left out") }, ["  " + sentence])
    XCTAssertEqual(redrawn.filter { $0.contains("left out") }, [])
    XCTAssertEqual(sut.console.output.filter { $0.contains("left out") }.count, 1, sut.console.transcript)
    XCTAssertEqual(afterMore.filter { $0.contains("left out") }, [])
    XCTAssertEqual(reloaded.filter { $0.contains("left out") }, ["  " + sentence], "a new load says it again")
  }

  func test_notices_comeBeforeTheScreenIsDrawn_notBetweenItsPlaceholderAndItsRows() async {
    let sut = makeSUT(isOffline: true)

    sut.screen.willAppear(console: sut.console)

    XCTAssertEqual(sut.console.output, ["! Offline catalog — set GEOAPIFY_API_KEY for live places"])
    XCTAssertEqual(sut.repository.calls, [], "nothing loads before the screen is drawn")
  }

  func test_aCancelledLoad_isShownAsInformation_withTheWayBack() async {
    let sut = makeSUT()
    sut.repository.pages = [.failure(CancellationError())]

    await sut.screen.didAppear(console: sut.console)

    XCTAssertEqual(Array(body(sut).dropFirst()), ["- Loading was cancelled.", "  Type refresh to try again."])
  }

  func test_anErrorWithoutASentence_neverShowsItsTypeName() async {
    struct Opaque: Error {}
    let sut = makeSUT()
    sut.repository.pages = [.failure(Opaque())]

    await sut.screen.didAppear(console: sut.console)

    let text = body(sut).joined(separator: "\n")
    XCTAssertTrue(text.contains("x Something unexpected went wrong"), text)
    XCTAssertFalse(text.contains("Opaque"), text)
  }

  func test_aCityNameWithNothingPrintable_isNotEchoedAsEmptyQuotes() async {
    let sut = makeSUT()

    await run("city", ["\u{07}\u{1B}[2J"], on: sut)

    XCTAssertEqual(sut.console.output, ["Searching…", "- No city has that name."])
  }

  func test_aCategoryBeforeAnyPlaceIsLoaded_saysSo_ratherThanListingNothing() async {
    let sut = makeSUT()
    sut.flags.isCategoryFilterEnabled = true

    await run("category", ["museum"], on: sut)

    XCTAssertEqual(sut.console.output, ["x No loaded place is in 'museum': no places are loaded yet."])
  }

  func test_categoriesAreOfferedForCompletion_onlyWhileTheFilterIsOn() async {
    let sut = makeSUT()
    sut.repository.pages = [page(2, more: false)]
    await sut.screen.didAppear(console: sut.console)
    func offered() -> [String]? { sut.screen.commands.first { $0.name == "category" }?.completions }

    XCTAssertEqual(offered(), [])
    sut.flags.isCategoryFilterEnabled = true
    XCTAssertEqual(offered(), ["catering"])
  }

  func test_openAndUse_sayWhatTheirNumberIs_forTheREPLsUsage() async {
    let sut = makeSUT()
    sut.repository.pages = [page(3, more: false)]
    await sut.screen.didAppear(console: sut.console)

    let usages = Dictionary(
      uniqueKeysWithValues: sut.screen.commands.map { ($0.name, $0.refusal(of: ArgumentLine(""))) })

    XCTAssertEqual(usages["open"], "Usage: open N — N is a row number, 1–3.")
    XCTAssertEqual(usages["use"], "Usage: use N — N is a city number from a search; search first with city NAME.")
    XCTAssertEqual(usages["refresh"], .some(nil), "refresh alone runs")
    XCTAssertEqual(usages["filter"], .some(nil), "filter alone clears")
    XCTAssertEqual(usages["city"], .some(nil), "city alone goes back")
    XCTAssertEqual(
      sut.screen.commands.first { $0.name == "refresh" }?.refusal(of: ArgumentLine("now")),
      "Usage: refresh — nothing goes after refresh.")
  }
}
