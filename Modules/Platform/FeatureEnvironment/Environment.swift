import Foundation
import Networking

/// What every feature's builder is handed about the world it runs in.
///
/// That is the clock, the one HTTP client every live service shares, and
/// the folder where it keeps what it can fetch again. Made once by App at launch (tests and benchmarks make their own); a
/// builder passes it on to what it makes, so no clock or client is
/// threaded by hand.
public struct Environment: Sendable {
  /// The time now; tests move it.
  public let now: @Sendable () -> Date
  /// Every live service's requests, whole or streamed.
  public let client: any HTTPClient & HTTPStreaming
  /// Where a feature keeps first pages, records and READMEs with their
  /// ETags, each in a folder of its own under it.
  public let cacheDirectory: String

  public init(
    now: @escaping @Sendable () -> Date = { Date() }, client: any HTTPClient & HTTPStreaming, cacheDirectory: String
  ) {
    self.now = now
    self.client = client
    self.cacheDirectory = cacheDirectory
  }

  /// No network at all (every request refused), caching under `cacheDirectory`:
  /// for flows that never reach a service (the offline catalog, a harness).
  public static func offline(cacheDirectory: String, now: @escaping @Sendable () -> Date = { Date() }) -> Environment {
    Environment(now: now, client: NoNetwork(), cacheDirectory: cacheDirectory)
  }
}

/// The client of an environment with no network: every request fails as a
/// refused connection would, before anything is sent.
private struct NoNetwork: HTTPClient, HTTPStreaming {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    throw HTTPError.cannotConnect(host: request.url.host ?? "the service", detail: "no network is configured")
  }

  func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
    throw HTTPError.cannotConnect(host: request.url.host ?? "the service", detail: "no network is configured")
  }
}
