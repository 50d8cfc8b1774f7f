import Foundation
import Synchronization
import TestSupport
import XCTest

/// The four services a fault can come from, each as the binary meets it:
/// the variables that point it at a loopback server, the script that makes
/// its main request, and what a good answer to that request is.
enum FaultService: String, CaseIterable, Sendable {
  case geoapify
  case github
  case gemini
  case openAI

  /// Each service's own key: none may reach anything but its own server.
  var key: String {
    switch self {
    case .geoapify: "geo-fault-key-1234567890"
    case .github: "ghp_faultMatrixToken4242"
    case .gemini: "AIzaFaultMatrixKey424242"
    case .openAI: "sk-fault-matrix-key-4242"
    }
  }

  /// Where its main request goes (a prefix of the path).
  var mainPath: String {
    switch self {
    case .geoapify: "/v2/places"
    case .github: "/search/repositories"
    case .gemini: "/v1beta/models/"
    case .openAI: "/v1/chat/completions"
    }
  }

  /// How a request names its key, to check it went nowhere else.
  func carriesKey(_ request: LoopbackHTTPServer.Request) -> Bool {
    request.target.contains(key) || request.headers.values.contains { $0.contains(key) }
  }

  func environment(baseURL: String) -> [String: String] {
    switch self {
    case .geoapify: ["GEOAPIFY_API_KEY": key, "WAYFARER_GEOAPIFY_URL": baseURL, "WAYFARER_LOCATION": "48.1374,11.5755"]
    case .github: ["GITHUB_TOKEN": key, "WAYFARER_GITHUB_URL": baseURL]
    case .gemini: ["GEMINI_API_KEY": key, "WAYFARER_GEMINI_URL": baseURL]
    case .openAI:
      ["OPENAI_API_KEY": key, "WAYFARER_OPENAI_URL": baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2"]
    }
  }

  /// After a launch logged in (Home loads its places at once): the main
  /// request (twice for the assistant, whose second question must be
  /// answered when the fault was passing), then the saved bookmarks.
  var script: [String] {
    switch self {
    case .geoapify: ["bookmarks", "quit"]
    case .github: ["explore", "search harbor", "bookmarks", "quit"]
    case .gemini, .openAI: ["explore", "ask", "Hello?", "Again?", "/back", "bookmarks", "quit"]
    }
  }

  /// A good answer to the main request, in the service's documented shape.
  var goodAnswer: LoopbackHTTPServer.Reply {
    switch self {
    case .geoapify: .json(GeoapifyFixtures.page(count: 3))
    case .github: .json(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("harbor/lights")]))
    case .gemini: .json(AssistantFixtures.geminiReply("A good answer."))
    case .openAI: .json(AssistantFixtures.openAIReply("A good answer."))
    }
  }

  /// What shows that a good answer arrived.
  var goodAnswerShown: String {
    switch self {
    case .geoapify: "Place 1"
    case .github: "harbor/lights"
    case .gemini, .openAI: "A good answer."
    }
  }
}

/// One column of the matrix: what the server does to the main request
/// (`attempt` counts from 0), with the short waits that keep the run fast.
struct Fault: Sendable {
  let name: String
  let answer: @Sendable (_ service: FaultService, _ attempt: Int, _ elsewhere: String) -> LoopbackHTTPServer.Reply
  /// Nothing listens at all.
  var refused = false
  var environment: [String: String] = [:]
}

/// A run of one cell: its output and what each server heard.
struct FaultRun {
  let output: String
  let status: Int32
  let heard: [LoopbackHTTPServer.Request]
  let heardElsewhere: [LoopbackHTTPServer.Request]
  let home: TemporaryDirectory

  /// The output with every run of white space one space: sentences wrap.
  var flattened: String { output.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
}

/// A home logged in as Ada with one saved place, copied for each cell.
final class FaultHome {
  let template: TemporaryDirectory
  /// The saved place, as `bookmarks` lists it.
  let savedPlace: String

  init() throws {
    template = try TemporaryDirectory("wayfarer-faults")
    let made = try WayfarerBinary.run(
      script: [
        "register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "open 1", "favorite",
        "quit",
      ], home: template.path, environment: ["PATH": "/usr/bin:/bin"])
    guard made.status == 0, let saved = made.stdout.split(separator: "\n").first(where: { $0.hasPrefix("ok Saved ") })
    else { throw CocoaError(.featureUnsupported) }
    // "ok Saved NAME to your bookmarks."
    savedPlace = String(saved.dropFirst("ok Saved ".count).prefix { $0 != "." }).replacingOccurrences(
      of: " to your bookmarks", with: "")
  }

  deinit {
    template.remove()
  }

  /// A fresh copy of the home.
  func copy() throws -> TemporaryDirectory {
    let copy = try TemporaryDirectory("wayfarer-fault-cell")
    try FileManager.default.removeItem(at: copy.url)
    try FileManager.default.copyItem(at: template.url, to: copy.url)
    return copy
  }
}

extension XCTestCase {
  /// Runs `fault` against `service` through the binary and checks what
  /// every cell must hold: `expected` said (white space aside), the prompt
  /// back (the bookmarks listed after it), exit 0, the saved place still
  /// there, and the key in no output, no file and no other server.
  @discardableResult
  func runCell(
    _ fault: Fault, _ service: FaultService, home: FaultHome, expected: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> FaultRun {
    let attempts = Atomic<Int>(0)
    let elsewhere = try makeLoopbackServer { _ in .json("{}") }
    let elsewhereURL = elsewhere.baseURL + "/stolen"
    let server = try makeLoopbackServer { request in
      guard request.path.hasPrefix(service.mainPath) else { return .json(GitHubFixtures.notFound, status: 404) }
      let attempt = attempts.add(1, ordering: .relaxed).oldValue
      return fault.answer(service, attempt, elsewhereURL)
    }
    let baseURL = fault.refused ? "http://127.0.0.1:\(try LoopbackHTTPServer.refusingPort())" : server.baseURL
    let cell = try home.copy()
    let run = try WayfarerBinary.run(
      script: service.script, home: cell.path,
      environment: service.environment(baseURL: baseURL).merging(fault.environment) { $1 }.merging([
        "PATH": "/usr/bin:/bin"
      ]) { $1 }, timeout: 90)
    let result = FaultRun(
      output: run.stdout + run.stderr, status: run.status, heard: server.requests, heardElsewhere: elsewhere.requests,
      home: cell)
    let name = "\(fault.name) × \(service.rawValue)"
    XCTAssertEqual(run.status, 0, "\(name): exit status\n\(result.output)", file: file, line: line)
    XCTAssertTrue(
      result.flattened.contains(expected), "\(name): expected «\(expected)» in\n\(result.output)", file: file,
      line: line)
    XCTAssertTrue(
      result.flattened.contains(home.savedPlace) && run.stdout.contains("[Bookmarks]"),
      "\(name): the prompt came back and the saved place is still there\n\(result.output)", file: file, line: line)
    XCTAssertFalse(result.output.contains(service.key), "\(name): the key was printed", file: file, line: line)
    XCTAssertFalse(
      elsewhere.requests.contains(where: service.carriesKey), "\(name): the key reached another server", file: file,
      line: line)
    for path in (try? FileManager.default.subpathsOfDirectory(atPath: cell.path)) ?? [] {
      let data = FileManager.default.contents(atPath: cell.path + "/" + path) ?? Data()
      XCTAssertNil(
        data.range(of: Data(service.key.utf8)), "\(name): the key is in \(path)", file: file, line: line)
    }
    cell.remove()
    return result
  }
}
