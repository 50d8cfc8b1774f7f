import Commands
import FeatureEnvironment
import Foundation
import TerminalNavigation
import TerminalText
import TestSupport
import TextWidth
import XCTest

@testable import Home

/// The module as App uses it: the builder's stack, driven through commands.
@MainActor
final class HomeFlowTests: XCTestCase {
  private func makeTab(file: StaticString = #filePath, line: UInt = #line) -> (HomeTab, ScriptedConsole, FavoritesSpy) {
    let favorites = FavoritesSpy()
    let console = ScriptedConsole()
    let tab = HomeBuilder.build(
      dependencies: HomeDependencies(
        geoapify: nil, fixedLocation: nil, favorites: favorites, locations: LocationsSpy(), featureFlags: FlagsStub()),
      environment: .offline(cacheDirectory: "/nonexistent"))
    for object in [tab.stack, tab.stack.root, tab.routes, tab.placeDetails, favorites, console] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (tab, console, favorites)
  }

  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    NavigationStack, ScriptedConsole, FavoritesSpy
  ) {
    let (tab, console, favorites) = makeTab(file: file, line: line)
    return (tab.stack, console, favorites)
  }

  /// The words of each line of a drawn body.
  private func rows(_ body: String) -> [[String]] {
    body.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
  }

  private func run(_ line: String, on stack: NavigationStack, console: ScriptedConsole) async {
    let words = line.split(separator: " ").map(String.init)
    let command = stack.visibleScreen.commands.first { $0.name == words[0] }
    XCTAssertNotNil(command, "no command \(words[0])")
    let arguments = words.dropFirst().joined(separator: " ")
    XCTAssertNil(command?.refusal(of: ArgumentLine(arguments)), "\(line) is refused")
    await command?.run(CommandInput(argumentText: arguments, console: console))
  }

  func test_offline_listOpenFavoriteBack_releasesTheDetail() async {
    let (stack, console, favorites) = makeSUT()
    stack.root.willAppear(console: console)
    await stack.root.didAppear(console: console)
    XCTAssertEqual(console.output, ["! Offline catalog — set GEOAPIFY_API_KEY for live places", "Loading places…"])
    let body = stack.root.body(in: .plain).map(\.plainText)
    XCTAssertEqual(body[1], "   1. Catedral da Sé                  tourism         116 m  São Paulo")

    await run("open 1", on: stack, console: console)
    XCTAssertEqual(stack.path, ["home", "detail"])
    weak let detail = stack.visibleScreen
    await stack.visibleScreen.didAppear(console: console)
    await run("favorite", on: stack, console: console)
    XCTAssertEqual(favorites.saved.values.map(\.name), ["Catedral da Sé"])

    stack.pop()
    XCTAssertNil(detail)
  }

  /// The facts and the details below them are one table: one key column.
  func test_aPlacesFactsAndDetails_shareOneKeyColumn() async {
    let (stack, console, _) = makeSUT()
    await stack.root.didAppear(console: console)
    await run("open 3", on: stack, console: console)
    await stack.visibleScreen.didAppear(console: console)

    let body = stack.visibleScreen.body(in: .plain).map(\.plainText)
    let keys = ["Category", "Address", "City", "Distance", "Website", "Timezone", "Wikipedia"]
    let valueColumns = body.compactMap { line -> Int? in
      guard let key = keys.first(where: { line.hasPrefix("  " + $0 + " ") }) else { return nil }
      return line.dropFirst(2 + key.count).prefix { $0 == " " }.count + 2 + key.count
    }
    XCTAssertEqual(valueColumns.count, keys.count, body.joined(separator: "\n"))
    XCTAssertEqual(Set(valueColumns), [2 + "Wikipedia".count + 2], body.joined(separator: "\n"))
  }

  /// A deep link's way in: App asks Home's routes for a place by id, and
  /// it loads on the detail above the list.
  func test_routes_showAPlaceById_onHomesStack() async {
    let (tab, console, favorites) = makeTab()

    tab.routes.showPlace(id: "offline-0001")
    XCTAssertEqual(tab.stack.path, ["home", "detail"])
    XCTAssertEqual(tab.stack.visibleScreen.title, "Place", "named once it has loaded")
    await tab.stack.visibleScreen.didAppear(console: console)

    XCTAssertEqual(tab.stack.visibleScreen.title, "Pinacoteca de São Paulo")
    let body = tab.stack.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    XCTAssertTrue(rows(body).contains(["City", "São", "Paulo"]), body)
    await run("favorite", on: tab.stack, console: console)
    XCTAssertEqual(favorites.saved["offline-0001"]?.name, "Pinacoteca de São Paulo")

    tab.routes.showPlace(id: "no-such-place")
    await tab.stack.visibleScreen.didAppear(console: console)
    XCTAssertEqual(tab.stack.path, ["home", "detail"], "one detail at a time above the list")
    XCTAssertEqual(
      tab.stack.visibleScreen.body(in: .plain).map(\.plainText).filter { !$0.isEmpty },
      ["! No place has the id no-such-place."])
  }

  /// Another tab's stack pushes Home's detail of a saved place: shown at
  /// once from the saved data, completed from the catalog.
  func test_placeDetails_forASavedPlace_standOnAnotherStack() async {
    let (tab, console, _) = makeTab()
    let saved = FavoritePlace(
      id: "offline-0001", name: "Saved name", categoryKey: "tourism.sights", address: "Praça da Luz 2",
      city: "São Paulo", latitude: -23.534, longitude: -46.634, phone: nil, website: nil, openingHours: nil)
    let other = NavigationStack(root: Screen(title: "Bookmarks", pathComponent: "bookmarks"))
    trackForMemoryLeaks(other)

    other.push(tab.placeDetails.makePlaceDetail(for: saved))
    let before = other.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")
    await other.visibleScreen.didAppear(console: console)
    let after = other.visibleScreen.body(in: .plain).map(\.plainText).joined(separator: "\n")

    XCTAssertEqual(other.path, ["bookmarks", "detail"])
    XCTAssertEqual(tab.stack.path, ["home"], "Home's own stack is untouched")
    XCTAssertEqual(other.visibleScreen.title, "Saved name")
    XCTAssertTrue(rows(before).contains(["Address", "Praça", "da", "Luz", "2"]), before)
    XCTAssertTrue(before.contains("Details are on their way"), before)
    XCTAssertFalse(after.contains("Details are on their way"), after)

    var unplaced = saved
    unplaced.latitude = 1e308
    other.push(tab.placeDetails.makePlaceDetail(for: unplaced))
    await other.visibleScreen.didAppear(console: console)
    XCTAssertEqual(other.visibleScreen.title, "Pinacoteca de São Paulo", "a saved place off the map is looked up by id")
  }

  func test_map_drawsNumberedPlacesInASCIIOffATerminal_withinTheWidth() async {
    let (stack, console, _) = makeSUT()
    await stack.root.didAppear(console: console)
    console.clearOutput()

    await run("map", on: stack, console: console)

    let map = console.output
    let picture = map.filter { $0.hasPrefix("|") || $0.hasPrefix("+-") }
    XCTAssertEqual(picture.count, 19, map.joined(separator: "\n"))
    // The frame and dots in ASCII; names beside their numbers keep their letters.
    XCTAssertFalse(
      picture.contains { $0.unicodeScalars.contains { (0x2500...0x28FF).contains($0.value) } },
      map.joined(separator: "\n"))
    XCTAssertTrue(map.contains { $0.contains("1") && $0.contains("+") })
    XCTAssertTrue(map.contains { $0.hasPrefix("|") && $0.hasSuffix(" km") })
    XCTAssertTrue(map.contains { $0.contains("1 Catedral da Sé, 2 Pátio do Colégio") })
    XCTAssertTrue(map.allSatisfy { DisplayWidth.of($0) <= 80 })
  }

  func test_untrustedNamesAreDrawnHarmlessly() {
    let place = Place.sample("x", name: "Evil\u{1B}]0;owned\u{07} Bar\u{1B}[2J")
    let lines = MapRenderer(places: [(1, place)], center: place.coordinate).lines(in: .plain)
    XCTAssertFalse(lines.map { TextRenderer(usesColor: true).render($0) }.joined().contains("]0;"))
  }

  /// Across the antimeridian a place 500 m away is drawn beside the centre,
  /// not 360 degrees off the canvas.
  func test_acrossTheAntimeridian_aNearbyPlaceIsDrawn() {
    var east = Place.sample("e", name: "East")
    east.coordinate = Coordinate(latitude: 0, longitude: -179.9955)  // 500 m east
    let lines = MapRenderer(places: [(7, east)], center: Coordinate(latitude: 0, longitude: 180)).lines(in: .plain)
    let canvas = lines.prefix(18).map { TextRenderer(usesColor: false).render($0) }.joined()
    XCTAssertTrue(canvas.contains("7"), canvas)
  }

  /// Positions that slipped past validation (or came from an older version)
  /// are not drawn, and drawing does not trap.
  func test_pointsOffTheEarth_areLeftOffTheCanvas() {
    var far = Place.sample("x", name: "Far")
    far.coordinate = Coordinate(latitude: 1e308, longitude: -1e308)
    var odd = Place.sample("y", name: "Odd")
    odd.coordinate = Coordinate(latitude: .nan, longitude: .infinity)
    for center in [
      Coordinate.saoPaulo, Coordinate(latitude: 1e308, longitude: 0), Coordinate(latitude: .nan, longitude: 0),
    ] {
      let lines = MapRenderer(places: [(1, far), (2, odd)], center: center).lines(in: .plain)
      XCTAssertEqual(lines.count, 22, "frame, 16 rows, scale, two lines of key and legend: \(center)")
    }
  }
}

