// Home's speed checks, run by Scripts/bench (rows http, draw and help):
// - http PAGES: the HTTP client fetching and decoding Geoapify-sized pages
//   from a loopback server, against Foundation's URLSession doing the same;
//   plus the server answering a bare socket client, to show it is not the
//   bottleneck.
// - draw ROUNDS: filtering and drawing 10,000 loaded places against a plain
//   formatter of the same rows with the same colour codes, with a person's
//   keys registered; and hiding those keys in the drawn list, against
//   drawing it.
// - help ROUNDS: `help` with 10,000 places loaded against the same with 20.
// Ratios are printed as `bench-ratio|label|ratio|baseline|goal|figures`.
import CurlNetworking
import DesignSystem
import FeatureEnvironment
import Foundation
import Home
import JSON
import LoopbackHTTP
import Networking
import Secrets
import TerminalConsole
import TerminalNavigation
import TerminalREPL
import TerminalText

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// MARK: Fixtures

/// A Places page in Geoapify's documented shape, `count` features.
func placesPage(count: Int, first: Int = 1) -> Data {
  let features = (first..<(first + count)).map { index in
    """
    {"type":"Feature","properties":{"name":"Place \(index)","country":"Germany","country_code":"de","city":"Munich",
    "postcode":"80331","street":"Frauenplatz","housenumber":"\(index)","lon":\(11.57 + Double(index % 100) * 0.0003),
    "lat":\(48.13 + Double(index / 100) * 0.0003),"formatted":"Place \(index), Frauenplatz \(index), 80331 Munich, Germany",
    "address_line1":"Place \(index)","address_line2":"Frauenplatz \(index), 80331 Munich, Germany",
    "categories":["catering","catering.cafe"],"details":["details.contact"],
    "datasource":{"sourcename":"openstreetmap","attribution":"© OpenStreetMap contributors",
    "raw":{"phone":"+49 89 24231690","website":"https://example.org/\(index)","opening_hours":"Mo-Sa 09:00-24:00"}},
    "distance":\(index * 3),"place_id":"51463\(index)0c4f2e4a5c0f9b8d7e6a5b4c3d2e1f00"},
    "geometry":{"type":"Point","coordinates":[\(11.57 + Double(index % 100) * 0.0003),\(48.13 + Double(index / 100) * 0.0003)]}}
    """
  }
  return Data((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}").utf8)
}

/// What both clients decode each page into: every field Home's mapping
/// reads from a place. Read with Wayfarer's JSON reader (as Home does) for
/// the comparison, and with Foundation's `JSONDecoder` for reference.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct PageDTO: Decodable {
  struct Feature: Decodable {
    struct Properties: Decodable {
      struct Raw: Decodable {
        let phone: String?
        let website: String?
        let opening_hours: String?
      }
      struct Datasource: Decodable { let raw: Raw? }
      let name: String?
      let city: String?
      let street: String?
      let housenumber: String?
      let formatted: String?
      let address_line2: String?
      let lat: Double?
      let lon: Double?
      let categories: [String]?
      let distance: Double?
      let place_id: String?
      let datasource: Datasource?
    }
    let properties: Properties
  }
  let features: [Feature]

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    features = try container.decode([Feature].self, forKey: .features)
  }

  private enum CodingKeys: CodingKey { case features }

  init(json: JSONNode) throws {
    guard let features = json["features"]?.array else { throw BenchError.unreadable }
    self.features = try features.map { feature in
      guard let properties = feature["properties"] else { throw BenchError.unreadable }
      let raw = properties["datasource"]?["raw"]
      return Feature(
        properties: .init(
          name: properties["name"]?.string, city: properties["city"]?.string, street: properties["street"]?.string,
          housenumber: properties["housenumber"]?.string, formatted: properties["formatted"]?.string,
          address_line2: properties["address_line2"]?.string, lat: properties["lat"]?.double,
          lon: properties["lon"]?.double, categories: properties["categories"]?.array?.compactMap(\.string),
          distance: properties["distance"]?.double, place_id: properties["place_id"]?.string,
          datasource: .init(
            raw: raw.map {
              .init(
                phone: $0["phone"]?.string, website: $0["website"]?.string,
                opening_hours: $0["opening_hours"]?.string)
            })))
    }
  }

  static func read(_ data: Data) throws -> PageDTO { try PageDTO(json: try JSONDocument(data).root) }
}

