import Foundation

/// How a redirect is followed: by the client itself, never by libcurl, so
/// that a request carrying a key never follows one to another origin
/// (libcurl drops `Authorization` on a host change, but not a custom header
/// such as `x-goog-api-key`, nor a key in the query).
public enum Redirect {
  /// The statuses that send a request elsewhere with a `Location`.
  public static let statuses: Set<Int> = [301, 302, 303, 307, 308]
  /// The most redirects one request follows.
  public static let maximumHops = 5

  /// The request to send after `response` to `request`, or nil when the
  /// response is no redirect (it is then the answer).
  ///
  /// `hops` is how many
  /// were followed already.
  ///
  /// - Throws: ``HTTPError/tooManyRedirects(host:count:)`` past
  ///   ``maximumHops``, and ``HTTPError/redirected(host:location:)`` when
  ///   `request` carries a secret and `Location` is another origin.
  public static func next(
    after response: some HTTPResponseHeaders, to request: HTTPRequest, hops: Int
  ) throws(HTTPError) -> HTTPRequest? {
    guard statuses.contains(response.status), let location = response.header("location"),
      let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?
        .absoluteURL,
      let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme), target.host != nil
    else { return nil }
    guard hops < maximumHops else { throw .tooManyRedirects(host: request.host, count: hops) }
    guard !request.carriesSecret || origin(of: target) == origin(of: request.url) else {
      throw .redirected(host: request.host, location: shown(target))
    }
    var next = request
    next.url = target
    // As browsers and libcurl do: 303 always, and 301 or 302 after a POST,
    // become a GET without the body.
    if response.status == 303 || (request.method == .post && [301, 302].contains(response.status)) {
      next.method = .get
      next.body = nil
      next.headers.removeAll { $0.name.lowercased() == "content-type" }
    }
    return next
  }

  /// Scheme, host and port (the scheme's own when none is given), as the
  /// web's same-origin rule compares them.
  static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  /// Where the redirect pointed, for a sentence: its origin and path,
  /// without the query (which might hold anything the server echoed).
  static func shown(_ url: URL) -> String {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    components?.query = nil
    components?.fragment = nil
    components?.user = nil
    components?.password = nil
    let text = components?.string ?? url.absoluteString
    return text.count > 100 ? String(text.prefix(99)) + "…" : text
  }
}
