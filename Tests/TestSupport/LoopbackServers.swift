import XCTest

extension XCTestCase {
  /// A loopback HTTP server answering with `handler`, stopped when the test ends.
  public func makeLoopbackServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
    let server = try LoopbackHTTPServer(handler: handler)
    addTeardownBlock { server.stop() }
    return server
  }
}
