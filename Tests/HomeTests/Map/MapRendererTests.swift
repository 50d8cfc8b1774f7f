import Foundation
import TerminalText
import TextWidth
import XCTest

@testable import Home

/// Issue 9 §4: a map that hides nothing, sized to the terminal, whose key
/// describes what is drawn.
final class MapRendererTests: XCTestCase {
  private let center = Coordinate(latitude: 48.1374, longitude: 11.5755)
  private let terminal = TerminalCapabilities(
    inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true)

  /// A place `north` and `east` metres from the centre.
  private func place(_ number: Int, north: Double, east: Double = 0) -> (number: Int, place: Place) {
    var place = Place.sample("p\(number)", name: "Place \(number)")
    place.coordinate = Coordinate(
      latitude: center.latitude + north / 110_574,
      longitude: center.longitude + east / (111_320 * cos(center.latitude * .pi / 180)))
    return (number, place)
  }

  private func render(_ places: [(number: Int, place: Place)], in context: RenderContext = .plain) -> [String] {
    MapRenderer(places: places, center: center).lines(in: context).map(\.plainText)
  }

  /// The picture's rows (inside the frame) and what follows it.
  private func split(_ lines: [String]) -> (picture: [String], below: [String]) {
    let frame = lines.indices.filter {
      lines[$0].hasPrefix("+-") || lines[$0].hasPrefix("┌") || lines[$0].hasPrefix("└")
    }
    guard frame.count == 2 else { return ([], lines) }
    // A legend beside the picture is not part of it: cut at the frame's right edge.
    let top = Array(lines[frame[0]])
    let edge = (top.firstIndex(of: "┐") ?? top.dropFirst().firstIndex(of: "+")).map { $0 + 1 } ?? top.count
    let picture = lines[(frame[0] + 1)..<frame[1]].map { String(Array($0).prefix(edge)) }
    return (picture, Array(lines[(frame[1] + 1)...]))
  }

  /// Numbers written in the picture, as whole tokens.
  private func numbersDrawn(_ picture: [String]) -> Set<Int> {
    Set(
      picture.flatMap { row in
        row.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
      })
  }

