import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import CurlNetworking
@testable import Networking

final class CurlHTTPClientTests: XCTestCase {
  private func makeClient(
    retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(5)), lowSpeedSeconds: Int = 20,
    budgetSeconds: Int = 30
  ) -> CurlHTTPClient {
    let client = CurlHTTPClient(
      configuration: .init(
        userAgent: "wayfarer/test", connectTimeoutSeconds: 5, lowSpeedSeconds: lowSpeedSeconds,
        budgetSeconds: budgetSeconds, retry: retry))
    trackForMemoryLeaks(client)
    return client
  }

  private func get(_ server: LoopbackHTTPServer, _ path: String) -> HTTPRequest {
    HTTPRequest(url: URL(string: server.baseURL + path)!)
  }

  /// Counts calls, so a handler can answer differently each time.
  private final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
  }

  func test_get_returnsStatusHeadersAndBody_andSendsUserAgentAndEncodings() async throws {
    let server = try makeLoopbackServer { _ in .json(#"{"ok":true}"#, headers: ["X-RateLimit-Remaining": "9"]) }
    var request = get(server, "/v2/places?limit=20&name=S%C3%A3o")
    request.headers = [HTTPHeader("x-api-key", "k")]

    let response = try await makeClient().send(request)

    XCTAssertEqual(response.status, 200)
    XCTAssertEqual(response.body, Data(#"{"ok":true}"#.utf8))
    XCTAssertEqual(response.header("X-RATELIMIT-REMAINING"), "9")
    let received = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(received.method, "GET")
    XCTAssertEqual(received.path, "/v2/places")
    XCTAssertEqual(received.query, ["limit": "20", "name": "São"])
    XCTAssertEqual(received.headers["user-agent"], "wayfarer/test")
    XCTAssertEqual(received.headers["x-api-key"], "k")
    XCTAssertTrue(received.headers["accept-encoding"]?.contains("gzip") == true, "\(received.headers)")
  }

  func test_gzipBodies_areDecoded() async throws {
    let gzipped = Data(base64Encoded: "H4sIAAAAAAACA6tWys9WsiopKk3VUSpJrShRslJKr8osUBiRhFItALaExncPAQAA")!
    let server = try makeLoopbackServer { _ in
      .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped)
    }

    let response = try await makeClient().send(get(server, "/"))

    XCTAssertEqual(
      String(decoding: response.body, as: UTF8.self),
      #"{"ok":true,"text":""# + String(repeating: "gzip ", count: 50) + #""}"#)
  }

  func test_connectionsAreReused() async throws {
    let server = try makeLoopbackServer { _ in .json("{}") }
    let client = makeClient()

    for _ in 0..<5 { _ = try await client.send(get(server, "/")) }

    XCTAssertEqual(server.requests.count, 5)
    XCTAssertEqual(server.acceptedConnections, 1)
  }

  func test_serverErrorThenSuccess_isRetried() async throws {
    let calls = Counter()
    let server = try makeLoopbackServer { _ in
      calls.next() == 1 ? .json(#"{"error":"busy"}"#, status: 503) : .json("{}")
    }

    let response = try await makeClient().send(get(server, "/"))

    XCTAssertEqual(response.status, 200)
    XCTAssertEqual(server.requests.count, 2)
  }

  func test_persistentServerError_isReturnedAfterTheLastAttempt() async throws {
    let server = try makeLoopbackServer { _ in .json("{}", status: 500) }

    let response = try await makeClient().send(get(server, "/"))

    XCTAssertEqual(response.status, 500)
    XCTAssertEqual(server.requests.count, 3)
  }

  func test_rateLimit_honoursRetryAfter() async throws {
    let calls = Counter()
    let server = try makeLoopbackServer { _ in
      calls.next() == 1 ? .json("{}", status: 429, headers: ["Retry-After": "1"]) : .json("{}")
    }
    let started = Date()

    let response = try await makeClient().send(get(server, "/"))

    XCTAssertEqual(response.status, 200)
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.95)
  }

  func test_rateLimit_withALongRetryAfter_isHandedBackAtOnce() async throws {
    let server = try makeLoopbackServer { _ in
      .json(#"{"message":"Quota exceeded"}"#, status: 429, headers: ["Retry-After": "3600"])
    }

    let response = try await makeClient().send(get(server, "/"))

    XCTAssertEqual(response.status, 429)
    XCTAssertEqual(response.header("retry-after"), "3600")
    XCTAssertEqual(server.requests.count, 1)
  }

  func test_post_isNeverRetried() async throws {
    let server = try makeLoopbackServer { _ in .json("{}", status: 503) }
    let request = HTTPRequest(
      method: .post, url: URL(string: server.baseURL + "/v1/chat")!,
      headers: [HTTPHeader("Content-Type", "application/json")],
      body: Data(#"{"q":1}"#.utf8))

    let response = try await makeClient().send(request)

    XCTAssertEqual(response.status, 503)
    XCTAssertEqual(server.requests.map(\.body), [Data(#"{"q":1}"#.utf8)])
    XCTAssertEqual(server.requests.first?.method, "POST")
  }

  func test_refusedConnection_namesTheHost() async throws {
    let port = try LoopbackHTTPServer.refusingPort()

    do {
      _ = try await makeClient().send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      guard case .cannotConnect(let host, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(host, "127.0.0.1")
      XCTAssertTrue(error.description.hasPrefix("Could not connect to 127.0.0.1 ("), error.description)
    }
  }

  func test_unknownHost_saysToCheckTheConnection() async throws {
    do {
      _ = try await makeClient().send(HTTPRequest(url: URL(string: "http://no-such-host.invalid/")!))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .cannotResolve(host: "no-such-host.invalid"))
      XCTAssertEqual(
        error.description, "Could not find the server no-such-host.invalid. Check your internet connection.")
    }
  }

  func test_resetMidBody_isAConnectionLost() async throws {
    let server = try makeLoopbackServer { _ in .resetMidBody(body: Data(repeating: 65, count: 10_000), sentBytes: 100) }

    do {
      _ = try await makeClient().send(get(server, "/"))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      guard case .connectionLost(let host, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(host, "127.0.0.1")
    }
  }

  func test_aSilentServer_isTriedAgainWithinOneBudget_andTheSentenceGivesTheWholeTime() async throws {
    let server = try makeLoopbackServer { _ in .stall }
    let started = ContinuousClock.now

    do {
      _ = try await makeClient(lowSpeedSeconds: 1, budgetSeconds: 3).send(get(server, "/"))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      guard case .silent(let host, let seconds) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(host, "127.0.0.1")
      XCTAssertEqual(seconds, 3, "the budget ended it, and the sentence says how long it was in all")
      XCTAssertEqual(
        error.description,
        "127.0.0.1 sent nothing in 3 s, so Wayfarer stopped waiting. The service may be down or overloaded; try again later."
      )
    }
    // libcurl checks the speed once a second: each silent try ends within 1–2 s.
    XCTAssertGreaterThanOrEqual(server.requests.count, 2, "nothing arrived, so it was tried again")
    XCTAssertLessThan(ContinuousClock.now - started, .milliseconds(3_900), "one budget for every try")
  }

  /// A request slow by nature (a model thinking) waits as long as it
  /// says, past the client's usual silence and budget.
  func test_aPatientRequest_waitsPastTheUsualLimits() async throws {
    let server = try makeLoopbackServer { _ in
      Thread.sleep(forTimeInterval: 2.2)
      return .json("{}")
    }
    var request = HTTPRequest(method: .post, url: URL(string: server.baseURL + "/slow")!, body: Data("{}".utf8))
    request.patienceSeconds = 10

    let response = try await makeClient(lowSpeedSeconds: 1, budgetSeconds: 1).send(request)

    XCTAssertEqual(response.status, 200)
  }

  /// Patience is for a model thinking before it writes: once the body has
  /// started, a stall is cut off after the usual silence (it once held the
  /// prompt for the whole 300 s).
  func test_aPatientRequest_thatStallsOnceItsBodyStarted_isCutOffAfterTheUsualSilence() async throws {
    let server = try makeLoopbackServer { _ in .truncated(body: Data(repeating: 65, count: 10_000), sentBytes: 100) }
    var request = HTTPRequest(method: .post, url: URL(string: server.baseURL + "/slow")!, body: Data("{}".utf8))
    request.patienceSeconds = 60
    let client = makeClient(lowSpeedSeconds: 1, budgetSeconds: 60)
    let started = ContinuousClock.now

    do {
      _ = try await client.send(request)
      XCTFail("a stalled body has no answer")
    } catch let error as HTTPError {
      guard case .cutOff(_, let received, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(received, 100)
    }
    do {
      let response = try await client.stream(request)
      for try await _ in response.body {}
      XCTFail("a stalled stream does not end by itself")
    } catch let error as HTTPError {
      guard case .cutOff(_, let received, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(received, 100)
    }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10), "cut off after the silence, not the patience")
  }

  func test_aResponseThatStopsPartWay_isCutOff_andNotTriedAgain() async throws {
    let server = try makeLoopbackServer { _ in .truncated(body: Data(repeating: 65, count: 10_000), sentBytes: 1_000) }

    do {
      _ = try await makeClient(lowSpeedSeconds: 1, budgetSeconds: 10).send(get(server, "/"))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      guard case .cutOff(let host, let received, let seconds) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(host, "127.0.0.1")
      XCTAssertEqual(received, 1_000)
      XCTAssertTrue((1...2).contains(seconds), "\(seconds)")
      XCTAssertEqual(
        error.description,
        "The response from 127.0.0.1 was cut off: 1000 bytes arrived, then nothing more (\(seconds) s in all).")
    }
    XCTAssertEqual(server.requests.count, 1)
  }

  func test_aResponseStillComingWhenTheBudgetEnds_isOutOfTime() async throws {
    let server = try makeLoopbackServer { _ in
      .trickle(body: Data(repeating: 65, count: 100), intervalMilliseconds: 100)
    }

    do {
      _ = try await makeClient(lowSpeedSeconds: 1, budgetSeconds: 2).send(get(server, "/"))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .outOfTime(host: "127.0.0.1", budgetSeconds: 2))
      XCTAssertEqual(
        error.description,
        "127.0.0.1 was still answering after 2 s, the most Wayfarer waits for one request. Try again later.")
    }
    XCTAssertEqual(server.requests.count, 1)
  }

  func test_postJSON_sendsTheEncodedBody_once_evenOn503() async throws {
    struct Message: Encodable {
      var role: String
      var text: String
    }
    let server = try makeLoopbackServer { request in
      request.body.isEmpty ? .json("{}", status: 400) : .json("{}", status: 503)
    }
    let request = try HTTPRequest.postJSON(
      to: URL(string: server.baseURL + "/v1/chat")!, Message(role: "user", text: "Olá / \"hi\""))

    let response = try await makeClient().send(request)

    XCTAssertEqual(response.status, 503)
    XCTAssertEqual(server.requests.count, 1, "a POST is never sent twice")
    XCTAssertEqual(server.requests.first?.method, "POST")
    XCTAssertEqual(server.requests.first?.headers["content-type"], "application/json")
    XCTAssertEqual(
      String(decoding: server.requests.first?.body ?? Data(), as: UTF8.self), #"{"role":"user","text":"Olá / \"hi\""}"#)
  }

  func test_aConditionalGet_answered304_isANormalResponse() async throws {
    let server = try makeLoopbackServer { request in
      request.headers["if-none-match"] == #""v1""#
        ? .respond(status: 304, headers: ["ETag": #""v1""#])
        : .json(#"{"readme":"…"}"#, headers: ["ETag": #""v1""#])
    }
    let client = makeClient()

    let first = try await client.send(get(server, "/readme"))
    let again = try await client.send(
      get(server, "/readme").ifNoneMatch(first.header("etag") ?? "").ifNoneMatch(#""v1""#))

    XCTAssertEqual(first.status, 200)
    XCTAssertTrue(again.isNotModified)
    XCTAssertEqual(again.body, Data())
    XCTAssertEqual(server.requests.count, 2)
    XCTAssertEqual(server.requests.last?.headers["if-none-match"], #""v1""#, "set once, the last value")
  }

  func test_aRetryAfterPastTheBudget_isNotWaitedFor() async throws {
    let server = try makeLoopbackServer { _ in .json("{}", status: 503, headers: ["Retry-After": "5"]) }
    let started = ContinuousClock.now

    let response = try await makeClient(budgetSeconds: 3).send(get(server, "/"))

    XCTAssertEqual(response.status, 503)
    XCTAssertEqual(server.requests.count, 1)
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(1))
  }

  func test_hugeBody_isCutOffAtTheLimit() async throws {
    let server = try makeLoopbackServer { _ in .respond(status: 200, body: Data(repeating: 0x7B, count: 3 << 20)) }
    var request = get(server, "/")
    request.maxResponseBytes = 1 << 20

    do {
      _ = try await makeClient().send(request)
      XCTFail("expected an error")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .responseTooLarge(host: "127.0.0.1", limit: 1 << 20))
      XCTAssertEqual(error.description, "127.0.0.1 sent more than 1 MiB; Wayfarer stopped reading.")
    }
  }

  func test_cancellingTheTask_endsTheTransferWithinAQuarterSecond() async throws {
    let server = try makeLoopbackServer { _ in .stall }
    let client = makeClient()
    let request = get(server, "/")
    let task = Task { try await client.send(request) }
    let deadline = Date().addingTimeInterval(5)
    while server.requests.isEmpty && Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
    XCTAssertEqual(server.requests.count, 1)

    let cancelled = Date()
    task.cancel()
    let result = await task.result

    XCTAssertLessThan(Date().timeIntervalSince(cancelled), 0.25)
    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
  }
  // MARK: Redirects

  /// libcurl drops `Authorization` on a host change but keeps a custom
  /// header such as `x-goog-api-key`: the client follows redirects itself,
  /// and a request with a key never goes to another origin.
  func test_aRequestWithAKey_isNeverSentToTheServerARedirectNames() async throws {
    let elsewhere = try makeLoopbackServer { _ in .json("{}") }
    let server = try makeLoopbackServer { request in
      request.path == "/moved"
        ? .respond(status: 307, headers: ["Location": "/here"])
        : request.path == "/here"
          ? .json(#"{"ok":true}"#) : .respond(status: 307, headers: ["Location": elsewhere.baseURL + "/stolen"])
    }
    let key = Secret(value: "AIzaTestKey12345", source: "GEMINI_API_KEY")
    let client = makeClient()

    let followed = try await client.send(get(server, "/moved").sending(key, inHeader: "x-goog-api-key"))
    XCTAssertEqual(followed.status, 200, "a redirect on the same origin is followed")
    XCTAssertEqual(server.requests.map(\.path), ["/moved", "/here"])
    XCTAssertEqual(server.requests.last?.headers["x-goog-api-key"], "AIzaTestKey12345")

    do {
      _ = try await client.send(get(server, "/away").sending(key, inHeader: "x-goog-api-key"))
      XCTFail("followed a redirect to another server")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .redirected(host: "127.0.0.1", location: elsewhere.baseURL + "/stolen"))
    }
    do {
      _ = try await client.stream(get(server, "/away").sending(key, inHeader: "x-goog-api-key"))
      XCTFail("a stream followed a redirect to another server")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .redirected(host: "127.0.0.1", location: elsewhere.baseURL + "/stolen"))
    }
    XCTAssertEqual(elsewhere.requests, [], "the other server heard nothing at all")

    let plain = try await client.send(get(server, "/away"))
    XCTAssertEqual(plain.status, 200, "a request without a key follows")
    XCTAssertEqual(elsewhere.requests.map(\.path), ["/stolen"])
  }

  func test_aRedirectLoop_endsWithASentence() async throws {
    let server = try makeLoopbackServer { request in .respond(status: 302, headers: ["Location": request.path + "x"]) }

    do {
      _ = try await makeClient().send(get(server, "/loop"))
      XCTFail("a loop has no answer")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .tooManyRedirects(host: "127.0.0.1", count: 5))
    }
    XCTAssertEqual(server.requests.count, 6)
  }
}

final class RetryPolicyTests: XCTestCase {
  func test_retryAfter_asSecondsOrDate() {
    let now = Date(timeIntervalSince1970: 1_000_000)
    XCTAssertEqual(RetryPolicy.seconds(inRetryAfter: " 7 ", now: now), 7)
    XCTAssertEqual(RetryPolicy.seconds(inRetryAfter: "Mon, 12 Jan 1970 13:46:50 GMT", now: now), 10)
    XCTAssertNil(RetryPolicy.seconds(inRetryAfter: "soon", now: now))
  }

  /// The header is the server's number: huge, infinite or not a number is
  /// "too long" or "ignored", never an overflow.
  func test_absurdRetryAfter_neverTraps() {
    let policy = RetryPolicy()
    func delay(_ value: String) -> Duration? {
      policy.delay(after: HTTPResponse(status: 429, headers: ["retry-after": value]), attempt: 1)
    }
    XCTAssertNil(delay("1e300"))
    XCTAssertNil(delay("inf"))
    XCTAssertEqual(delay("nan"), .milliseconds(400), "ignored: the usual backoff")
    XCTAssertEqual(delay("-1e300"), .zero)
    XCTAssertEqual(delay("2.5"), .milliseconds(2_500))
  }

  /// A wait longer than the policy's longest is handed back to the caller
  /// (who says when to come back), never waited out.
  func test_aRetryAfterPastTheLongestWait_isNotWaitedFor() {
    let policy = RetryPolicy(longestRetryAfter: .seconds(10))
    func delay(_ value: String) -> Duration? {
      policy.delay(after: HTTPResponse(status: 429, headers: ["retry-after": value]), attempt: 1)
    }
    XCTAssertEqual(delay("10"), .seconds(10))
    XCTAssertNil(delay("11"))
    XCTAssertNil(delay("3600"))
  }
}

/// A header line as libcurl hands it over: name and value without HTTP's
/// optional whitespace or the line's CR LF.
final class CurlHeaderLineTests: XCTestCase {
  func test_optionalWhitespaceAndLineEnd_areTrimmed_insideKept() {
    XCTAssertEqual(CurlTransfer.trimmingOptionalWhitespace(" \t ETag \r\n"), "ETag")
    XCTAssertEqual(CurlTransfer.trimmingOptionalWhitespace(#" W/"a b" "#), #"W/"a b""#)
    XCTAssertEqual(CurlTransfer.trimmingOptionalWhitespace(" \r\n"), "")
    XCTAssertEqual(CurlTransfer.trimmingOptionalWhitespace("\u{A0}x\u{A0}"), "\u{A0}x\u{A0}", "only HTTP's whitespace")
  }
}
