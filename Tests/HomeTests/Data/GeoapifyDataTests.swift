import Foundation
import FuzzyMatching
import Networking
import TestSupport
import XCTest

@testable import Home

final class GeoapifyRequestsTests: XCTestCase {
  private let requests = GeoapifyRequests(
    baseURL: URL(string: "https://api.geoapify.com")!, apiKey: Secret(value: "k+ey", source: "GEOAPIFY_API_KEY"))

  private func items(_ url: URL) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
        ($0.name, $0.value ?? "")
      })
  }

  func test_places_askForTheFourCategoriesInA5kmCircle_20AtATime() {
    let url = requests.places(near: Coordinate(latitude: -23.5505, longitude: -46.6333), offset: 20, limit: 20)

    XCTAssertEqual(url.host, "api.geoapify.com")
    XCTAssertEqual(url.path, "/v2/places")
    XCTAssertEqual(
      items(url),
      [
        "categories": "tourism,catering,entertainment,leisure", "filter": "circle:-46.6333,-23.5505,5000",
        "bias": "proximity:-46.6333,-23.5505", "limit": "20", "offset": "20", "apiKey": "k+ey",
      ])
    XCTAssertTrue(url.absoluteString.contains("apiKey=k%2Bey"), url.absoluteString)
  }

  func test_detailsAndGeocoding() {
    let details = requests.details(placeID: "514630c4")
    XCTAssertEqual(details.path, "/v2/place-details")
    XCTAssertEqual(items(details), ["id": "514630c4", "apiKey": "k+ey"])

    let cities = requests.cities(named: "São Paulo")
    XCTAssertEqual(cities.path, "/v1/geocode/search")
    XCTAssertEqual(
      items(cities), ["text": "São Paulo", "type": "city", "limit": "5", "format": "json", "apiKey": "k+ey"])
  }

  func test_aBaseURLWithAPath_keepsIt() {
    let prefixed = GeoapifyRequests(
      baseURL: URL(string: "http://127.0.0.1:8080/geo/")!, apiKey: Secret(value: "k", source: "GEOAPIFY_API_KEY"))
    XCTAssertEqual(prefixed.details(placeID: "x").path, "/geo/v2/place-details")
    XCTAssertEqual(prefixed.details(placeID: "x").port, 8080)
  }
}

final class PlaceMapperTests: XCTestCase {
  private func decode(_ json: String) throws -> FeatureCollectionDTO {
    try GeoapifyError.decode(FeatureCollectionDTO.self, from: Data(json.utf8))
  }

  func test_theDocumentedFeature_becomesAPlace() throws {
    let places = PlaceMapper.places(
      from: try decode(GeoapifyFixtures.collection([GeoapifyFixtures.documentedFeature])), origin: nil
    ).places

    XCTAssertEqual(places.count, 1)
    let place = try XCTUnwrap(places.first)
    XCTAssertEqual(place.id, "514630c4")
    XCTAssertEqual(place.name, "Guido al Duomo")
    XCTAssertEqual(place.category, "catering")
    XCTAssertEqual(place.city, "Munich")
    XCTAssertEqual(place.address, "Frauenplatz 12, 80331 Munich, Germany")
    XCTAssertEqual(place.distance, 85)
    XCTAssertEqual(place.phone, "+49 89 24231690")
    XCTAssertEqual(place.website, "https://example.org")
    XCTAssertEqual(place.openingHours, "Mo-Sa 09:00-24:00")
    XCTAssertEqual(place.coordinate, Coordinate(latitude: 48.1389272, longitude: 11.5742388))
  }

  func test_namelessFeaturesAreSkipped_nullsAreFine_andDistanceIsComputedWhenMissing() throws {
    let json = GeoapifyFixtures.collection([
      GeoapifyFixtures.feature(name: nil, id: "a", latitude: 48.0, longitude: 11.0),
      #"{"type":"Feature","properties":{"name":"Bare","lat":48.001,"lon":11.0,"city":null,"categories":null,"place_id":"b","datasource":null},"geometry":null}"#,
    ])

    let places = PlaceMapper.places(from: try decode(json), origin: Coordinate(latitude: 48.0, longitude: 11.0)).places

    XCTAssertEqual(places.map(\.id), ["b"])
    XCTAssertEqual(places[0].category, "place")
    XCTAssertNil(places[0].city)
    XCTAssertEqual(places[0].distance ?? 0, 111, accuracy: 1)
  }

