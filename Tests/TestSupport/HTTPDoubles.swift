import Foundation
import Locking
import Networking

/// An HTTP client that answers from a script, in order, and records what it
/// was sent; with the script used up it answers 500.
public final class HTTPClientStub: HTTPClient, @unchecked Sendable {
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
}

/// A failure with a sentence of its own, as every Wayfarer error has.
public struct Failure: LocalizedError, CustomStringConvertible {
  public var description: String
  public var errorDescription: String? { description }

  public init(description: String) {
    self.description = description
  }
}