enum BenchError: Error { case unreadable }

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

// MARK: 1. HTTP

/// Fetches `url` `count` times over one keep-alive socket with no HTTP
/// library at all: what the server alone costs per request.
func bareSocketRequests(port: Int, path: String, count: Int) -> Duration {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = UInt16(port).bigEndian
  _ = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  defer { close(fd) }
  let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  let clock = ContinuousClock()
  return clock.measure {
    for _ in 0..<count {
      _ = send(fd, request, request.count, 0)
      var received: [UInt8] = []
      var expected = Int.max
      while received.count < expected {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { return }
        received += buffer[..<n]
        if expected == .max, let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
          let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
          let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
          expected = end.upperBound + length
        }
      }
    }
  }
}

func httpBenchmark(pages: Int) async throws {
  let body = placesPage(count: 20)
  let server = try LoopbackHTTPServer(recordsRequests: false) { _ in
    .respond(status: 200, headers: ["Content-Type": "application/json"], body: body)
  }
  defer { server.stop() }
  let url = URL(string: server.baseURL + "/v2/places?limit=20&offset=0")!
  let clock = ContinuousClock()

  let curl = CurlHTTPClient(configuration: .init(userAgent: "wayfarer-bench", retry: .none))
  let session = URLSession(configuration: .ephemeral)
  func viaCurl() async throws {
    let response = try await curl.send(HTTPRequest(url: url))
    let page = try PageDTO.read(response.body)
    precondition(page.features.count == 20)
  }
  func viaURLSession() async throws {
    let (data, _) = try await session.data(from: url)
    let page = try PageDTO.read(data)
    precondition(page.features.count == 20)
  }
  /// The Foundation-only way: URLSession and JSONDecoder.
  func viaFoundation() async throws {
    let (data, _) = try await session.data(from: url)
    let page = try JSONDecoder().decode(PageDTO.self, from: data)
    precondition(page.features.count == 20)
  }
  for _ in 0..<50 {  // warm all up: connections, caches, lazy set-up
    try await viaCurl()
    try await viaURLSession()
    try await viaFoundation()
  }
  // Alternate rounds so both see the same machine.
  var curlTime = Duration.zero
  var sessionTime = Duration.zero
  var foundationTime = Duration.zero
  let rounds = 10
  for _ in 0..<rounds {
    curlTime += try await clock.measure { for _ in 0..<(pages / rounds) { try await viaCurl() } }
    sessionTime += try await clock.measure { for _ in 0..<(pages / rounds) { try await viaURLSession() } }
    foundationTime += try await clock.measure { for _ in 0..<(pages / rounds) { try await viaFoundation() } }
  }
  let bare = bareSocketRequests(port: server.port, path: url.path + "?" + (url.query ?? ""), count: pages)
  let decodeOnly = try clock.measure {
    for _ in 0..<pages { _ = try PageDTO.read(body) }
  }
  let foundationDecode = try clock.measure {
    for _ in 0..<pages { _ = try JSONDecoder().decode(PageDTO.self, from: body) }
  }
  var curlFetch = Duration.zero
  var sessionFetch = Duration.zero
  for _ in 0..<rounds {
    curlFetch += try await clock.measure {
      for _ in 0..<(pages / rounds) { _ = try await curl.send(HTTPRequest(url: url)) }
    }
    sessionFetch += try await clock.measure { for _ in 0..<(pages / rounds) { _ = try await session.data(from: url) } }
  }

  func perPage(_ duration: Duration) -> Double { seconds(duration) / Double(pages) * 1e6 }
  print("HTTP: \(pages) pages of 20 places (\(body.count) bytes each), fetched and decoded, loopback server")
  print(String(format: "  server alone (bare socket client):          %6.1f µs per request", perPage(bare)))
  print(String(format: "  libcurl client + Wayfarer's JSON reader:     %6.1f µs per page", perPage(curlTime)))
  print(String(format: "  URLSession + the same JSON reader:           %6.1f µs per page", perPage(sessionTime)))
  print(String(format: "  ratio URLSession / libcurl: %.2f (target >= 2.5)", seconds(sessionTime) / seconds(curlTime)))
  print(String(format: "  URLSession + JSONDecoder (Foundation only):  %6.1f µs per page", perPage(foundationTime)))
  print(String(format: "  ratio Foundation only / Wayfarer: %.2f", seconds(foundationTime) / seconds(curlTime)))
  print(
    String(
      format: "  decoding alone: Wayfarer's JSON reader %.1f µs, JSONDecoder %.1f µs per page, ratio %.2f",
      perPage(decodeOnly), perPage(foundationDecode), seconds(foundationDecode) / seconds(decodeOnly)))
  print(
    String(
      format: "  fetch only: libcurl %.1f µs, URLSession %.1f µs per page, ratio %.2f",
      perPage(curlFetch), perPage(sessionFetch), seconds(sessionFetch) / seconds(curlFetch)))
  benchRatio(
    "fetch and decode a page of places", [seconds(curlTime) / seconds(sessionTime)],
    baseline: "URLSession, same JSON reader", goal: "<= 0.40",
    figures: String(format: "%.1f µs vs %.1f µs a page", perPage(curlTime), perPage(sessionTime)))
}

