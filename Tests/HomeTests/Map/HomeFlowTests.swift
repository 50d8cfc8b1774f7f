import Foundation
import TerminalKit
import TestSupport
import XCTest

@testable import Home

/// The module as App uses it: the builder's stack, driven through commands.
@MainActor
final class HomeFlowTests: XCTestCase {
  private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (
    NavigationStack, ScriptedConsole, FavoritesSpy
  ) {
    let favorites = FavoritesSpy()
    let console = ScriptedConsole()
    let stack = HomeBuilder.build(
      dependencies: HomeDependencies(
        geoapify: nil, fixedLocation: nil, cacheDirectory: "/nonexistent", favorites: favorites,
        locations: LocationsSpy(),
        featureFlags: FlagsStub()))
    for object in [stack, stack.root, favorites, console] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (stack, console, favorites)
  }

  private func run(_ line: String, on stack: NavigationStack, console: ScriptedConsole) async {
    let words = line.split(separator: " ").map(String.init)
    let command = stack.visibleScreen.commands.first { $0.name == words[0] }
    XCTAssertNotNil(command, "no command \(words[0])")
    await command?.run(
      CommandInput(
        arguments: Array(words.dropFirst()), argumentText: words.dropFirst().joined(separator: " "), console: console))
  }

  func test_offline_listOpenFavoriteBack_releasesTheDetail() async {
    let (stack, console, favorites) = makeSUT()
    await stack.root.didAppear(console: console)
    XCTAssertEqual(console.output, ["! Offline catalog — set GEOAPIFY_API_KEY for live places", "Loading places…"])
    let body = stack.root.body(in: .plain).map(\.plainText)
    XCTAssertEqual(body[1], "   1. Catedral da Sé                  tourism · 116 m")

    await run("open 1", on: stack, console: console)
    XCTAssertEqual(stack.path, ["home", "detail"])
    weak let detail = stack.visibleScreen
    await stack.visibleScreen.didAppear(console: console)
    await run("favorite", on: stack, console: console)
    XCTAssertEqual(favorites.saved.values.map(\.name), ["Catedral da Sé"])

    stack.pop()
    XCTAssertNil(detail)
  }

  func test_map_drawsNumberedPlacesInASCIIOffATerminal_withinTheWidth() async {
    let (stack, console, _) = makeSUT()
    await stack.root.didAppear(console: console)
    console.clearOutput()

    await run("map", on: stack, console: console)

    let map = console.output
    let picture = map.filter { $0.hasPrefix("|") || $0.hasPrefix("+-") }
    XCTAssertEqual(picture.count, 19, map.joined(separator: "\n"))
    XCTAssertTrue(picture.allSatisfy { $0.allSatisfy(\.isASCII) }, map.joined(separator: "\n"))
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
      XCTAssertEqual(lines.count, 21, "frame, 16 rows, scale, key and legend: \(center)")
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
      ]
      func alive() -> [Int] { homeTypes.map { ledger.row(for: $0)?.alive ?? 0 } }
      let before = alive()
      var stack: NavigationStack? = HomeBuilder.build(
        dependencies: HomeDependencies(
          geoapify: nil, fixedLocation: nil, cacheDirectory: "/nonexistent", favorites: FavoritesSpy(),
          locations: LocationsSpy(), featureFlags: FlagsStub()))
      let console = ScriptedConsole()
      await stack?.root.didAppear(console: console)
      await stack?.root.commands.first { $0.name == "open" }?.run(
        CommandInput(arguments: ["2"], argumentText: "2", console: console))
      await stack?.visibleScreen.didAppear(console: console)
      XCTAssertEqual(zip(alive(), before).map { $0 - $1 }, [1, 1, 1, 1, 1])

      stack = nil

      XCTAssertEqual(alive(), before)
    }
  }
}
