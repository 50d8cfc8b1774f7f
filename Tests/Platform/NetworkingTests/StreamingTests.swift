import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import CurlNetworking
@testable import Networking

/// Bodies read as they arrive: what a streamed assistant reply needs.
final class StreamingTests: XCTestCase {
  private func makeClient(lowSpeedSeconds: Int = 20) -> CurlHTTPClient {
    let client = CurlHTTPClient(
      configuration: .init(userAgent: "wayfarer/test", connectTimeoutSeconds: 5, lowSpeedSeconds: lowSpeedSeconds))
    trackForMemoryLeaks(client)
    return client
  }

  private func request(_ server: LoopbackHTTPServer, maxResponseBytes: Int = HTTPRequest.defaultMaxResponseBytes)
    -> HTTPRequest
  {
    HTTPRequest(url: URL(string: server.baseURL + "/stream")!, maxResponseBytes: maxResponseBytes)
  }

  func test_chunksArriveAsTheyAreSent_inOrder_andTheBodyEnds() async throws {
    let pieces = ["data: {\"a\":1}\n\n", "data: {\"b\":", "2}\n\n", "data: [DONE]\n\n"].map { Data($0.utf8) }
    let server = try makeLoopbackServer { _ in .chunks(pieces, intervalMilliseconds: 150) }
    let started = ContinuousClock.now

    let response = try await makeClient().stream(request(server))
    var received = Data()
    var firstChunkAt: Duration?
    var chunks = 0
    for try await chunk in response.body {
      firstChunkAt = firstChunkAt ?? (ContinuousClock.now - started)
      received.append(chunk)
      chunks += 1
    }
    let total = ContinuousClock.now - started

    XCTAssertEqual(response.head.status, 200)
    XCTAssertEqual(response.head.header("Content-Type"), "text/event-stream")
    XCTAssertEqual(received, pieces.reduce(Data(), +))
    XCTAssertGreaterThan(chunks, 1, "delivered in pieces, not at the end")
    XCTAssertGreaterThanOrEqual(total, .milliseconds(450))
    XCTAssertLessThan(try XCTUnwrap(firstChunkAt), .milliseconds(300), "the first piece came before the rest was sent")
  }

  func test_cancellingTheReader_endsTheTransferWithinAQuarterSecond() async throws {
    let server = try makeLoopbackServer { _ in .truncated(body: Data(repeating: 65, count: 10_000), sentBytes: 100) }
    let client = makeClient()
    let firstChunk = expectation(description: "first chunk")
    let streamRequest = request(server)
    let reader = Task {
      let response = try await client.stream(streamRequest)
      for try await _ in response.body { firstChunk.fulfill() }
    }
    await fulfillment(of: [firstChunk], timeout: 5)

    let cancelled = ContinuousClock.now
    reader.cancel()
    _ = await reader.result

    XCTAssertLessThan(ContinuousClock.now - cancelled, .milliseconds(250))
  }

  func test_theResponseCap_holdsAcrossChunks() async throws {
    let server = try makeLoopbackServer { request in
      request.target == "/declared"
        ? .respond(status: 200, body: Data(repeating: 0x7B, count: 3 << 20))
        : .unsized(body: Data(repeating: 0x7B, count: 3 << 20))
    }
    let client = makeClient()

    do {
      _ = try await client.stream(
        HTTPRequest(url: URL(string: server.baseURL + "/declared")!, maxResponseBytes: 1 << 20))
      XCTFail("a declared length over the cap fails before any data")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .responseTooLarge(host: "127.0.0.1", limit: 1 << 20))
    }
    // A limit no network read ends on: the read that crosses it is cut.
    let limit = (1 << 20) + 1_000
    let response = try await client.stream(request(server, maxResponseBytes: limit))
    var received = 0
    do {
      for try await chunk in response.body { received += chunk.count }
      XCTFail("expected the cap")
    } catch let error as HTTPError {
      XCTAssertEqual(error, .responseTooLarge(host: "127.0.0.1", limit: limit))
    }
    XCTAssertEqual(received, limit, "every byte up to the cap, and not one more")
  }

  func test_silencePartWay_isACutOffResponse_withTheSameSentence() async throws {
    let server = try makeLoopbackServer { _ in .truncated(body: Data(repeating: 65, count: 10_000), sentBytes: 500) }

    let response = try await makeClient(lowSpeedSeconds: 1).stream(request(server))
    do {
      for try await _ in response.body {}
      XCTFail("expected an error")
    } catch let error as HTTPError {
      guard case .cutOff(_, let received, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(received, 500)
    }
    XCTAssertEqual(server.requests.count, 1, "a stream is never sent twice")
  }

  func test_aFailureBeforeAnyData_isThrownByStream_itself() async throws {
    let port = try LoopbackHTTPServer.refusingPort()
    do {
      _ = try await makeClient().stream(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/")!))
      XCTFail("expected an error")
    } catch let error as HTTPError {
      guard case .cannotConnect(let host, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(host, "127.0.0.1")
    }
  }

  func test_anErrorStatus_isAHead_whoseBodyCanBeRead() async throws {
    let server = try makeLoopbackServer { _ in .json(#"{"error":{"message":"model 'x' not found"}}"#, status: 404) }

    let response = try await makeClient().stream(request(server))
    var body = Data()
    for try await chunk in response.body { body.append(chunk) }

    XCTAssertEqual(response.head.status, 404)
    XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"error":{"message":"model 'x' not found"}}"#)
  }
}
