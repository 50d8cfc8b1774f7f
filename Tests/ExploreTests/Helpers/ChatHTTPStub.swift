import Foundation
import Locking
import Networking

/// A model server answering from a script, whole or streamed, recording
/// every request it was sent.
final class ChatHTTPStub: HTTPClient, HTTPStreaming, @unchecked Sendable {
  enum Answer {
    /// A response; streamed, its body comes as one chunk.
    case whole(status: Int, body: String)
    /// A 200 whose body comes in `chunks`, then ends, or fails with `error`,
    /// or (with `hangs`) waits until the reader stops.
    case stream([Data], error: (any Error)? = nil, hangs: Bool = false)
    /// No answer: the transport failed.
    case fail(any Error)
  }

  private let lock = Lock()
  private var _answers: [Answer] = []
  private var _requests: [HTTPRequest] = []

  var answers: [Answer] {
    get { lock.withLock { _answers } }
    set { lock.withLock { _answers = newValue } }
  }

  var requests: [HTTPRequest] { lock.withLock { _requests } }

  /// The JSON body of request `index`.
  func body(_ index: Int) -> [String: Any] {
    guard index < requests.count, let body = requests[index].body,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { return [:] }
    return object
  }

  private func next(_ request: HTTPRequest) -> Answer {
    lock.withLock {
      _requests.append(request)
      return _answers.isEmpty ? .whole(status: 500, body: "") : _answers.removeFirst()
    }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    switch next(request) {
    case .whole(let status, let body): return HTTPResponse(status: status, body: Data(body.utf8))
    case .stream(let chunks, let error, _):
      if let error { throw error }
      return HTTPResponse(status: 200, body: chunks.reduce(Data(), +))
    case .fail(let error): throw error
    }
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
    let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    switch next(request) {
    case .whole(let status, let text):
      continuation.yield(Data(text.utf8))
      continuation.finish()
      return HTTPStreamingResponse(head: HTTPResponseHead(status: status), body: body)
    case .stream(let chunks, let error, let hangs):
      for chunk in chunks { continuation.yield(chunk) }
      if let error { continuation.finish(throwing: error) } else if !hangs { continuation.finish() }
      return HTTPStreamingResponse(head: HTTPResponseHead(status: 200), body: body)
    case .fail(let error):
      throw error
    }
  }
}