// MARK: 2. Filter and draw 10,000 places

/// Serves one page holding every place, whatever is asked.
final class OnePageClient: HTTPClient, HTTPStreaming {
  let body: Data
  init(places: Int) { body = placesPage(count: places) }
  func send(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(status: 200, body: body) }
  func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse { throw CancellationError() }
}

@MainActor
final class BenchStores: HomeFavoritesStoring, HomeLocationStoring, HomeFeatureFlagsProviding {
  func isFavorite(placeID: String) throws -> Bool { false }
  func saveFavorite(_ place: FavoritePlace) throws {}
  func removeFavorite(placeID: String) throws {}
  func savedCity() throws(SavedCityError) -> SavedCity? { nil }
  func saveCity(_ city: SavedCity) throws {}
  func clearCity() throws {}
  var areFavoritesEnabled: Bool { true }
  var isMapEnabled: Bool { true }
  var isCategoryFilterEnabled: Bool { true }
}

/// A line `Scripts/bench` reads: the ratio in each round against its
/// baseline, and what it compares.
func benchRatio(_ label: String, _ ratios: [Double], baseline: String, goal: String, figures: String) {
  print("bench-ratio|\(label)|\(ratios.map { String($0) }.joined(separator: ","))|\(baseline)|\(goal)|\(figures)")
}

/// Home with `places` places loaded (one page of that many), on a console that drops what it is given.
@MainActor
func homeWithPlaces(_ places: Int, folder: String) async -> (tab: HomeTab, console: NullConsole) {
  let stores = BenchStores()
  let console = NullConsole(context: RenderContext(width: 100, capabilities: .plain))
  let tab = HomeBuilder.build(
    dependencies: HomeDependencies(
      geoapify: GeoapifyService(
        apiKey: Secret(value: "bench-key", source: "GEOAPIFY_API_KEY"), baseURL: URL(string: "http://127.0.0.1:9")!),
      fixedLocation: GeoPoint(latitude: 48.13, longitude: 11.57), favorites: stores, locations: stores,
      featureFlags: stores),
    environment: Environment(client: OnePageClient(places: places), cacheDirectory: folder))
  await tab.stack.root.didAppear(console: console)
  return (tab, console)
}