@MainActor
final class HomeReleaseTests: XCTestCase {
  /// Every screen, view model and router Home made is gone with its stack.
  func test_droppingTheStack_releasesEverythingHomeMade() async {
    await withPrivateLedger { ledger in
      let homeTypes = [
        "NearbyPlacesScreen", "NearbyPlacesViewModel", "HomeRouter", "PlaceDetailScreen", "PlaceDetailViewModel",
        "PlaceDetailFactory",
      ]
      func alive() -> [Int] { homeTypes.map { ledger.row(for: $0)?.alive ?? 0 } }
      let before = alive()
      var stack: NavigationStack? = HomeBuilder.build(
        dependencies: HomeDependencies(
          geoapify: nil, fixedLocation: nil, favorites: FavoritesSpy(), locations: LocationsSpy(),
          featureFlags: FlagsStub()),
        environment: .offline(cacheDirectory: "/nonexistent")
      ).stack
      let console = ScriptedConsole()
      await stack?.root.didAppear(console: console)
      await stack?.root.commands.first { $0.name == "open" }?.run(
        CommandInput(argumentText: "2", console: console))
      await stack?.visibleScreen.didAppear(console: console)
      XCTAssertEqual(zip(alive(), before).map { $0 - $1 }, [1, 1, 1, 1, 1, 1])

      stack = nil

      XCTAssertEqual(alive(), before)
    }
  }
}
