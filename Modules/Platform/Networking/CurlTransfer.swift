internal import CCurl
import Foundation
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
  var exceededLimit = false
  var headerList: UnsafeMutablePointer<curl_slist>?
  let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

  init(request: HTTPRequest, continuation: CheckedContinuation<HTTPResponse, any Error>) {
    self.request = request
    self.continuation = continuation
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
    return true
  }

  /// Takes one header line; a status line (a redirect's next response)
  /// starts the headers afresh.
  func receiveHeader(_ line: String) {
    if line.hasPrefix("HTTP/") {
      headers.removeAll()
      return
    }
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    headers[name] = value
  }

  var errorDetail: String {
    String(cString: errorBuffer)
  }
}
