import Foundation
import TestSupport
import XCTest

/// The fault matrix: thirteen ways a server can fail, against each of the
/// four services, through the built binary.
///
/// Every cell must end in one
/// sentence with the prompt back, exit 0, the saved data untouched and no
/// key anywhere (see `runCell`). Waits are short through the variables a
/// person would set (WAYFARER_HTTP_SILENCE and the like);
/// `FaultMatrixRealBudgetTests` keeps one cell per service at the real ones.
final class FaultMatrixTests: XCTestCase {
  private var home: FaultHome!

  override func setUpWithError() throws {
    home = try FaultHome()
  }

  override func tearDown() {
    home = nil
  }

  /// A body long enough to be cut part-way.
  private static let body = Data(
    #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{}}]}"#.utf8)

  private func cells(_ fault: Fault, _ expected: [FaultService: String]) throws {
    for service in FaultService.allCases {
      try runCell(fault, service, home: home, expected: expected[service] ?? "")
    }
  }

  func test_refused() throws {
    let fault = Fault(name: "refused", answer: { _, _, _ in .close }, refused: true)
    try cells(
      fault,
      [
        .geoapify: "x Could not connect to 127.0.0.1", .github: "x Could not connect to 127.0.0.1",
        .gemini: "x Could not connect to 127.0.0.1", .openAI: "x No server answers at http://127.0.0.1:",
      ])
  }

  func test_resetMidBody() throws {
    let fault = Fault(name: "reset mid-body", answer: { _, _, _ in .resetMidBody(body: Self.body, sentBytes: 20) })
    let sentence = "x The connection to 127.0.0.1 broke off before the answer was complete"
    try cells(fault, [.geoapify: sentence, .github: sentence, .gemini: sentence, .openAI: sentence])
  }

  func test_stalledBody() throws {
    let fault = Fault(
      name: "stalled body", answer: { _, _, _ in .truncated(body: Self.body, sentBytes: 20) },
      environment: ["WAYFARER_HTTP_SILENCE": "1"])
    let sentence = "x The response from 127.0.0.1 was cut off: 20 bytes arrived, then nothing more (1 s in all)."
    try cells(fault, [.geoapify: sentence, .github: sentence, .gemini: sentence, .openAI: sentence])
  }

  /// GET is tried again and succeeds; a question (POST) is never sent
  /// twice by itself: it says so, and the next question is answered.
  func test_serverErrorThenSuccess() throws {
    let fault = Fault(
      name: "5xx then success",
      answer: { service, attempt, _ in attempt == 0 ? .json("{}", status: 503) : service.goodAnswer })
    try cells(
      fault,
      [
        .geoapify: "Place 1", .github: "harbor/lights",
        .gemini: "x The model on Gemini is overloaded; try again in a moment. you> Again? assistant> A good answer.",
        .openAI:
          "x The model on the OpenAI-compatible server is overloaded; try again in a moment. you> Again? assistant> A good answer.",
      ])
  }

  func test_tooManyRequests_withAShortRetryAfter() throws {
    let fault = Fault(
      name: "429, Retry-After 1",
      answer: { service, attempt, _ in
        attempt == 0 ? .json("{}", status: 429, headers: ["Retry-After": "1"]) : service.goodAnswer
      })
    try cells(
      fault,
      [
        .geoapify: "Place 1", .github: "harbor/lights",
        .gemini: "x Gemini's quota is used up; try again in 1 s. you> Again? assistant> A good answer.",
        .openAI:
          "x The OpenAI-compatible server's quota is used up; try again in 1 s. you> Again? assistant> A good answer.",
      ])
  }

  func test_tooManyRequests_withALongRetryAfter() throws {
    let fault = Fault(
      name: "429, Retry-After 3600",
      answer: { service, _, _ in
        service == .github
          ? .json(GitHubFixtures.rateLimited, status: 429, headers: ["Retry-After": "3600"])
          : .json(
            service == .geoapify ? GeoapifyFixtures.quota : AssistantFixtures.openAIRateLimited, status: 429,
            headers: ["Retry-After": "3600"])
      })
    try cells(
      fault,
      [
        .geoapify: "x Geoapify's quota for this key is exhausted (Quota exceeded). Try again in 3600 seconds.",
        .github: "x GitHub rate limit reached; it resets at",
        .gemini: "x Gemini's quota is used up; try again in 3600 s.",
        .openAI: "x The OpenAI-compatible server's quota is used up; try again in 3600 s.",
      ])
  }

  func test_malformedJSON() throws {
    try unreadable(Fault(name: "malformed JSON", answer: { _, _, _ in .json(#"{"features": [}, ]"#) }))
  }

  func test_truncatedJSON() throws {
    try unreadable(
      Fault(
        name: "truncated JSON",
        answer: { service, _, _ in
          guard case .respond(_, _, let whole) = service.goodAnswer else { return .close }
          return .json(String(decoding: whole.prefix(whole.count / 2), as: UTF8.self))
        }))
  }

  func test_anHTMLErrorPage_withStatus200() throws {
    try unreadable(
      Fault(
        name: "HTML with 200",
        answer: { _, _, _ in
          .respond(
            status: 200, headers: ["Content-Type": "text/html"],
            body: Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8))
        }))
  }

  private func unreadable(_ fault: Fault) throws {
    try cells(
      fault,
      [
        .geoapify: "x Geoapify sent a response Wayfarer could not read.",
        .github: "x GitHub sent a response Wayfarer could not read.",
        .gemini: "x Gemini sent a reply Wayfarer could not read.",
        .openAI: "x The OpenAI-compatible server sent a reply Wayfarer could not read.",
      ])
  }

  func test_aFiftyMegabyteBody() throws {
    let huge = Data(repeating: 0x20, count: 50 << 20)
    let fault = Fault(name: "50 MB body", answer: { _, _, _ in .respond(status: 200, body: huge) })
    let sentence = "x 127.0.0.1 sent more than 8 MiB; Wayfarer stopped reading."
    try cells(fault, [.geoapify: sentence, .github: sentence, .gemini: sentence, .openAI: sentence])
  }

  func test_aRedirectLoop() throws {
    let fault = Fault(
      name: "redirect loop",
      answer: { service, attempt, _ in
        .respond(status: 302, headers: ["Location": service.mainPath + (service == .gemini ? "m:x\(attempt)" : "")])
      })
    let sentence = "x 127.0.0.1 redirected the request 5 times over, so Wayfarer stopped following it."
    try cells(fault, [.geoapify: sentence, .github: sentence, .gemini: sentence, .openAI: sentence])
  }

  /// libcurl would have carried `x-goog-api-key` (or a key in the query) to
  /// the other server; no request with a key follows a redirect elsewhere.
  func test_aRedirectToAnotherHost() throws {
    let fault = Fault(
      name: "redirect elsewhere", answer: { _, _, elsewhere in .respond(status: 307, headers: ["Location": elsewhere]) }
    )
    for service in FaultService.allCases {
      let run = try runCell(
        fault, service, home: home,
        expected: "x 127.0.0.1 redirected the request to http://127.0.0.1:")
      XCTAssertTrue(run.flattened.contains("/stolen; Wayfarer does not follow a request that carries your key"))
      XCTAssertEqual(run.heardElsewhere, [], "\(service): the other server heard nothing at all")
    }
  }

  /// A server that repeats the request in its error text (Geoapify's key
  /// is in the query, the others' in a header): the sentence says the
  /// server's words with the key's variable where the key was.
  func test_anErrorThatEchoesTheRequest() throws {
    let fault = Fault(
      name: "echo",
      answer: { service, _, _ in
        // The server's words hold the key, as an echo of the request would.
        let echoed = "bad request q=\(service.key) from you"
        switch service {
        case .geoapify:
          return .json(#"{"statusCode":400,"error":"Bad Request","message":"\#(echoed)"}"#, status: 400)
        case .github: return .json(#"{"message":"\#(echoed)"}"#, status: 400)
        case .gemini:
          return .json(#"{"error":{"code":400,"message":"\#(echoed)","status":"INVALID_ARGUMENT"}}"#, status: 400)
        case .openAI: return .json(#"{"error":{"message":"\#(echoed)","type":"invalid_request_error"}}"#, status: 400)
        }
      })
    try cells(
      fault,
      [
        .geoapify: "Geoapify did not accept the request (HTTP 400: bad request q=[GEOAPIFY_API_KEY] from you).",
        .github: "GitHub did not accept the request (HTTP 400: bad request q=[GITHUB_TOKEN] from you).",
        .gemini: "Gemini did not accept the request (HTTP 400: bad request q=[GEMINI_API_KEY] from you).",
        .openAI:
          "The OpenAI-compatible server did not accept the request (HTTP 400: bad request q=[OPENAI_API_KEY] from you).",
      ])
  }

  func test_aSlowTrickle() throws {
    let fault = Fault(
      name: "slow trickle", answer: { _, _, _ in .trickle(body: Self.body, intervalMilliseconds: 200) },
      environment: ["WAYFARER_HTTP_BUDGET": "2", "WAYFARER_ASSISTANT_WAIT": "2"])
    let sentence = "x 127.0.0.1 was still answering after 2 s, the most Wayfarer waits for one request."
    try cells(fault, [.geoapify: sentence, .github: sentence, .gemini: sentence, .openAI: sentence])
  }
}

/// One cell per service at the real waits (20 s of silence): slower, so it
/// runs apart (`WAYFARER_SLOW_TESTS=1`, as `.ci/run` sets).
final class FaultMatrixRealBudgetTests: XCTestCase {
  private func stalledBody(_ service: FaultService) throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["WAYFARER_SLOW_TESTS"] == "1", "set WAYFARER_SLOW_TESTS=1 to run it")
    let home = try FaultHome()
    let body = Data(#"{"features":[{"type":"Feature","properties":{}}]}"#.utf8)
    let fault = Fault(name: "stalled body, real budget", answer: { _, _, _ in .truncated(body: body, sentBytes: 20) })
    let started = Date()
    try runCell(
      fault, service, home: home,
      expected: "x The response from 127.0.0.1 was cut off: 20 bytes arrived, then nothing more (20 s in all).")
    XCTAssertLessThan(Date().timeIntervalSince(started), 60, "the assistant waits its 300 s only for first words")
  }

  func test_geoapify_aStalledBody_atTheRealSilenceLimit() throws { try stalledBody(.geoapify) }
  func test_github_aStalledBody_atTheRealSilenceLimit() throws { try stalledBody(.github) }
  func test_gemini_aStalledBody_atTheRealSilenceLimit() throws { try stalledBody(.gemini) }
  func test_openAI_aStalledBody_atTheRealSilenceLimit() throws { try stalledBody(.openAI) }
}
