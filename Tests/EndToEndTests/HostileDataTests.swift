import Foundation
import Storage
import TestSupport
import XCTest

/// Numbers no honest service sends, through the built binary: every run ends
/// normally, relaunches too, and nothing absurd is shown or kept.
final class HostileDataTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]
  private let origin = (lat: 48.1374, lon: 11.5755)

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-hostile-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  /// A page whose first place claims 1e308 m, then 1e19 m and -5 m, then two
  /// places off the Earth; the rest are honest.
  private var hostilePage: String {
    var features = (1...5).map { index in
      GeoapifyFixtures.feature(
        name: "Place \(index)", id: "p\(index)", latitude: origin.lat + Double(index) * 0.0005, longitude: origin.lon)
    }
    features[0] = features[0].replacingOccurrences(of: #""country""#, with: #""distance":1e308,"country""#)
    features[1] = features[1].replacingOccurrences(of: #""country""#, with: #""distance":1e19,"country""#)
    features[2] = features[2].replacingOccurrences(of: #""country""#, with: #""distance":-5,"country""#)
    features.append(GeoapifyFixtures.feature(name: "Nowhere", id: "x1", latitude: 999, longitude: -9999))
    features.append(
      #"{"type":"Feature","properties":{"name":"Far","lat":1e308,"lon":1e308,"place_id":"x2"},"geometry":{"type":"Point","coordinates":[1e308,1e308]}}"#
    )
    return GeoapifyFixtures.collection(features)
  }

  private func makeServer() throws -> LoopbackHTTPServer {
    let page = hostilePage
    let server = try LoopbackHTTPServer { request in
      switch request.path {
      case "/v2/places":
        return .json(page)
      case "/v1/geocode/search":
        return .json(
          #"{"results":[{"city":"Atlantis","country":"Sea","lat":1e308,"lon":-46.6},{"city":"Mu","country":"Sea","lat":-91,"lon":0},{"city":"Lisbon","country":"Portugal","lat":38.7077507,"lon":-9.1365919}]}"#
        )
      default:
        return .json(#"{"statusCode":404,"error":"Not Found","message":"Not Found"}"#, status: 404)
      }
    }
    addTeardownBlock { server.stop() }
    return server
  }

  private func run(_ script: [String], server: LoopbackHTTPServer?) throws -> WayfarerBinary.Run {
    var environment: [String: String] = [:]
    if let server {
      environment = [
        "GEOAPIFY_API_KEY": "test-key", "WAYFARER_GEOAPIFY_URL": server.baseURL,
        "WAYFARER_LOCATION": "\(origin.lat),\(origin.lon)",
      ]
    }
    return try WayfarerBinary.run(script: script, home: home.path, environment: environment)
  }

  func test_absurdNumbers_thenRelaunch_thenOffline_allExitNormally() throws {
    let server = try makeServer()

    let first = try run(register + ["map", "city x", "use 1", "map", "quit"], server: server)

    XCTAssertEqual(first.status, 0, first.stderr)
    let out = first.stdout
    XCTAssertTrue(out.contains("2 places were left out: the service sent positions or distances"), out)
    XCTAssertTrue(
      out.contains("  1. Place 1  tourism   56 m  Munich\n"), "1e308 m is recomputed from the coordinates: \(out)")
    XCTAssertTrue(out.contains("  2. Place 2  tourism  111 m  Munich\n"), "so is 1e19 m: \(out)")
    XCTAssertTrue(out.contains("  3. Place 3  tourism  167 m  Munich\n"), "and -5 m: \(out)")
    XCTAssertFalse(out.contains("10000000000000000"), out)
    XCTAssertFalse(out.contains("-5 m"), out)
    XCTAssertFalse(out.contains("Nowhere"), out)
    XCTAssertTrue(out.contains("Cities matching x:\n  1. Lisbon  Portugal\n"), out)
    XCTAssertTrue(out.contains("2 of the results had no valid position and were left out."), out)
    XCTAssertFalse(out.contains("Atlantis"), out)
    XCTAssertTrue(out.contains("you are here"), "the map is drawn: \(out)")
    // (Any cached page at all: the file's name depends on rounding.)
    let cached = try FileManager.default.contentsOfDirectory(atPath: home.path + "/cache").filter {
      $0.hasPrefix("places-")
    }
    XCTAssertEqual(cached, [], "a page with invalid places is not cached")

    let relaunch = try run(["map", "quit"], server: server)
    XCTAssertEqual(relaunch.status, 0, relaunch.stderr)
    XCTAssertEqual(server.requests.filter { $0.path == "/v2/places" }.count, 3, "fetched again, not from a cache")

    let offline = try run(["map", "quit"], server: nil)
    XCTAssertEqual(offline.status, 0, offline.stderr)
    XCTAssertTrue(offline.stdout.contains("  Near Lisbon, Portugal · within 5 km\n"), offline.stdout)
  }

  /// When every result is left out, the count is still said.
  func test_aPageWhoseEveryPlaceIsFarAway_saysSo() throws {
    let server = try LoopbackHTTPServer { _ in
      .json(
        GeoapifyFixtures.collection([GeoapifyFixtures.feature(name: "Far", id: "f", latitude: -23.5, longitude: -46.6)])
      )
    }
    addTeardownBlock { server.stop() }

    let run = try self.run(register + ["nearby", "filter far", "nearby", "quit"], server: server)

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stdout.components(
        separatedBy: "  1 place was left out: the service sent a position or distance that\n  cannot be right.\n"
      ).count, 2, "said once, when the list loaded, not on each redraw: \(run.stdout)")
    XCTAssertTrue(run.stdout.contains("No places found within 5 km"), run.stdout)
  }

  /// A city saved by an older version (or a hand edit) with a position off
  /// the Earth: forgotten with one warning, and the account works again.
  func test_aStoredCityOffTheMap_isDiscardedWithOneWarning() throws {
    XCTAssertEqual(try run(register + ["quit"], server: nil).status, 0)
    let database = SQLiteDatabase(path: home.path + "/data/wayfarer.sqlite")
    _ = try database.execute(
      "INSERT INTO settings (account_id, key, value) VALUES (1, 'home.city', ?)",
      [.text(#"{"name":"Atlantis","country":"Sea","latitude":1e308,"longitude":-9999}"#)])

    let relaunch = try run(["map", "quit"], server: nil)
    let again = try run(["quit"], server: nil)

    XCTAssertEqual(relaunch.status, 0, relaunch.stderr)
    XCTAssertTrue(
      relaunch.stdout.sentencesJoined.contains(
        "! The saved city Atlantis, Sea had a position off the map and was forgotten; showing the default place."),
      relaunch.stdout)
    XCTAssertTrue(relaunch.stdout.contains("  Near São Paulo (default) · within 5 km\n"), relaunch.stdout)
    XCTAssertEqual(again.status, 0)
    XCTAssertFalse(again.stdout.contains("Atlantis"), "forgotten, so said once: \(again.stdout)")

    _ = try database.execute(
      "INSERT INTO settings (account_id, key, value) VALUES (1, 'home.city', ?)",
      [.text(#"{"name":"Atlantis","country":"Sea","latitude":1e999,"longitude":"abc"}"#)])
    let unreadable = try run(["quit"], server: nil)
    let afterwards = try run(["quit"], server: nil)
    XCTAssertTrue(
      unreadable.stdout.sentencesJoined.contains(
        "! The saved city could not be read and was forgotten; showing the default place."), unreadable.stdout)
    XCTAssertFalse(afterwards.stdout.contains("saved city"), afterwards.stdout)
  }
}
