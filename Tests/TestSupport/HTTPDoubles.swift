import Foundation
import Locking
import Networking

/// An HTTP client that answers from a script, in order, and records what it was sent.
///
/// With the script used up it answers 500. Streamed, a response's body
/// comes as one piece.
public final class HTTPClientStub: HTTPClient, HTTPStreaming, @unchecked Sendable {
  private let lock = Lock()
  private var _requests: [HTTPRequest] = []
  private var _responses: [HTTPResponse] = []

  public init() {}

  public var responses: [HTTPResponse] {
    get { lock.withLock { _responses } }
    set { lock.withLock { _responses = newValue } }
  }

  public var requests: [HTTPRequest] { lock.withLock { _requests } }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    lock.withLock {
      _requests.append(request)
      return _responses.isEmpty ? HTTPResponse(status: 500) : _responses.removeFirst()
    }
  }

  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
    let response = try await send(request)
    return HTTPStreamingResponse(
      head: HTTPResponseHead(status: response.status, headers: response.headers),
      body: AsyncThrowingStream { continuation in
        continuation.yield(response.body)
        continuation.finish()
      })
  }
}

/// The one client of an environment that stands in for several services:
/// each request goes to the double for its URL's host and port
/// (`127.0.0.1:1` GitHub, `127.0.0.1:2` the assistant), and one for no
/// service is an error the test sees.
public final class ServiceRouter: HTTPClient, HTTPStreaming {
  private let routes: [String: any HTTPClient & HTTPStreaming]

  /// `routes` by `host:port`.
  public init(_ routes: [String: any HTTPClient & HTTPStreaming]) {
    self.routes = routes
  }

  private func client(for request: HTTPRequest) throws -> any HTTPClient & HTTPStreaming {
    let key = "\(request.url.host ?? ""):\(request.url.port.map(String.init) ?? "")"
    guard let client = routes[key] else { throw Failure(description: "no double serves \(key)") }
    return client
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await client(for: request).send(request)
  }

  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
    try await client(for: request).stream(request)
  }
}

/// A failure with a sentence of its own, as every Wayfarer error has.
public struct Failure: LocalizedError, CustomStringConvertible {
  public var description: String
  public var errorDescription: String? { description }

  public init(description: String) {
    self.description = description
  }
}