  func test_aFieldOfAnotherKind_readsAsMissing_andAFeatureWithoutPropertiesIsSkipped_butCounted() throws {
    let json = GeoapifyFixtures.collection([
      #"{"type":"Feature","properties":{"name":"Odd","city":7,"categories":["a",1,"a.b"],"lat":"48","lon":11,"place_id":"o"},"geometry":{"type":"Point","coordinates":[11.0,48.0]}}"#,
      #"{"type":"Feature","properties":{"name":42,"lat":48.0,"lon":11.0,"place_id":"n"}}"#,
      #"{"type":"Feature","properties":null,"geometry":{"type":"Point","coordinates":[11.0,48.0]}}"#,
      #"{"type":"Feature"}"#,
    ])

    let collection = try decode(json)
    let places = PlaceMapper.places(from: collection, origin: nil).places

    XCTAssertEqual(collection.features.count, 4, "the next page's offset counts every feature")
    XCTAssertEqual(places.map(\.id), ["o"])
    XCTAssertNil(places[0].city)
    XCTAssertEqual(places[0].categories, ["a", "a.b"])
    XCTAssertEqual(places[0].coordinate, Coordinate(latitude: 48.0, longitude: 11.0), "from the geometry")
  }

  /// Text enters the domain cleaned: a filter's matches are counted in the
  /// text drawn (in the raw name, "red" matched letters of `ESC [31m`, and
  /// the underline fell on "afe"), and `--json` and bookmarks get no controls.
  func test_textIsCleanedWhereItEnters_andAFilterMatchesTheLettersShown() throws {
    let long = String(repeating: "n", count: 5_000)
    let json = GeoapifyFixtures.collection([
      #"{"type":"Feature","properties":{"name":"\u001b[31mRed\u001b[0m Cafe","city":"Mu\u0000nich\r\n","address_line2":"\u001b]8;;http://evil\u0007Street\u001b]8;;\u0007 1","website":"https://ex\u001b[2Jample.org","opening_hours":"Mo\u0007-Fr","lat":48.0,"lon":11.0,"place_id":"r"}}"#,
      #"{"type":"Feature","properties":{"name":"\u001b[0m\u0007 ","lat":48.0,"lon":11.0,"place_id":"e"}}"#,
      #"{"type":"Feature","properties":{"name":"\#(long)","website":"www.example.org","lat":48.0,"lon":11.0,"place_id":"l"}}"#,
    ])

    let places = PlaceMapper.places(from: try decode(json), origin: nil).places

    XCTAssertEqual(places.map(\.id), ["r", "l"], "a name of nothing but controls is no name")
    XCTAssertEqual(places[0].name, "Red Cafe")
    XCTAssertEqual(places[0].city, "Munich")
    XCTAssertEqual(places[0].address, "Street 1")
    XCTAssertNil(places[0].website, "cleaned, it would be an address the service never sent")
    XCTAssertEqual(places[0].openingHours, "Mo-Fr")
    XCTAssertEqual(places[1].name, String(repeating: "n", count: PlaceMapper.longestText) + "…")
    XCTAssertEqual(places[1].website, "www.example.org")
    let match = FuzzyQuery("red")?.match(places[0].searchTexts)
    XCTAssertEqual(match?.positions.first, [0, 1, 2], "R, e and d of Red, as drawn")
  }

  /// An id or category key that breaks the rule records and links keep is
  /// not taken: cleaned, two places' ids became one (`dup` for
  /// `dup ESC X one` and `dup ESC X two`) and one bookmark replaced the other.
  func test_idsAndCategoriesThatBreakTheRules_areNotTaken() throws {
    let json = GeoapifyFixtures.collection([
      #"{"type":"Feature","properties":{"name":"One","categories":["catering.cafe\u001b[31m","tourism"],"lat":48.0,"lon":11.0,"place_id":"dup\u001bXone"}}"#,
      #"{"type":"Feature","properties":{"name":"Two","lat":48.5,"lon":11.5,"place_id":"a b"}}"#,
      #"{"type":"Feature","properties":{"name":"Three","lat":48.25,"lon":11.25,"place_id":"51c0ffee"}}"#,
    ])

    let places = PlaceMapper.places(from: try decode(json), origin: nil).places

    XCTAssertEqual(
      places.map(\.id), ["48.0,11.0", "48.5,11.5", "51c0ffee"], "the position's id in place of a broken one")
    XCTAssertEqual(places[0].categories, ["tourism"])
  }

