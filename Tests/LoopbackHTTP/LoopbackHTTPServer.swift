import Foundation
import Locking
import Synchronization

/// An HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests.
///
/// Each request is answered by the handler, which returns a reply or a fault;
/// every request is recorded so tests can check what was sent. Connections
/// are kept alive, one thread each.
public final class LoopbackHTTPServer: Sendable {
  public struct Request: Sendable, Equatable {
    public let method: String
    /// Path and query, as sent (`/v2/places?limit=20`).
    public let target: String
    /// Header names lower-cased.
    public let headers: [String: String]
    public let body: Data

    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// Query items, percent-decoded.
    public var query: [String: String] {
      var items: [String: String] = [:]
      for item in URLComponents(string: target)?.queryItems ?? [] { items[item.name] = item.value ?? "" }
      return items
    }
  }

  public enum Reply: Sendable {
    /// A normal response; `Content-Length` is added.
    case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
    /// Headers promising `body`, `sentBytes` of it, then a TCP reset.
    case resetMidBody(body: Data, sentBytes: Int)
    /// Headers promising `body`, `sentBytes` of it, then silence with the
    /// connection open until the client gives up.
    case truncated(body: Data, sentBytes: Int)
    /// Headers promising `body`, then one byte of it every `interval`
    /// milliseconds: always moving, never done in time.
    case trickle(body: Data, intervalMilliseconds: Int)
    /// Headers promising all of `chunks`, then each chunk with a pause of
    /// `intervalMilliseconds` before the next: a reply being written.
    case chunks([Data], intervalMilliseconds: Int)
    /// A chunked (`Transfer-Encoding: chunked`) event stream: each of
    /// `events` written alone, `intervalMicroseconds` apart, `sent(i)`
    /// called just after event `i` was written (benchmarks time it).
    case eventStream([Data], intervalMicroseconds: Int, sent: @Sendable (Int) -> Void)
    /// A body with no Content-Length, ended by closing the connection: its
    /// size is known only once it has all come.
    case unsized(body: Data)
    /// Say nothing and keep the connection open until the client gives up.
    case stall
    /// Close the connection without a response.
    case close

    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
      .respond(
        status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a },
        body: Data(text.utf8))
    }
  }

  public typealias Handler = @Sendable (Request) -> Reply

  private let listener: Int32
  public let port: Int
  private let handler: Handler
  private let recorded = Locked<[Request]>([])
  private let connections = Locked<Set<Int32>>([])
  private let stopped = Atomic<Bool>(false)
  private let accepted = Atomic<Int>(0)

  /// How many TCP connections clients opened: 1 for many requests means reuse.
  public var acceptedConnections: Int { accepted.load(ordering: .acquiring) }

  /// Whether requests are kept for ``requests`` (benchmarks turn it off).
  private let recordsRequests: Bool

  /// Starts listening at once.
  public init(recordsRequests: Bool = true, handler: @escaping Handler) throws {
    self.recordsRequests = recordsRequests
    self.handler = handler
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    port = Int(UInt16(bigEndian: address.sin_port))
    let thread = Thread { [self] in self.acceptLoop() }
    thread.start()
  }

  deinit {
    stop()
  }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// What the server received so far, in order.
  public var requests: [Request] { recorded.withLock { $0 } }

  public func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    connections.withLock { for fd in $0 { shutdown(fd, Int32(SHUT_RDWR)) } }
  }

  /// A port on 127.0.0.1 where nothing listens: connecting is refused.
  public static func refusingPort() throws -> Int {
    let server = try LoopbackHTTPServer { _ in .close }
    let port = server.port
    server.stop()
    return port
  }

  // MARK: Serving

  private func acceptLoop() {
    while !stopped.load(ordering: .acquiring) {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        return
      }
      accepted.add(1, ordering: .acquiringAndReleasing)
      var yes: Int32 = 1
      setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      connections.withLock { _ = $0.insert(client) }
      let thread = Thread { [self] in
        self.serve(client)
        connections.withLock { _ = $0.remove(client) }
        close(client)
      }
      thread.start()
    }
  }

  private func serve(_ client: Int32) {
    var buffer: [UInt8] = []
    while !stopped.load(ordering: .acquiring) {
      guard let request = readRequest(client, buffer: &buffer) else { return }
      if recordsRequests { recorded.withLock { $0.append(request) } }
      switch handler(request) {
      case .respond(let status, let headers, let body):
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var response = Data(head.utf8)
        if request.method != "HEAD" { response.append(body) }
        guard send(response, to: client) else { return }
      case .resetMidBody(let body, let sentBytes):
        let head = "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nContent-Type: application/json\r\n\r\n"
        _ = send(Data(head.utf8) + body.prefix(sentBytes), to: client)
        var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
        setsockopt(client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Foundation.linger>.size))
        return
      case .truncated(let body, let sentBytes):
        let head = "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nContent-Type: application/json\r\n\r\n"
        guard send(Data(head.utf8) + body.prefix(sentBytes), to: client) else { return }
        var byte: UInt8 = 0
        while !stopped.load(ordering: .acquiring), recv(client, &byte, 1, 0) > 0 {}
        return
      case .trickle(let body, let interval):
        let head = "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nContent-Type: application/json\r\n\r\n"
        guard send(Data(head.utf8), to: client) else { return }
        for byte in body {
          guard !stopped.load(ordering: .acquiring), send(Data([byte]), to: client) else { return }
          usleep(useconds_t(interval * 1_000))
        }
      case .chunks(let chunks, let interval):
        let length = chunks.reduce(0) { $0 + $1.count }
        let head = "HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\nContent-Type: text/event-stream\r\n\r\n"
        guard send(Data(head.utf8), to: client) else { return }
        for (index, chunk) in chunks.enumerated() {
          if index > 0 { usleep(useconds_t(interval * 1_000)) }
          guard !stopped.load(ordering: .acquiring), send(chunk, to: client) else { return }
        }
      case .eventStream(let events, let interval, let sent):
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/event-stream\r\n\r\n"
        guard send(Data(head.utf8), to: client) else { return }
        for (index, event) in events.enumerated() {
          if index > 0 && interval > 0 { usleep(useconds_t(interval)) }
          let chunk = Data((String(event.count, radix: 16) + "\r\n").utf8) + event + Data("\r\n".utf8)
          guard !stopped.load(ordering: .acquiring), send(chunk, to: client) else { return }
          sent(index)
        }
        guard send(Data("0\r\n\r\n".utf8), to: client) else { return }
      case .unsized(let body):
        let head = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n"
        _ = send(Data(head.utf8) + body, to: client)
        return
      case .stall:
        var byte: UInt8 = 0
        while !stopped.load(ordering: .acquiring), recv(client, &byte, 1, 0) > 0 {}
        return
      case .close:
        return
      }
    }
  }

  /// Reads one request; bytes of the next one stay in `buffer`.
  private func readRequest(_ client: Int32, buffer: inout [UInt8]) -> Request? {
    var chunk = [UInt8](repeating: 0, count: 16_384)
    var searched = 0
    var headEnd: Int?
    while headEnd == nil {
      headEnd = Self.endOfHead(in: buffer, from: searched)
      if headEnd != nil { break }
      searched = max(buffer.count - 3, 0)
      let count = recv(client, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[..<count])
    }
    let end = headEnd!
    let head = String(decoding: buffer[..<(end - 4)], as: UTF8.self)
    var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let length = Int(headers["content-length"] ?? "0") ?? 0
    while buffer.count < end + length {
      let count = recv(client, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[..<count])
    }
    let body = Data(buffer[end..<(end + length)])
    buffer.removeFirst(end + length)
    return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
  }

  /// The index just past the first CR LF CR LF at or after `start`.
  private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= 4 else { return nil }
    var index = start
    while index + 3 < bytes.count {
      if bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
        return index + 4
      }
      index += 1
    }
    return nil
  }

  private func send(_ data: Data, to client: Int32) -> Bool {
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let sent = Foundation.send(client, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