/// Filtering and drawing `places` loaded places (the whole list, rendered
/// with colour) against a plain formatter writing the same rows with the
/// same colour codes from the same fields, interleaved.
@MainActor
func filterAndDrawBenchmark(places: Int, rounds: Int) async throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("home-bench-\(getpid())").path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let (tab, console) = await homeWithPlaces(places, folder: folder)
  let screen = tab.stack.root
  guard let filter = screen.commands.first(where: { $0.name == "filter" }) else { fatalError("no filter command") }
  let renderer = TextRenderer(usesColor: true)
  let clock = ContinuousClock()
  var drawn = 0
  func filterAndDraw() async -> Double {
    let start = clock.now
    await filter.run(CommandInput(argumentText: "", console: console))
    let output = renderer.render(screen.body(in: console.context))
    drawn = output.utf8.count
    return seconds(clock.now - start)
  }
  // The yardstick: each row's fields as the page gave them, padded and
  // coloured as the list does, into one string.
  let rows = (1...places).map { (number: $0, name: "Place \($0)", detail: "catering · \($0 * 3) m", city: "Munich") }
  var plainBytes = 0
  func plainFormatter() -> Double {
    let start = clock.now
    let width = rows.map(\.name.count).max() ?? 0
    var output = ""
    for row in rows {
      let number = String(row.number)
      output += "\u{1B}[2m" + String(repeating: " ", count: max(0, 7 - number.count)) + number + ". \u{1B}[0m"
      output += "\u{1B}[1m" + row.name + "\u{1B}[0m" + String(repeating: " ", count: width - row.name.count + 2)
      output += "\u{1B}[2m" + row.detail + "\u{1B}[0m\n" + "         " + row.city + "\n"
    }
    plainBytes = output.utf8.count
    return seconds(clock.now - start)
  }
  for _ in 0..<3 {
    _ = await filterAndDraw()
    _ = plainFormatter()
  }
  var ratios: [Double] = []
  var ours: [Double] = []
  var plain: [Double] = []
  for _ in 0..<rounds {
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<5 {
      a.append(await filterAndDraw())
      b.append(plainFormatter())
    }
    ours.append(median(a))
    plain.append(median(b))
    ratios.append(median(a) / median(b))
  }
  benchRatio(
    "filter and draw \(places) places", ratios, baseline: "plain formatter, same rows and colours",
    goal: "<= 1.50",
    figures: String(
      format: "%.1f ms vs %.1f ms; %d bytes vs %d", median(ours) * 1000, median(plain) * 1000, drawn, plainBytes))
}

/// Looking for the registered keys in the drawn list of `places` places
/// (holding none, as nearly every write), against drawing it: the hiding
/// runs on every write, so it must stay a small part of one.
@MainActor
func keyHidingBenchmark(places: Int, rounds: Int) async {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("home-bench-keys-\(getpid())").path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let (tab, console) = await homeWithPlaces(places, folder: folder)
  let lines = tab.stack.root.body(in: console.context)
  let renderer = TextRenderer(usesColor: true)
  let drawn = renderer.render(lines)
  let clock = ContinuousClock()
  func time(_ work: () -> Int) -> Double {
    let start = clock.now
    precondition(work() > 0)
    return seconds(clock.now - start)
  }
  var ratios: [Double] = []
  var hiding: [Double] = []
  var drawing: [Double] = []
  for _ in 0..<rounds {
    let hide = median((0..<5).map { _ in time { SecretText.hiding(in: drawn).utf8.count } })
    let draw = median((0..<5).map { _ in time { renderer.render(lines).utf8.count } })
    hiding.append(hide)
    drawing.append(draw)
    ratios.append(hide / draw)
  }
  benchRatio(
    "hiding 3 keys in \(places) drawn places", ratios, baseline: "drawing them", goal: "<= 0.10",
    figures: String(
      format: "%.2f ms vs %.1f ms; %d bytes", median(hiding) * 1000, median(drawing) * 1000, drawn.utf8.count))
}