  func test_feeAndWheelchair_comeAsBooleansNumbersOrText() throws {
    func details(fee: String, wheelchair: String) throws -> PlaceDetails {
      PlaceMapper.details(
        from: try decode(
          GeoapifyFixtures.collection([
            #"{"properties":{"fee":\#(fee),"facilities":{"wheelchair":\#(wheelchair)}}}"#
          ])))
    }

    XCTAssertEqual(try details(fee: "true", wheelchair: #""limited""#).fee, "yes")
    XCTAssertEqual(try details(fee: "true", wheelchair: #""limited""#).wheelchair, "limited")
    XCTAssertEqual(try details(fee: "2", wheelchair: "false").fee, "2")
    XCTAssertEqual(try details(fee: "2.5", wheelchair: "false").fee, "2.5")
    XCTAssertEqual(try details(fee: "2.5", wheelchair: "false").wheelchair, "no")
    XCTAssertNil(try details(fee: "null", wheelchair: "[]").fee)
  }

  func test_details_withAPolygon_mapWheelchairFeeTimezoneAndWikipedia() throws {
    let collection = try decode(GeoapifyFixtures.details)

    XCTAssertEqual(
      PlaceMapper.details(from: collection),
      PlaceDetails(
        wheelchair: "yes", fee: "no", timezone: "Europe/Berlin", wikipedia: "de:Frauenkirche (München)",
        phone: "+49 89 24231690", website: "https://example.org", openingHours: "Mo-Sa 09:00-24:00"))
    XCTAssertEqual(collection.features.first?.geometry?.firstPoint, Coordinate(latitude: 48.138, longitude: 11.574))
  }

  func test_geocoding_givesCitiesWithCountries() throws {
    let results = try GeoapifyError.decode(GeocodingResultsDTO.self, from: Data(GeoapifyFixtures.lisbonSearch.utf8))

    XCTAssertEqual(
      PlaceMapper.cities(from: results).cities.map { "\($0.name), \($0.country)" },
      ["Lisbon, Portugal", "Lisbon, United States"])
  }

  // MARK: Numbers from outside

  func test_positionsOffTheEarth_areDroppedAndCounted_neverMapped() throws {
    let json = GeoapifyFixtures.collection([
      GeoapifyFixtures.feature(name: "Good", id: "g", latitude: 48.0, longitude: 11.0),
      GeoapifyFixtures.feature(name: "Nowhere", id: "a", latitude: 999, longitude: -9999),
      #"{"type":"Feature","properties":{"name":"Huge","lat":1e308,"lon":11,"place_id":"b"}}"#,
      #"{"type":"Feature","properties":{"name":"Half","lat":48.0,"place_id":"c"},"geometry":{"type":"Point","coordinates":[11.0,48.0]}}"#,
      #"{"type":"Feature","properties":{"name":"Shape","place_id":"d"},"geometry":{"type":"Point","coordinates":[181,0]}}"#,
      GeoapifyFixtures.feature(name: nil, id: "e", latitude: 999, longitude: 0),
    ])

    let mapped = PlaceMapper.places(from: try decode(json), origin: Coordinate(latitude: 48.0, longitude: 11.0))

    XCTAssertEqual(mapped.places.map(\.id), ["g", "c"], "half a position falls back to the geometry")
    XCTAssertEqual(mapped.dropped, 3, "nameless features are skipped, not counted as invalid")
  }

  func test_distancesThatCannotBeTrue_areComputedFromTheCoordinates() throws {
    let origin = Coordinate(latitude: 48.0, longitude: 11.0)
    let point = Coordinate(latitude: 48.001, longitude: 11.0)  // 111 m north
    for absurd in [1e308, 1e19, -5, .infinity, .nan, 50_000] {
      let distance = try XCTUnwrap(PlaceMapper.distance(claimed: absurd, from: origin, to: point))
      XCTAssertEqual(distance, 111, accuracy: 1, "\(absurd)")
    }
    XCTAssertEqual(PlaceMapper.distance(claimed: 120, from: origin, to: point), 120, "Geoapify's own, when it can be")
    XCTAssertNil(PlaceMapper.distance(claimed: 1e19, from: nil, to: point), "no origin: none rather than nonsense")
  }

  func test_geocodingResultsOffTheEarth_areDroppedAndCounted() throws {
    let json =
      #"{"results":[{"city":"A","lat":1e308,"lon":0},{"city":"B","lat":-91,"lon":0},{"city":"C","lat":0},{"city":"D","lat":1.5,"lon":-180}]}"#
    let results = try GeoapifyError.decode(GeocodingResultsDTO.self, from: Data(json.utf8))

    let found = PlaceMapper.cities(from: results)

    XCTAssertEqual(found.cities.map(\.name), ["D"])
    XCTAssertEqual(found.dropped, 3)
  }
}

final class GeoapifyErrorTests: XCTestCase {
  private func error(status: Int, body: String, headers: [String: String] = [:]) -> String {
    do {
      _ = try GeoapifyError.checked(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  func test_statusesBecomeSentences() {
    XCTAssertEqual(
      error(status: 401, body: GeoapifyFixtures.invalidKey),
      "Geoapify refused the API key in GEOAPIFY_API_KEY: Invalid apiKey")
    XCTAssertEqual(
      error(status: 429, body: GeoapifyFixtures.quota, headers: ["retry-after": "3600"]),
      "Geoapify's quota for this key is exhausted (Quota exceeded). Try again in 3600 seconds.")
    XCTAssertEqual(
      error(status: 429, body: GeoapifyFixtures.quota),
      "Geoapify's quota for this key is exhausted (Quota exceeded). Try again later; the free plan allows 3,000 requests a day."
    )
    XCTAssertEqual(
      error(status: 503, body: "<html>busy</html>"),
      "Geoapify is having trouble (HTTP 503: no message). Try again in a moment.")
    XCTAssertEqual(
      error(status: 400, body: GeoapifyFixtures.invalidPlace),
      "Geoapify did not accept the request (HTTP 400: Invalid Place ID).")
    XCTAssertEqual(error(status: 200, body: "{}"), "no error")
  }

  /// Geoapify sends 403 both for a refused key and for a used-up rate limit.
  func test_a403_isAttributedByItsBody() {
    XCTAssertEqual(
      error(status: 403, body: #"{"statusCode":403,"error":"Forbidden","message":"API rate limit exceeded"}"#),
      "Geoapify's quota for this key is exhausted (API rate limit exceeded). Try again later; the free plan allows 3,000 requests a day."
    )
    XCTAssertEqual(
      error(status: 403, body: #"{"statusCode":403,"error":"Forbidden","message":"Invalid apiKey"}"#),
      "Geoapify refused the API key in GEOAPIFY_API_KEY: Invalid apiKey")
  }

  func test_aLongOrHostileMessage_isCleanedAndCutToOneLine() {
    let body = #"{"message":"bad \u001b[2J"# + String(repeating: "x", count: 5_000) + #""}"#
    let sentence = error(status: 400, body: body)
    XCTAssertFalse(sentence.contains("\u{1B}"))
    XCTAssertLessThan(sentence.count, 200)
    XCTAssertTrue(sentence.hasSuffix("…)."), sentence)
  }

  func test_malformedOrTruncatedJSON_isUnreadable() {
    for body in ["{\"features\": [", "<html>", "", "{}", #"{"features":{}}"#, "[]"] {
      XCTAssertThrowsError(try GeoapifyError.decode(FeatureCollectionDTO.self, from: Data(body.utf8))) { error in
        XCTAssertEqual(String(describing: error), "Geoapify sent a response Wayfarer could not read.")
      }
    }
  }
}

final class GeoapifyPlacesRepositoryTests: XCTestCase {
  private final class Clock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)
  }

  private func makeSUT() throws -> (GeoapifyPlacesRepository, HTTPClientStub, Clock, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let clock = Clock()
    let client = HTTPClientStub()
    let repository = GeoapifyPlacesRepository(
      client: client,
      requests: GeoapifyRequests(
        baseURL: URL(string: "http://127.0.0.1:1")!, apiKey: Secret(value: "k", source: "GEOAPIFY_API_KEY")),
      cache: FirstPageCache(directory: directory.file("cache"), now: { clock.now }))
    return (repository, client, clock, directory)
  }

  private let center = Coordinate(latitude: 48.13743, longitude: 11.57549)

  func test_placesFarOutsideTheSearchCircle_areDroppedAndCounted() async throws {
    let (repository, client, _, _) = try makeSUT()
    let page = GeoapifyFixtures.collection([
      GeoapifyFixtures.feature(name: "Near", id: "n", latitude: 48.14, longitude: 11.58),
      GeoapifyFixtures.feature(name: "Edge", id: "e", latitude: 48.18, longitude: 11.5755),
      GeoapifyFixtures.feature(name: "Far", id: "f", latitude: -23.5, longitude: -46.6),
    ])
    client.responses = [HTTPResponse(status: 200, body: Data(page.utf8))]

    let loaded = try await repository.places(near: center, offset: 0, limit: 20, refresh: false)

    XCTAssertEqual(loaded.places.map(\.id), ["n", "e"], "4.7 km is inside the 5 km circle")
    XCTAssertEqual(loaded.dropped, 1)
  }

  /// Issue 21 §2: rows come in the order of the distances they show, also
  /// when Geoapify ranked them otherwise or a claimed distance was replaced
  /// by the computed one.
  func test_aPage_isInTheOrderOfTheDistancesShown() async throws {
    let (repository, client, _, _) = try makeSUT()
    let page = GeoapifyFixtures.collection([
      // Claims 50 m but lies about 2.3 km north: the computed distance is shown.
      GeoapifyFixtures.feature(name: "Claims near", id: "c", latitude: 48.158, longitude: 11.5755, distance: 50),
      GeoapifyFixtures.feature(name: "Far", id: "f", latitude: 48.1574, longitude: 11.5755, distance: 2_224),
      GeoapifyFixtures.feature(name: "Near", id: "n", latitude: 48.1451, longitude: 11.5755, distance: 855),
      GeoapifyFixtures.feature(name: "Tie", id: "t", latitude: 48.1451, longitude: 11.5755, distance: 855),
    ])
    client.responses = [HTTPResponse(status: 200, body: Data(page.utf8))]

    let loaded = try await repository.places(near: center, offset: 0, limit: 20, refresh: false)

    XCTAssertEqual(loaded.places.map(\.id), ["n", "t", "f", "c"])
    let distances = loaded.places.compactMap(\.distance)
    XCTAssertEqual(distances, distances.sorted())
  }

  func test_firstPage_isCachedForFiveMinutes_byRoundedCoordinates_andRefreshSkipsIt() async throws {
    let (repository, client, clock, _) = try makeSUT()
    client.responses = (0..<4).map { _ in HTTPResponse(status: 200, body: Data(GeoapifyFixtures.page(count: 20).utf8)) }

    let first = try await repository.places(near: center, offset: 0, limit: 20, refresh: false)
    clock.now += 299
    let nearby = Coordinate(latitude: 48.13749, longitude: 11.57541)  // the same 3-decimal cell
    let cached = try await repository.places(near: nearby, offset: 0, limit: 20, refresh: false)
    XCTAssertEqual(client.requests.count, 1)
    XCTAssertNil(first.cachedAt)
    XCTAssertEqual(cached.cachedAt, Date(timeIntervalSince1970: 1_800_000_000))
    XCTAssertEqual(cached.places.map(\.id), first.places.map(\.id))

    _ = try await repository.places(near: center, offset: 0, limit: 20, refresh: true)
    XCTAssertEqual(client.requests.count, 2)

    clock.now += 301
    let stale = try await repository.places(near: center, offset: 0, limit: 20, refresh: false)
    XCTAssertNil(stale.cachedAt)
    XCTAssertEqual(client.requests.count, 3)
  }

  func test_laterPagesAreNeverCached_andAFullPageMayHaveMore() async throws {
    let (repository, client, _, directory) = try makeSUT()
    client.responses = [
      HTTPResponse(status: 200, body: Data(GeoapifyFixtures.page(count: 20, first: 21).utf8)),
      HTTPResponse(status: 200, body: Data(GeoapifyFixtures.page(count: 7, first: 41).utf8)),
    ]

    let second = try await repository.places(near: center, offset: 20, limit: 20, refresh: false)
    let third = try await repository.places(near: center, offset: 40, limit: 20, refresh: false)

    XCTAssertTrue(second.mayHaveMore)
    XCTAssertFalse(third.mayHaveMore)
    XCTAssertEqual(third.fetched, 7)
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("cache")))
    XCTAssertEqual(client.requests.map { $0.url.query?.contains("offset=20") }, [true, false])
  }

  /// Opening a place by id (a deep link) asks Place Details once; the
  /// polygon's first corner places it, and no feature means no such place.
  func test_aPlaceById_comesWithItsDetails_fromOneCall() async throws {
    let (repository, client, _, _) = try makeSUT()
    client.responses = [
      HTTPResponse(status: 200, body: Data(GeoapifyFixtures.details.utf8)),
      HTTPResponse(status: 200, body: Data(#"{"type":"FeatureCollection","features":[]}"#.utf8)),
      HTTPResponse(status: 400, body: Data(GeoapifyFixtures.invalidPlace.utf8)),
    ]

    let found = try await repository.place(id: "514630c4")
    let missing = try await repository.place(id: "nothing")

    XCTAssertEqual(found?.place.name, "Guido al Duomo")
    XCTAssertEqual(found?.place.coordinate, Coordinate(latitude: 48.138, longitude: 11.574))
    XCTAssertNil(found?.place.distance)
    XCTAssertEqual(found?.details.timezone, "Europe/Berlin")
    XCTAssertNil(missing)
    XCTAssertEqual(client.requests.first?.url.path, "/v2/place-details")
    do {
      _ = try await repository.place(id: "bad id")
      XCTFail("a refused id is an error, not an empty result")
    } catch {
      XCTAssertTrue(String(describing: error).contains("Invalid Place ID"), "\(error)")
    }
  }

  func test_aMalformedCacheFile_isIgnored() async throws {
    let (repository, client, clock, directory) = try makeSUT()
    let cache = FirstPageCache(directory: directory.file("cache"), now: { clock.now })
    cache.save(Data("{not json".utf8), near: center)
    client.responses = [HTTPResponse(status: 200, body: Data(GeoapifyFixtures.page(count: 3).utf8))]

    let page = try await repository.places(near: center, offset: 0, limit: 20, refresh: false)

    XCTAssertEqual(page.places.count, 3)
    XCTAssertEqual(client.requests.count, 1)
  }
}

final class OfflineCatalogRepositoryTests: XCTestCase {
  private let repository = OfflineCatalogRepository()
  private let saoPaulo = Coordinate.saoPaulo

  func test_catalogHoldsRealPlacesInEightCities_andTheCityList() {
    let counts = OfflineCatalogRepository.counts
    XCTAssertGreaterThanOrEqual(counts.places, 60)
    XCTAssertGreaterThan(counts.cities, 6_000)
  }

  func test_places_areWithin5km_nearestFirst_andPaged() async throws {
    let first = try await repository.places(near: saoPaulo, offset: 0, limit: 4, refresh: false)
    let second = try await repository.places(near: saoPaulo, offset: 4, limit: 4, refresh: false)
    let all = try await repository.places(near: saoPaulo, offset: 0, limit: 100, refresh: false)

    XCTAssertEqual(first.places.first?.name, "Catedral da Sé")
    XCTAssertTrue(first.mayHaveMore)
    XCTAssertEqual(second.places.first?.id, all.places[4].id)
    XCTAssertTrue(all.places.allSatisfy { ($0.distance ?? .infinity) <= 5_000 })
    XCTAssertEqual(all.places.map { $0.distance ?? 0 }, all.places.map { $0.distance ?? 0 }.sorted())
    XCTAssertFalse(all.mayHaveMore)
    XCTAssertFalse(all.places.contains { $0.city == "Paris" })
  }

  func test_nothingNear_theMiddleOfTheOcean() async throws {
    let page = try await repository.places(
      near: Coordinate(latitude: 0, longitude: -30), offset: 0, limit: 20, refresh: false)
    XCTAssertEqual(page.places, [])
    XCTAssertFalse(page.mayHaveMore)
  }

  func test_cities_matchPrefixIgnoringCaseAndAccents_mostPopulousFirst() async throws {
    let lisbon = try await repository.cities(named: "lisb")
    let saoPaulo = try await repository.cities(named: "sao paulo")
    let none = try await repository.cities(named: "Xyzzyville")

    XCTAssertEqual(lisbon.cities.first.map { "\($0.name), \($0.country)" }, "Lisbon, Portugal")
    XCTAssertEqual(saoPaulo.cities.first?.name, "São Paulo")
    XCTAssertLessThanOrEqual(saoPaulo.cities.count, 5)
    XCTAssertEqual(none, CityResults(cities: []))
  }

  func test_details_comeFromTheCatalog() async throws {
    let page = try await repository.places(near: saoPaulo, offset: 0, limit: 20, refresh: false)
    let pinacoteca = try XCTUnwrap(page.places.first { $0.name == "Pinacoteca de São Paulo" })

    let details = try await repository.details(for: pinacoteca)

    XCTAssertEqual(details.wikipedia, "pt:Pinacoteca do Estado de São Paulo")
    XCTAssertEqual(details.timezone, "America/Sao_Paulo")
    XCTAssertEqual(pinacoteca.website, "https://pinacoteca.org.br")
  }
}
