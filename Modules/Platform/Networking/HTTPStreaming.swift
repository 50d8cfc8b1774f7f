import Foundation

/// The status and headers of a response whose body is still arriving.
public struct HTTPResponseHead: Sendable, Equatable {
  public var status: Int
  /// Names lower-cased.
  public var headers: [String: String]

  public init(status: Int, headers: [String: String] = [:]) {
    self.status = status
    self.headers = headers
  }
}

extension HTTPResponseHead: HTTPResponseHeaders {}

/// A response read as it arrives: the head at once, the body in chunks in
/// the order they came (a server-sent event may be split across two).
///
/// The
/// body ends when the response is complete, or throws the ``HTTPError``
/// that ended it; its total is capped by the request's `maxResponseBytes`.
public struct HTTPStreamingResponse: Sendable {
  public var head: HTTPResponseHead
  public var body: AsyncThrowingStream<Data, any Error>

  public init(head: HTTPResponseHead, body: AsyncThrowingStream<Data, any Error>) {
    self.head = head
    self.body = body
  }
}

/// Sends a request and hands its body over piece by piece (for replies that
/// are written as they are generated).
///
/// Not tried again: once a piece has
/// been shown, sending again would show it twice. No time budget either,
/// only the limit on silence: a long reply may take minutes. Cancelling
/// the task, or ending the iteration, ends the transfer.
public protocol HTTPStreaming: Sendable {
  func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse
}