/// A fuzzy filter over `places` loaded places, ranked and drawn (the rows
/// that match, their letters highlighted), against clearing the filter and
/// drawing every row: what fzf-like matching costs on top of the list.
@MainActor
func fuzzyFilterBenchmark(places: Int, rounds: Int) async throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("home-bench-fz-\(getpid())").path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let (tab, console) = await homeWithPlaces(places, folder: folder)
  let screen = tab.stack.root
  guard let filter = screen.commands.first(where: { $0.name == "filter" }) else { fatalError("no filter command") }
  let renderer = TextRenderer(usesColor: true)
  let clock = ContinuousClock()
  func filterAndDraw(_ text: String) async -> Double {
    let start = clock.now
    await filter.run(CommandInput(argumentText: text, console: console))
    _ = renderer.render(screen.body(in: console.context))
    return seconds(clock.now - start)
  }
  // "pl 9": every place's name starts with Place, one in ten has a 9.
  for _ in 0..<3 {
    _ = await filterAndDraw("pl 9")
    _ = await filterAndDraw("")
  }
  var ratios: [Double] = []
  var fuzzy: [Double] = []
  var plain: [Double] = []
  for _ in 0..<rounds {
    var a: [Double] = []
    var b: [Double] = []
    for _ in 0..<5 {
      a.append(await filterAndDraw("pl 9"))
      b.append(await filterAndDraw(""))
    }
    fuzzy.append(median(a))
    plain.append(median(b))
    ratios.append(median(a) / median(b))
  }
  benchRatio(
    "fuzzy filter \"pl 9\" over \(places) places", ratios, baseline: "no filter, every row drawn", goal: "<= 1.50",
    figures: String(format: "%.1f ms vs %.1f ms", median(fuzzy) * 1000, median(plain) * 1000))
}

/// `help` on Home with `places` places loaded against the same with 20:
/// nothing on a line that does not draw the list may grow with it.
@MainActor
func helpBenchmark(places: Int, rounds: Int) async throws {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("home-bench-help-\(getpid())").path
  defer { try? FileManager.default.removeItem(atPath: folder) }
  func repl(_ count: Int) async -> REPL {
    let (tab, console) = await homeWithPlaces(count, folder: folder)
    let window = Window()
    window.setRoot(.stack(tab.stack))
    let repl = REPL(window: window, console: console, chrome: NavigationChrome())
    await repl.settle()
    return repl
  }
  let large = await repl(places)
  let small = await repl(20)
  let clock = ContinuousClock()
  func helps(_ repl: REPL) async -> Double {
    let start = clock.now
    for _ in 0..<200 { await repl.submit("help") }
    return seconds(clock.now - start) / 200
  }
  _ = await helps(large)
  _ = await helps(small)
  var ratios: [Double] = []
  var a = 0.0
  var b = 0.0
  for _ in 0..<rounds {
    a = await helps(large)
    b = await helps(small)
    ratios.append(a / b)
  }
  benchRatio(
    "help with \(places) places loaded", ratios, baseline: "the same with 20", goal: "<= 1.20",
    figures: String(format: "%.1f µs vs %.1f µs a line", a * 1e6, b * 1e6))
}

/// A person's keys, registered as the app registers them at launch: from
/// then on every write is looked through for them, as it is for anyone who
/// set a key (without one nothing is looked for, and drawing would be
/// measured without the hiding).
func registerKeys() {
  SecretText.hide("0123456789abcdef0123456789abcdef", naming: "GEOAPIFY_API_KEY")
  SecretText.hide("ghp_benchToken0123456789abcdefghijklmn", naming: "GITHUB_TOKEN")
  SecretText.hide("AIzaBenchKey-0123456789_abcdefghijklmn", naming: "GEMINI_API_KEY")
}

let arguments = Array(CommandLine.arguments.dropFirst())
let rounds = arguments.dropFirst().first.flatMap(Int.init) ?? 3
switch arguments.first {
case "draw":
  registerKeys()
  try await filterAndDrawBenchmark(places: 10_000, rounds: rounds)
  try await fuzzyFilterBenchmark(places: 10_000, rounds: rounds)
  await keyHidingBenchmark(places: 10_000, rounds: rounds)
case "help": try await helpBenchmark(places: 10_000, rounds: rounds)
default:
  let pages = arguments.first.flatMap(Int.init) ?? 2_000
  try await httpBenchmark(pages: pages)
}
