internal import CCurl
import Foundation
import Networking
import Synchronization

/// One request in flight: what was asked, what has arrived so far, and who
/// is waiting for it.
///
/// Everything but `isCancelled` is touched only by the
/// worker thread once the transfer is submitted.
final class CurlTransfer: @unchecked Sendable {
  /// How the answer reaches the caller.
  enum Delivery {
    /// The whole response at once.
    case whole(CheckedContinuation<HTTPResponse, any Error>)
    /// Status and headers as soon as the body starts (or the response
    /// ends without one), then the body chunk by chunk as libcurl gets it.
    case streamed(head: CheckedContinuation<HTTPResponseHead, any Error>, body: StreamedBody)
  }

  let request: HTTPRequest
  private let delivery: Delivery
  /// A streamed delivery's body, held apart: read from `delivery` at each
  /// chunk, the enum was copied (about 190 instructions a callback,
  /// callgrind).
  private let streamedBody: StreamedBody?
  let isCancelled = Atomic<Bool>(false)

  var body = Data()
  /// Body bytes received so far (a streamed body is not kept).
  private(set) var receivedBytes = 0
  var headers: [String: String] = [:]
  /// When this try last received anything (or began): how long the server
  /// has been silent.
  var lastActivity = ContinuousClock.now
  var exceededLimit = false
  var headerList: UnsafeMutablePointer<curl_slist>?
  let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
  /// The easy handle while the transfer runs (a streamed head reads its status).
  var handle: UnsafeMutableRawPointer?
  private var hasSentHead = false
  private var isDelivered = false

  /// When the person's action began (the first try), for the time given
  /// in error sentences.
  let startedAt: ContinuousClock.Instant
  /// The seconds the whole action may take, every try included; nil for a
  /// stream, which may go on as long as data keeps coming.
  let budgetSeconds: Int?

  init(request: HTTPRequest, delivery: Delivery, startedAt: ContinuousClock.Instant, budgetSeconds: Int?) {
    self.request = request
    self.delivery = delivery
    if case .streamed(_, let body) = delivery { streamedBody = body } else { streamedBody = nil }
    self.startedAt = startedAt
    self.budgetSeconds = budgetSeconds
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
  }

  /// When the budget runs out.
  var deadline: ContinuousClock.Instant? { budgetSeconds.map { startedAt + .seconds($0) } }

  /// Hands over the outcome, once: the status of a complete response, or
  /// why there is none.
  func deliver(_ outcome: Result<Int, any Error>) {
    guard !isDelivered else { return }
    isDelivered = true
    switch (delivery, outcome) {
    case (.whole(let continuation), .success(let status)):
      continuation.resume(returning: HTTPResponse(status: status, headers: headers, body: body))
    case (.whole(let continuation), .failure(let error)):
      continuation.resume(throwing: error)
    case (.streamed(_, let stream), .success(let status)):
      sendHead(status: status)
      stream.finish()
    case (.streamed(let head, let stream), .failure(let error)):
      stream.finish(throwing: error)
      if !hasSentHead { head.resume(throwing: error) }
    }
  }

  private func sendHead(status: Int) {
    guard case .streamed(let head, _) = delivery, !hasSentHead else { return }
    hasSentHead = true
    head.resume(returning: HTTPResponseHead(status: status, headers: headers))
  }

  deinit {
    errorBuffer.deallocate()
    curl_slist_free_all(headerList)
  }

  /// Takes body bytes (kept, or passed on for a stream); refuses (returns
  /// false) past the request's limit.
  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard receivedBytes + bytes.count <= request.maxResponseBytes else {
      // A stream's reader gets every byte up to the limit, however the
      // network's reads fell: the read that crossed it was lost whole.
      let room = request.maxResponseBytes - receivedBytes
      if streamedBody != nil, room > 0 { _ = receive(UnsafeRawBufferPointer(rebasing: bytes.prefix(room))) }
      exceededLimit = true
      return false
    }
    receivedBytes += bytes.count
    lastActivity = .now
    if let stream = streamedBody {
      if !hasSentHead, let handle {
        var status = 0
        wf_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        sendHead(status: status)
      }
      stream.append(bytes)
    } else {
      body.append(contentsOf: bytes)
    }
    return true
  }

  /// Takes one header line; a status line (a redirect's next response)
  /// starts the headers afresh.
  func receiveHeader(_ line: String) {
    lastActivity = .now
    if line.hasPrefix("HTTP/") {
      headers.removeAll()
      return
    }
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = Self.trimmingOptionalWhitespace(line[..<colon]).lowercased()
    headers[name] = Self.trimmingOptionalWhitespace(line[line.index(after: colon)...])
  }

  /// `text` without HTTP's optional whitespace (spaces, tabs) or the line's
  /// CR LF at either end: bytes compared, not Foundation's character sets
  /// (a tenth of a search's time went to bridging them).
  static func trimmingOptionalWhitespace(_ text: Substring) -> String {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
    let bytes = text.utf8
    guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// Whether any of the response (a header or body byte) has arrived.
  var hasReceivedAnything: Bool { !headers.isEmpty || receivedBytes > 0 }

  /// Whole seconds since the action began.
  var elapsedSeconds: Int {
    let elapsed = ContinuousClock.now - startedAt
    return Int(elapsed.components.seconds) + (elapsed.components.attoseconds >= 500_000_000_000_000_000 ? 1 : 0)
  }

  var errorDetail: String {
    String(cString: errorBuffer)
  }
}
