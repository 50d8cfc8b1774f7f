import Foundation

/// Why a request got no usable answer, as a sentence that names the host.
///
/// HTTP statuses are not errors here: a 401 or a 429 is a response, and the
/// service that asked turns it into its own sentence.
public enum HTTPError: Error, Equatable, CustomStringConvertible {
  /// DNS did not know the host (offline, or a typo in a URL variable).
  case cannotResolve(host: String)
  /// Nothing accepted the connection.
  case cannotConnect(host: String, detail: String)
  /// The TLS handshake or certificate check failed.
  case insecureConnection(host: String, detail: String)
  /// Nothing arrived: the server accepted the request and then said
  /// nothing, through every try, for `elapsedSeconds` in all.
  case silent(host: String, elapsedSeconds: Int)
  /// The response started and stopped short: `receivedBytes` of the body
  /// came, then nothing more (a stall, or a close before its length).
  case cutOff(host: String, receivedBytes: Int, elapsedSeconds: Int)
  /// Data kept coming but the whole answer did not arrive within the time
  /// one request may take.
  case outOfTime(host: String, budgetSeconds: Int)
  /// The connection failed while the response was arriving.
  case connectionLost(host: String, detail: String)
  /// The response was bigger than the request allowed.
  case responseTooLarge(host: String, limit: Int)
  /// Anything else libcurl reported, with its code.
  case transport(host: String, code: Int, detail: String)
  /// The URL could not be used at all.
  case invalidURL(String)
  /// The server sent a request that carries a key elsewhere
  /// (`location`, another scheme, host or port): not followed, so the key
  /// went nowhere else.
  case redirected(host: String, location: String)
  /// Redirect after redirect, past the most Wayfarer follows.
  case tooManyRedirects(host: String, count: Int)

  public var description: String {
    switch self {
    case .cannotResolve(let host):
      "Could not find the server \(host). Check your internet connection."
    case .cannotConnect(let host, let detail):
      "Could not connect to \(host) (\(detail)). The service may be down, or a proxy may be in the way."
    case .insecureConnection(let host, let detail):
      "Could not make a secure connection to \(host): \(detail)."
    case .silent(let host, let elapsed):
      "\(host) sent nothing in \(elapsed) s, so Wayfarer stopped waiting. The service may be down or overloaded; try again later."
    case .cutOff(let host, let received, let elapsed):
      "The response from \(host) was cut off: \(received) bytes arrived, then nothing more (\(elapsed) s in all)."
    case .outOfTime(let host, let budget):
      "\(host) was still answering after \(budget) s, the most Wayfarer waits for one request. Try again later."
    case .connectionLost(let host, let detail):
      "The connection to \(host) broke off before the answer was complete (\(detail))."
    case .responseTooLarge(let host, let limit):
      "\(host) sent more than \(limit / 1_048_576) MiB; Wayfarer stopped reading."
    case .transport(let host, let code, let detail):
      "Talking to \(host) failed: \(detail) (libcurl error \(code))."
    case .invalidURL(let url):
      "'\(url)' is not a URL Wayfarer can use."
    case .redirected(let host, let location):
      "\(host) redirected the request to \(location); Wayfarer does not follow a request that carries your key to another server."
    case .tooManyRedirects(let host, let count):
      "\(host) redirected the request \(count) times over, so Wayfarer stopped following it."
    }
  }

  /// Whether sending again may help: only when nothing arrived at all (a
  /// response that started and stopped would likely stop again, and the
  /// time is better spent telling the person).
  ///
  /// Statuses are judged apart.
  public var isTransient: Bool {
    if case .silent = self { return true }
    return false
  }
}

extension HTTPError: LocalizedError {
  public var errorDescription: String? { description }
}
