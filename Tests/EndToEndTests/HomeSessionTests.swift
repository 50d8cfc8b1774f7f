import Foundation
import Synchronization
import TestSupport
import XCTest

/// Home through the built binary: against a loopback Geoapify, and offline.
final class HomeSessionTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-home-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  /// Geoapify as documented: pages of 20 around Munich, details, geocoding.
  private func makeGeoapify(_ override: (@Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply?)? = nil)
    throws
    -> LoopbackHTTPServer
  {
    let server = try LoopbackHTTPServer { request in
      if let reply = override?(request) { return reply }
      guard request.query["apiKey"] == "test-key" else { return .json(GeoapifyFixtures.invalidKey, status: 401) }
      switch request.path {
      case "/v2/places":
        let offset = Int(request.query["offset"] ?? "0") ?? 0
        let origin = GeoapifyFixtures.origin(ofBias: request.query["bias"] ?? "") ?? (48.1374, 11.5755)
        return .json(GeoapifyFixtures.page(count: offset == 0 ? 20 : 5, first: offset + 1, origin: origin))
      case "/v2/place-details":
        return .json(GeoapifyFixtures.details)
      case "/v1/geocode/search":
        return .json(GeoapifyFixtures.lisbonSearch)
      default:
        return .json(#"{"statusCode":404,"error":"Not Found","message":"Not Found"}"#, status: 404)
      }
    }
    addTeardownBlock { server.stop() }
    return server
  }

  private func run(_ script: [String], server: LoopbackHTTPServer?, extra: [String: String] = [:]) throws
    -> WayfarerBinary.Run
  {
    var environment = extra
    if let server {
      environment["GEOAPIFY_API_KEY"] = environment["GEOAPIFY_API_KEY"] ?? "test-key"
      environment["WAYFARER_GEOAPIFY_URL"] = server.baseURL
    }
    return try WayfarerBinary.run(script: script, home: home.path, environment: environment)
  }

  func test_live_listMoreFilterCityUseOpenFavorite() throws {
    let server = try makeGeoapify()

    let run = try run(
      register + [
        "more", "more", "filter place 2", "filter", "city lisbon", "use 1", "open 2", "favorite", "back", "quit",
      ],
      server: server, extra: ["WAYFARER_LOCATION": "48.1374,11.5755"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertFalse(out.contains("Offline catalog"))
    XCTAssertTrue(out.contains("  Near WAYFARER_LOCATION (48.1374,11.5755) · within 5 km\n   1. Place 1"), out)
    XCTAssertTrue(out.contains("  25. Place 25"), out)
    XCTAssertTrue(out.contains("- That is every place within 5 km: 25 in all."), out)
    XCTAssertTrue(out.contains("  Showing 8 of 25: name or city matches \"place 2\"."), out)
    XCTAssertTrue(out.contains("Cities matching lisbon:\n  1. Lisbon  Portugal\n  2. Lisbon  United States\n"), out)
    XCTAssertTrue(out.contains("  Near Lisbon, Portugal · within 5 km\n"), out)
    // Aligned with the facts above it (Opening hours), as issue 9 asks.
    XCTAssertTrue(out.contains("  Wheelchair     yes\n"), out)
    XCTAssertTrue(out.contains("ok Saved Place 2 to your bookmarks."), out)

    let requests = server.requests
    let places = requests.filter { $0.path == "/v2/places" }
    XCTAssertEqual(places.map { $0.query["offset"] }, ["0", "20", "0"])
    XCTAssertEqual(places.first?.query["filter"], "circle:11.5755,48.1374,5000")
    XCTAssertEqual(places.first?.query["categories"], "tourism,catering,entertainment,leisure")
    XCTAssertEqual(places.last?.query["bias"], "proximity:-9.1365919,38.7077507")
    XCTAssertEqual(requests.first { $0.path == "/v1/geocode/search" }?.query["text"], "lisbon")
    XCTAssertEqual(requests.first { $0.path == "/v2/place-details" }?.query["id"], "p2")
    XCTAssertEqual(requests.first?.headers["user-agent"], "wayfarer/0.1.0")
  }

  /// `more` prints the rows it added, numbered on, not the list again:
  /// output grows with the places loaded, not with their square.
  func test_more_printsOnlyTheRowsItAdded() throws {
    let server = try makeGeoapify()

    let run = try run(
      register + ["more", "nearby", "quit"], server: server, extra: ["WAYFARER_LOCATION": "48.1374,11.5755"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(
      out.contains("Loading more places…\n  Places 21–25 (25 loaded):\n  21. Place 21 "), out)
    XCTAssertEqual(out.components(separatedBy: "   1. Place 1 ").count - 1, 2, "the first drawing and nearby:\n\(out)")
    XCTAssertEqual(out.components(separatedBy: "  21. Place 21 ").count - 1, 2, "more's rows and nearby:\n\(out)")
  }

  /// Issue 21 §2: a page with a place nearer than rows listed prints the list again.
  ///
  /// Geoapify's pages are only roughly in distance order: the whole list
  /// is put in order again, said once, and printed from its top, so that
  /// `open N` opens the row last printed as N.
  func test_more_withANearerPlace_printsTheListAgainInDistanceOrder() throws {
    let server = try makeGeoapify { request in
      guard request.path == "/v2/places", request.query["offset"] == "20" else { return nil }
      // 137 m: between Place 2 (110 m) and Place 3 (165 m).
      let near = GeoapifyFixtures.feature(
        name: "Nearer", id: "n1", latitude: 48.1374 + 0.00123, longitude: 11.5755, distance: 137)
      return .json(GeoapifyFixtures.collection([near]))
    }

    let run = try run(
      register + ["more", "open 3", "quit"], server: server, extra: ["WAYFARER_LOCATION": "48.1374,11.5755"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    let after = out.components(separatedBy: "Loading more places…\n").last ?? ""
    XCTAssertTrue(after.contains("distance order again"), out)
    XCTAssertFalse(after.contains("Places 21"), "no rows added under the old numbers:\n\(out)")
    XCTAssertTrue(
      after.contains("   2. Place 2 ") && after.contains("   3. Nearer ") && after.contains("  21. Place 20 "), out)
    XCTAssertEqual(server.requests.first { $0.path == "/v2/place-details" }?.query["id"], "n1")
  }

  /// Twenty live places 55 m apart in a row: most share a cell.
  ///
  /// Every
  /// number is in the picture or in the note saying which share a spot.
  func test_aClusteredMap_accountsForEveryPlace() throws {
    let server = try makeGeoapify()

    let run = try run(register + ["map", "quit"], server: server, extra: ["WAYFARER_LOCATION": "48.1374,11.5755"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let lines = run.stdout.components(separatedBy: "\n")
    guard let top = lines.firstIndex(where: { $0.hasPrefix("+---") }),
      let bottom = lines[(top + 1)...].firstIndex(where: { $0.hasPrefix("+---") })
    else { return XCTFail(run.stdout) }
    let picture = lines[(top + 1)..<bottom].joined(separator: "\n")
    let after = lines[(bottom + 1)...].joined(separator: " ")
    guard let start = after.range(of: "Letters mark") ?? after.range(of: "marks one spot") else {
      return XCTFail("no note on shared spots:\n\(run.stdout)")
    }
    let note = after[start.lowerBound...].prefix { $0 != "." }
    let numbers = { (text: Substring) in Set(text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }) }
    let accounted = numbers(Substring(picture)).union(numbers(note))
    XCTAssertTrue(Set(1...20).isSubset(of: accounted), "missing \(Set(1...20).subtracting(accounted)):\n\(run.stdout)")
    XCTAssertTrue(after.contains("+ you are here; the 5 km search area reaches past the frame"), after)
  }

  func test_theFirstPageIsCached_andRefreshFetchesAgain() throws {
    let server = try makeGeoapify()
    XCTAssertEqual(try run(register + ["quit"], server: server).status, 0)

    let relaunch = try run(["refresh", "quit"], server: server)

    XCTAssertTrue(relaunch.stdout.contains("; type refresh for the latest."), relaunch.stdout)
    XCTAssertEqual(server.requests.filter { $0.path == "/v2/places" }.count, 2)
  }

  func test_aRefusedKey_saysWhichVariable_andTheAppStaysUsable() throws {
    let server = try makeGeoapify()

    let run = try run(
      register + ["more", "profile", "quit"], server: server, extra: ["GEOAPIFY_API_KEY": "wrong-key-123"])

    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(
      run.stdout.contains(
        "x Geoapify refused the API key in GEOAPIFY_API_KEY: Invalid apiKey\n  Check GEOAPIFY_API_KEY (keys are made at myprojects.geoapify.com) and\n"
      ),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("x There is no list to extend yet. Type refresh to load places."), run.stdout)
    XCTAssertTrue(run.stdout.contains("  Name          Ada Lovelace"), run.stdout)
  }

  func test_malformedJSON_isNamed_andHostileNamesArePrintedHarmlessly() throws {
    let calls = Atomic<Int>(0)
    let server = try makeGeoapify { request in
      guard request.path == "/v2/places" else { return nil }
      if calls.add(1, ordering: .relaxed).newValue == 1 { return .json(#"{"type":"FeatureCollection","features":[{"#) }
      return .json(
        #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Evil\u001b]0;owned\u0007 \u001b[31mBar","lat":48.1,"lon":11.5,"place_id":"e"},"geometry":{"type":"Point","coordinates":[11.5,48.1]}}]}"#
      )
    }

    let run = try run(register + ["refresh", "quit"], server: server, extra: ["WAYFARER_LOCATION": "48.1,11.5"])

    XCTAssertTrue(run.stdout.contains("x Geoapify sent a response Wayfarer could not read."), run.stdout)
    XCTAssertTrue(run.stdout.contains("  1. Evil Bar  "), run.stdout)
    XCTAssertFalse(run.stdout.contains("\u{1B}"))
    XCTAssertFalse(run.stdout.contains("\u{07}"))
  }

  func test_anUnresolvableHost_isNamed() throws {
    let run = try WayfarerBinary.run(
      script: register + ["quit"], home: home.path,
      environment: ["GEOAPIFY_API_KEY": "test-key-0001", "WAYFARER_GEOAPIFY_URL": "http://no-such-host.invalid"])

    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "x Could not find the server no-such-host.invalid. Check your internet connection."),
      run.stdout)
  }

  func test_offline_catalog_cityUseAndBadNumbers() throws {
    let run = try run(register + ["open 0", "use 1", "city lisbon", "use 9", "use 1", "more", "quit"], server: nil)

    XCTAssertEqual(run.status, 0)
    let out = run.stdout
    XCTAssertTrue(out.contains("! Offline catalog — set GEOAPIFY_API_KEY for live places\n"), out)
    XCTAssertEqual(out.components(separatedBy: "Offline catalog").count - 1, 1)
    XCTAssertTrue(out.contains("   1. Catedral da Sé"), out)
    XCTAssertTrue(out.contains("x There is no place 0. Choose a number from 1 to 10."), out)
    XCTAssertTrue(out.contains("x Search for a city first: city NAME."), out)
    XCTAssertTrue(out.contains("x Choose a city by its number, from 1 to "), out)
    XCTAssertTrue(out.contains("  Near Lisbon, Portugal · within 5 km\n"), out)
    XCTAssertTrue(out.contains("- That is every place within 5 km: 7 in all."), out)
  }

  /// Issue 21 §4: `filter csj` finds Castelo de São Jorge as fzf would;
  /// the row keeps its number, which `open` takes; smart case.
  func test_offline_fuzzyFilter_keepsNumbers_andOpenTakesTheNumberShown() throws {
    let run = try run(
      register + [
        "city lisbon", "use 1", "filter csj", "open 1", "open 5", "back", "filter CSJ", "filter Csj", "quit",
      ],
      server: nil)

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("  Showing 1 of 7: name or city matches \"csj\".\n"), out)
    XCTAssertTrue(out.contains("\n  5. Castelo de São Jorge  tourism  1.9 km  Lisbon\n"), out)
    XCTAssertTrue(
      out.contains("x Place 1 is not shown; the only row shown is 5.\n"), out)
    XCTAssertTrue(out.contains("Home > Castelo de São Jorge"), out)
    XCTAssertTrue(out.contains("  Showing 1 of 7: name or city matches \"CSJ\".\n"), out)
    XCTAssertTrue(out.contains("  Showing 0 of 7: name or city matches \"Csj\".\n"), "smart case: \(out)")
  }

  /// `web` on a place with a website prints it; on one without, `web`
  /// says there is none rather than "Unknown command".
  func test_web_onAPlaceWithAWebsite_printsIt() throws {
    let run = try run(register + ["open 3", "web", "back", "open 1", "web", "quit"], server: nil)

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertTrue(out.contains("  web       The place's website\n"), out)
    XCTAssertTrue(out.contains("\nhttps://theatromunicipal.org.br\n"), "printed as it is, alone: \(out)")
    XCTAssertTrue(
      out.contains("x Catedral da Sé has no website in the map's data."), "Catedral da Sé has no website: \(out)")
  }

  func test_theChosenCity_isRememberedPerAccount() throws {
    let first = try run(register + ["city berlin", "use 1", "quit"], server: nil)
    XCTAssertEqual(first.status, 0, first.stderr)

    let relaunch = try run(["quit"], server: nil)

    XCTAssertTrue(relaunch.stdout.contains("  Near Berlin, Germany · within 5 km\n"), relaunch.stdout)
  }
}
