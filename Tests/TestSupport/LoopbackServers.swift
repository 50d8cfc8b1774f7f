import XCTest

extension XCTestCase {
  /// A loopback HTTP server answering with `handler`, stopped when the test ends.
  public func makeLoopbackServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer(handler: handler)
    addTeardownBlock { server.stop() }
    return server
  }

  /// A loopback Gemini: its model list answered at once, as Gemini does
  /// (a list left in flight at exit reads as a leak under
  /// AddressSanitizer), anything outside `/v1beta/` a 404, and every other
  /// request answered by `reply`.
  public func makeGeminiServer(reply: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
    try makeLoopbackServer { request in
      if request.path == "/v1beta/models" { return .json(AssistantFixtures.geminiModels) }
      guard request.path.hasPrefix("/v1beta/") else { return .json(GitHubFixtures.notFound, status: 404) }
      return reply(request)
    }
  }
}
