import Foundation
import Locking
import XCTest

@testable import CurlNetworking

/// The body between libcurl's thread and its reader: a burst is read at
/// once, a paced body piece by piece, and letting go stops the transfer.
final class StreamedBodyTests: XCTestCase {
  private func append(_ text: String, to body: StreamedBody) {
    Array(text.utf8).withUnsafeBytes { body.append($0) }
  }

  // A paced body coming piece by piece is StreamingTests' first test.
  func test_whatArrivedBeforeARead_isReadAtOnce() async throws {
    let body = StreamedBody {}
    var reader = body.stream().makeAsyncIterator()
    for piece in ["data: a\n\n", "data: b\n\n", "data: c\n\n"] { append(piece, to: body) }
    let burst = try await reader.next()
    XCTAssertEqual(burst.map { String(decoding: $0, as: UTF8.self) }, "data: a\n\ndata: b\n\ndata: c\n\n")

    append("data: d\n\n", to: body)
    let next = try await reader.next()
    XCTAssertEqual(next.map { String(decoding: $0, as: UTF8.self) }, "data: d\n\n")

    body.finish()
    let end = try await reader.next()
    XCTAssertNil(end)
  }

  func test_anError_isThrownAfterWhatArrivedBeforeIt() async throws {
    let body = StreamedBody {}
    var reader = body.stream().makeAsyncIterator()
    append("partial", to: body)
    body.finish(throwing: URLError(.networkConnectionLost))
    let last = try await reader.next()
    XCTAssertEqual(last, Data("partial".utf8))
    do {
      _ = try await reader.next()
      XCTFail("the error ends the body")
    } catch {
      XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
    }
    let afterTheError = try await reader.next()
    XCTAssertNil(afterTheError, "thrown once, then the end")
  }

  func test_lettingGoOfTheStream_stopsTheTransfer_once() {
    let stops = Locked(0)
    let body = StreamedBody { stops.withLock { $0 += 1 } }
    var stream: AsyncThrowingStream<Data, any Error>? = body.stream()
    XCTAssertNotNil(stream)
    stream = nil
    XCTAssertEqual(stops.withLock { $0 }, 1)
    append("late", to: body)
    XCTAssertEqual(stops.withLock { $0 }, 1)
  }

  func test_aFinishedBody_letsGoOfWhatStopsIt() {
    final class Client: Sendable {}
    weak var released: Client?
    let body: StreamedBody
    do {
      let client = Client()
      released = client
      body = StreamedBody { withExtendedLifetime(client) {} }
    }
    XCTAssertNotNil(released, "held while the transfer runs")
    body.finish()
    XCTAssertNil(released, "the client is not kept by a finished body")
  }

  func test_cancellingTheReader_endsTheRead_andStopsTheTransfer() async {
    let stops = Locked(0)
    let body = StreamedBody { stops.withLock { $0 += 1 } }
    let stream = body.stream()
    let reading = Task {
      var reads = 0
      for try await _ in stream { reads += 1 }
      return reads
    }
    reading.cancel()
    let reads = try? await reading.value
    XCTAssertEqual(reads, 0)
    XCTAssertEqual(stops.withLock { $0 }, 1)
  }
}
