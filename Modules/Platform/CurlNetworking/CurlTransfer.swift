internal import CCurl
import Foundation
import Networking
import Synchronization

/// One request in flight: what was asked, what has arrived so far, and the
/// continuation waiting for it. Everything but `isCancelled` is touched only
/// by the worker thread once the transfer is submitted.
final class CurlTransfer: @unchecked Sendable {
  let request: HTTPRequest
  let continuation: CheckedContinuation<HTTPResponse, any Error>
  let isCancelled = Atomic<Bool>(false)

  var body = Data()
  var headers: [String: String] = [:]
  /// When this try last received anything (or began): how long the server
  /// has been silent.
  var lastActivity = ContinuousClock.now
  var exceededLimit = false
  var headerList: UnsafeMutablePointer<curl_slist>?
  let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

  /// When the person's action began (the first try), for the time given
  /// in error sentences.
  let startedAt: ContinuousClock.Instant
  /// When the action's time budget runs out, across every try.
  let deadline: ContinuousClock.Instant
  let budgetSeconds: Int

  init(
    request: HTTPRequest, continuation: CheckedContinuation<HTTPResponse, any Error>,
    startedAt: ContinuousClock.Instant, budgetSeconds: Int
  ) {
    self.request = request
    self.continuation = continuation
    self.startedAt = startedAt
    self.budgetSeconds = budgetSeconds
    deadline = startedAt + .seconds(budgetSeconds)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
  }

  deinit {
    errorBuffer.deallocate()
    curl_slist_free_all(headerList)
  }

  /// Appends body bytes; refuses (returns false) past the request's limit.
  func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard body.count + bytes.count <= request.maxResponseBytes else {
      exceededLimit = true
      return false
    }
    body.append(contentsOf: bytes)
    lastActivity = .now
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
    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    headers[name] = value
  }

  /// Whether any of the response (a header or body byte) has arrived.
  var hasReceivedAnything: Bool { !headers.isEmpty || !body.isEmpty }

  /// Whole seconds since the action began.
  var elapsedSeconds: Int {
    let elapsed = ContinuousClock.now - startedAt
    return Int(elapsed.components.seconds) + (elapsed.components.attoseconds >= 500_000_000_000_000_000 ? 1 : 0)
  }

  var errorDetail: String {
    String(cString: errorBuffer)
  }
}