  func test_clusteredPlaces_everyNumberIsInThePictureOrTheSharedSpotNote() {
    // Twenty places in a tight ring 30 m across, and the scale set by one far away.
    var places = (1...20).map { index -> (number: Int, place: Place) in
      let angle = Double(index) * .pi / 10
      return place(index, north: 15 * sin(angle), east: 15 * cos(angle))
    }
    places.append(place(21, north: 4_000))

    let (picture, below) = split(render(places))
    // The note is one sentence, wrapped; the legend's names have no full stop.
    let text = below.joined(separator: " ")
    let notes =
      text.range(of: "Letters mark").map { String(text[$0.lowerBound...].prefix { $0 != "." }) }
      ?? text.range(of: "marks one spot").map { String(text[$0.lowerBound...].prefix { $0 != "." }) } ?? ""

    XCTAssertFalse(notes.isEmpty, below.joined(separator: "\n"))
    let noted = Set(notes.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) })
    let drawn = numbersDrawn(picture)
    for number in 1...21 {
      XCTAssertTrue(
        drawn.contains(number) || noted.contains(number),
        "\(number) is nowhere:\n\(picture.joined(separator: "\n"))\n\(notes)")
    }
    XCTAssertTrue(picture.joined().contains("A"), "the shared spot is marked")
  }

  func test_placesInNeighbouringCells_areAllNumbered_nudgedWhereTheyWouldOverlap() {
    // One cell apart east-west: "10" would cover the 11 beside it.
    let places = (10...14).map { place($0, north: 2_000, east: Double($0 - 10) * 330) } + [place(1, north: -4_000)]

    let drawn = numbersDrawn(split(render(places)).picture)

    XCTAssertEqual(drawn, [1, 10, 11, 12, 13, 14])
  }

  func test_aPlaceWhereYouAre_isNumberedBesideTheCentreMark() {
    let (picture, _) = split(render([place(1, north: 0), place(2, north: 3_000)]))

    XCTAssertEqual(numbersDrawn(picture), [1, 2])
    XCTAssertTrue(picture.joined().contains("+"))
  }

  func test_theKeyDescribesWhatIsDrawn_theCircleOnlyWhenItIs() {
    let far = render([place(1, north: 4_800)])
    let near = render([place(1, north: 200)])

    XCTAssertTrue(far.contains("+ you are here; the circle is the 5 km search area"), far.joined(separator: "\n"))
    XCTAssertTrue(
      near.contains("+ you are here; the 5 km search area reaches past the frame"), near.joined(separator: "\n"))
    XCTAssertTrue(near.contains { $0.hasSuffix(" m") && $0.hasPrefix("|-") }, "zoomed in: a scale in metres")
  }

  func test_theLegendBreaksBetweenEntries_neverBetweenANumberAndItsName() {
    let names = ["Museu da Língua Portuguesa", "Pinacoteca de São Paulo", "Museu de Arte de São Paulo"]
    let places = (1...12).map { index -> (number: Int, place: Place) in
      var entry = place(index, north: Double(index) * 300)
      entry.place.name = names[index % names.count]
      return entry
    }

    let legend = split(render(places)).below.filter { $0.first?.isNumber == true }

    XCTAssertGreaterThan(legend.count, 1)
    for line in legend {
      XCTAssertFalse(line.hasSuffix(", ") || line.last?.isNumber == true, "a number left without its name: \(line)")
      XCTAssertLessThanOrEqual(DisplayWidth.of(line), 72)
    }
    XCTAssertEqual(legend.joined(separator: " ").components(separatedBy: ", ").count, 12)
  }

  func test_onATerminal_theMapTakesTheRoomThereIs_keepingASquareArea() {
    for (width, height) in [(40, 30), (80, 24), (160, 50)] {
      let context = RenderContext(width: width, height: height, capabilities: terminal)
      let lines = render([place(1, north: 1_000), place(2, north: -3_000)], in: context)
      let (picture, _) = split(lines)

      XCTAssertEqual(picture.first.map(DisplayWidth.of), picture.count * 2 + 2, "\(width)×\(height)")
      XCTAssertLessThanOrEqual(lines.count + 1, height, "\(width)×\(height): the map and the prompt fit")
      XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width)×\(height)")
    }
    let big = split(render([place(1, north: 1_000)], in: RenderContext(width: 160, height: 50, capabilities: terminal)))
    XCTAssertGreaterThan(big.picture.count, 30, "a tall terminal gets a big map")
  }

  /// Issue 21 §5: at 100×32 the picture takes the window's height, the
  /// legend (each place on its line, then what the marks are) beside it,
  /// and a name is written beside its number where there is room.
  func test_at100x32_theLegendIsBesideABigPicture_andNamesBesideTheirDots() {
    let context = RenderContext(width: 100, height: 32, capabilities: terminal)
    var places = (1...12).map { place($0, north: Double($0) * 300 - 1_800, east: Double($0 % 3) * 900 - 900) }
    places[0].place.name = "Catedral da Sé"

    let lines = render(places, in: context)
    let (picture, _) = split(lines)

    XCTAssertGreaterThanOrEqual(picture.count, 25, "the height of the window, not 11 rows")
    XCTAssertLessThanOrEqual(lines.count + 2, 32, "the command, the map, its legend and the prompt fit")
    XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 100 })
    XCTAssertTrue(lines[0].hasSuffix("  1 Catedral da Sé"), lines[0])
    XCTAssertTrue(lines[11].hasSuffix("  12 Place 12"), lines[11])
    let key = lines.joined(separator: "\n")
    XCTAssertTrue(key.contains("✛ you are here"), key)
    XCTAssertTrue(key.contains("⠂ a place: its number (and name, where"), key)
    XCTAssertTrue(picture.contains { $0.contains("1 Catedral") }, picture.joined(separator: "\n"))
  }

  func test_aPlaceOffTheMap_isSaidSoInTheLegend() {
    var nowhere = place(2, north: 0)
    nowhere.place.coordinate = Coordinate(latitude: .nan, longitude: 0)

    let lines = render([place(1, north: 1_000), nowhere])

    XCTAssertTrue(lines.contains { $0.contains("2 Place 2 (not on the map)") }, lines.joined(separator: "\n"))
  }
}
