import Foundation

/// One header of a request, as sent.
public struct HTTPHeader: Sendable, Equatable {
  public var name: String
  public var value: String

  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A request to send: method, URL, headers and an optional body.
public struct HTTPRequest: Sendable, Equatable {
  public enum Method: String, Sendable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"

    /// Safe to send again after a failure (GET and HEAD; never POST).
    public var isIdempotent: Bool { self != .post }
  }

  public var method: Method
  public var url: URL
  public var headers: [HTTPHeader]
  public var body: Data?
  /// A response larger than this fails with ``HTTPError/responseTooLarge(host:limit:)``.
  public var maxResponseBytes: Int
  /// How long this request may wait for its answer to start, and take in
  /// all, when it is slow by nature (a model thinking before it writes);
  /// nil: the client's usual limits.
  ///
  /// Once the body has started, the usual
  /// limit on silence holds again: a server that stalls mid-answer is cut
  /// off as any other. Ctrl-C still stops it at once.
  public var patienceSeconds: Int?
  /// Whether a key or token travels with this request (in a header or the
  /// query).
  ///
  /// Such a request goes to its own origin and nowhere else: a
  /// redirect to another scheme, host or port is refused
  /// (``HTTPError/redirected(host:location:)``), never followed.
  public var carriesSecret: Bool

  public static let defaultMaxResponseBytes = 8 << 20

  public init(
    method: Method = .get, url: URL, headers: [HTTPHeader] = [], body: Data? = nil,
    maxResponseBytes: Int = defaultMaxResponseBytes, carriesSecret: Bool = false
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.maxResponseBytes = maxResponseBytes
    self.carriesSecret = carriesSecret
  }

  /// The same request with `secret` in header `name` (after `prefix`, as in
  /// `Bearer `), and so marked as carrying a secret.
  public func sending(_ secret: Secret, inHeader name: String, prefix: String = "") -> HTTPRequest {
    var request = self
    request.headers.append(HTTPHeader(name, prefix + secret.value))
    request.carriesSecret = true
    return request
  }

  public var host: String { url.host ?? url.absoluteString }
}

/// What came back: status, headers (names lower-cased) and body.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

}

/// What a whole response and a streamed one's head share: a status and
/// headers with lower-cased names.
public protocol HTTPResponseHeaders {
  var status: Int { get }
  var headers: [String: String] { get }
}

extension HTTPResponseHeaders {
  /// The header's value, whatever the case of `name`.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  public var isSuccess: Bool { (200..<300).contains(status) }

  /// `Retry-After` as whole seconds to wait, rounded up (it may be seconds
  /// or an HTTP date); nil when absent, unreadable, past, or over a day.
  ///
  /// Every service's "try again in N s" reads it here.
  public func retryAfterSeconds(now: Date = Date()) -> Int? {
    guard let value = header("retry-after"), let seconds = RetryPolicy.seconds(inRetryAfter: value, now: now),
      seconds.isFinite, seconds >= 0, seconds <= 86_400
    else { return nil }
    return Int(exactly: seconds.rounded(.up))
  }
}

extension HTTPResponse: HTTPResponseHeaders {}

/// Sends HTTP requests.
///
/// The live one is CurlNetworking's `CurlHTTPClient`,
/// which only App links; feature modules and their tests see this protocol.
public protocol HTTPClient: Sendable {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

// MARK: Requests the services need

extension HTTPRequest {
  /// A POST whose body is `value` encoded with Foundation's `JSONEncoder`
  /// (keys sorted, so the same value always sends the same bytes), sent as
  /// `application/json`.
  ///
  /// A POST is never sent twice by the client.
  public static func postJSON<Body: Encodable>(
    to url: URL, _ value: Body, headers: [HTTPHeader] = [],
    maxResponseBytes: Int = defaultMaxResponseBytes
  ) throws -> HTTPRequest {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return HTTPRequest(
      method: .post, url: url, headers: [HTTPHeader("Content-Type", "application/json")] + headers,
      body: try encoder.encode(value), maxResponseBytes: maxResponseBytes)
  }

  /// The same request, asking for the body only if it changed since the
  /// copy tagged `etag`: the answer is then a 304 (``HTTPResponse/isNotModified``),
  /// a normal response with no body, and the cached copy stands.
  public func ifNoneMatch(_ etag: String) -> HTTPRequest {
    var request = self
    request.headers.removeAll { $0.name.lowercased() == "if-none-match" }
    request.headers.append(HTTPHeader("If-None-Match", etag))
    return request
  }
}

extension HTTPResponse {
  /// 304: the copy named by `If-None-Match` is still current.
  public var isNotModified: Bool { status == 304 }
}
