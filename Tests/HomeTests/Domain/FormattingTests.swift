import XCTest

@testable import Home

final class FormattingTests: XCTestCase {
  func test_distances() {
    XCTAssertEqual(Formatting.distance(85), "85 m")
    XCTAssertEqual(Formatting.distance(999.6), "1000 m")
    XCTAssertEqual(Formatting.distance(1_234), "1.2 km")
    XCTAssertEqual(Formatting.distance(9_843_000), "9843 km")
    XCTAssertEqual(Formatting.distance(nil), "")
  }

  func test_numbersThatAreNotDistances_giveNothing_neverATrap() {
    for absurd in [1e308, 1e19, -5, -0.1, .infinity, -.infinity, .nan, Coordinate.longestDistance + 1] {
      XCTAssertEqual(Formatting.distance(absurd), "", "\(absurd)")
    }
    XCTAssertEqual(Formatting.distance(Coordinate.longestDistance), "20040 km")
  }

  func test_haversine() {
    let saoPaulo = Coordinate.saoPaulo
    let lisbon = Coordinate(latitude: 38.7223, longitude: -9.1393)
    XCTAssertEqual(saoPaulo.distance(to: lisbon) / 1_000, 7_936, accuracy: 15)
    XCTAssertEqual(saoPaulo.distance(to: saoPaulo), 0)
  }
}
