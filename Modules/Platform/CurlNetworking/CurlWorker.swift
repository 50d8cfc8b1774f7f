internal import CCurl
import Foundation
import Locking
import Networking
import Synchronization

/// The thread that drives every transfer through one libcurl multi handle.
///
/// The multi handle keeps a shared connection cache, so requests to the same
/// host reuse connections; easy handles are pooled and reset between uses.
/// `curl_multi_poll` sleeps until a socket is ready or `curl_multi_wakeup`
/// (a new request or a cancellation) interrupts it, so Ctrl-C ends a transfer
/// within milliseconds rather than at libcurl's next progress tick.
final class CurlWorker: @unchecked Sendable {
  struct Limits: Sendable {
    var connectTimeoutSeconds: Int
    var lowSpeedSeconds: Int
    var userAgent: String
  }

  private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  private let multi: UnsafeMutableRawPointer
  private let limits: Limits
  private let pending = Locked<[CurlTransfer]>([])
  private let isStopping = Atomic<Bool>(false)
  // Worker thread only.
  private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  private var idleHandles: [UnsafeMutableRawPointer] = []

  /// Initialises libcurl now unless its initialisation is thread-safe
  /// (`CURL_VERSION_THREADSAFE`, libcurl 7.84 and later): then the first
  /// client does it, and a launch that sends no request skips OpenSSL's set-up.
  static func prepareLibrary() {
    if wf_curl_init_is_threadsafe() == 0 { _ = globalInit }
  }

  init(limits: Limits) {
    _ = Self.globalInit
    guard let multi = curl_multi_init() else { fatalError("libcurl could not start (curl_multi_init failed)") }
    self.multi = multi
    self.limits = limits
    let thread = Thread { [self] in self.run() }
    thread.name = "wayfarer.http"
    thread.start()
  }

  func submit(_ transfer: CurlTransfer) {
    pending.withLock { $0.append(transfer) }
    curl_multi_wakeup(multi)
  }

  /// Ends the thread once the transfers under way are cancelled.
  func stop() {
    isStopping.store(true, ordering: .releasing)
    curl_multi_wakeup(multi)
  }

  func cancel(_ transfer: CurlTransfer) {
    transfer.isCancelled.store(true, ordering: .releasing)
    curl_multi_wakeup(multi)
  }

  private func run() {
    while !isStopping.load(ordering: .acquiring) {
      for transfer in pending.withLock({ queue in
        defer { queue.removeAll() }
        return queue
      }) {
        start(transfer)
      }
      for (handle, transfer) in active where transfer.isCancelled.load(ordering: .acquiring) {
        finish(handle, with: .failure(CancellationError()))
      }
      // Silence is timed here rather than by libcurl's low-speed check,
      // which averages over several seconds: after a burst of data it
      // noticed a stall only about five seconds late.
      let now = ContinuousClock.now
      for (handle, transfer) in active where now - transfer.lastActivity >= .seconds(silenceLimit(of: transfer)) {
        finish(handle, with: .failure(Self.silenceError(for: transfer)))
      }
      var running: Int32 = 0
      curl_multi_perform(multi, &running)
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
        complete(handle, code: wf_curl_message_result(message))
      }
      var ready: Int32 = 0
      curl_multi_poll(multi, nil, 0, active.isEmpty ? 60_000 : 250, &ready)
    }
    for transfer in pending.withLock({ queue in
      defer { queue.removeAll() }
      return queue
    }) {
      transfer.deliver(.failure(CancellationError()))
    }
    for handle in Array(active.keys) { finish(handle, with: .failure(CancellationError())) }
    for handle in idleHandles { curl_easy_cleanup(handle) }
    idleHandles.removeAll()
    curl_multi_cleanup(multi)
  }

  private func start(_ transfer: CurlTransfer) {
    if transfer.isCancelled.load(ordering: .acquiring) {
      transfer.deliver(.failure(CancellationError()))
      return
    }
    let handle: UnsafeMutableRawPointer
    if let reused = idleHandles.popLast() {
      curl_easy_reset(reused)
      handle = reused
    } else if let fresh = curl_easy_init() {
      handle = fresh
    } else {
      transfer.deliver(
        .failure(HTTPError.transport(host: transfer.request.host, code: -1, detail: "libcurl could not make a handle")))
      return
    }
    configure(handle, for: transfer)
    transfer.handle = handle
    transfer.lastActivity = .now
    active[handle] = transfer
    curl_multi_add_handle(multi, handle)
  }

  private func configure(_ handle: UnsafeMutableRawPointer, for transfer: CurlTransfer) {
    let request = transfer.request
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    wf_curl_setopt_string(handle, CURLOPT_URL, request.url.absoluteString)
    wf_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
    wf_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, limits.connectTimeoutSeconds)
    // What is left of the action's budget (tries before this one used some);
    // a stream has none, only the limit on silence.
    if let deadline = transfer.deadline {
      let left = deadline - ContinuousClock.now
      let leftMilliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
      wf_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(max(leftMilliseconds, 1)))
    }
    wf_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl decodes (gzip, …)
    wf_curl_setopt_string(handle, CURLOPT_USERAGENT, limits.userAgent)
    // Redirects are the client's to follow (``Redirect``), never libcurl's:
    // it would carry a custom header with a key to any host.
    wf_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
    wf_curl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxResponseBytes))
    wf_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, transfer.errorBuffer)
    wf_curl_setopt_pointer(handle, CURLOPT_PRIVATE, context)
    wf_curl_setopt_data_function(handle, CURLOPT_WRITEFUNCTION, curlReceiveBody)
    wf_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    wf_curl_setopt_data_function(handle, CURLOPT_HEADERFUNCTION, curlReceiveHeader)
    wf_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
    for header in request.headers {
      transfer.headerList = curl_slist_append(transfer.headerList, "\(header.name): \(header.value)")
    }
    wf_curl_setopt_list(handle, CURLOPT_HTTPHEADER, transfer.headerList)
    switch request.method {
    case .get:
      wf_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
    case .head:
      wf_curl_setopt_long(handle, CURLOPT_NOBODY, 1)
    case .post:
      let body = request.body ?? Data()
      wf_curl_setopt_long(handle, CURLOPT_POST, 1)
      wf_curl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
      body.withUnsafeBytes { bytes in
        _ = wf_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
      }
    }
  }

  private func complete(_ handle: UnsafeMutableRawPointer, code: CURLcode) {
    guard let transfer = active[handle] else { return }
    guard code == CURLE_OK else {
      finish(handle, with: .failure(error(for: code, transfer: transfer, handle: handle)))
      return
    }
    var status = 0
    wf_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
    finish(handle, with: .success(status))
  }

  /// Ends the transfer: the status of a complete response, or why not.
  private func finish(_ handle: UnsafeMutableRawPointer, with result: Result<Int, any Error>) {
    guard let transfer = active.removeValue(forKey: handle) else { return }
    curl_multi_remove_handle(multi, handle)
    if idleHandles.count < 8 {
      idleHandles.append(handle)
    } else {
      curl_easy_cleanup(handle)
    }
    transfer.handle = nil
    transfer.deliver(result)
  }

  /// The one place libcurl's codes become ``HTTPError``s, keeping the detail.
  private func error(for code: CURLcode, transfer: CurlTransfer, handle: UnsafeMutableRawPointer) -> HTTPError {
    let host = transfer.request.host
    let detail = transfer.errorDetail.isEmpty ? String(cString: curl_easy_strerror(code)) : transfer.errorDetail
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .cannotResolve(host: host)
    case CURLE_COULDNT_CONNECT:
      return .cannotConnect(host: host, detail: detail)
    case CURLE_OPERATION_TIMEDOUT:
      // The connect timeout, or the end of the action's budget.
      var connectedAt = 0.0
      wf_curl_getinfo_double(handle, CURLINFO_CONNECT_TIME, &connectedAt)
      if connectedAt <= 0, !transfer.hasReceivedAnything {
        return .cannotConnect(host: host, detail: "no answer to the connection")
      }
      if transfer.receivedBytes > 0, let budget = transfer.budgetSeconds {
        return .outOfTime(host: host, budgetSeconds: budget)
      }
      return Self.silenceError(for: transfer)
    case CURLE_WRITE_ERROR where transfer.exceededLimit, CURLE_FILESIZE_EXCEEDED:
      return .responseTooLarge(host: host, limit: transfer.request.maxResponseBytes)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_ENGINE_NOTFOUND:
      return .insecureConnection(host: host, detail: detail)
    case CURLE_PARTIAL_FILE:
      return .cutOff(host: host, receivedBytes: transfer.receivedBytes, elapsedSeconds: transfer.elapsedSeconds)
    case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_BAD_CONTENT_ENCODING:
      return .connectionLost(host: host, detail: detail)
    default:
      return .transport(host: host, code: Int(code.rawValue), detail: detail)
    }
  }
}

extension CurlWorker {
  /// The silence a transfer may meet: a patient request's until its body
  /// starts (a model thinking first), then the usual limit (a stall
  /// mid-answer is no thinking).
  func silenceLimit(of transfer: CurlTransfer) -> Int {
    guard transfer.receivedBytes == 0, let patience = transfer.request.patienceSeconds else {
      return limits.lowSpeedSeconds
    }
    return patience
  }

  /// A server that went quiet: before sending anything, or part-way.
  static func silenceError(for transfer: CurlTransfer) -> HTTPError {
    let host = transfer.request.host
    return transfer.hasReceivedAnything
      ? .cutOff(host: host, receivedBytes: transfer.receivedBytes, elapsedSeconds: transfer.elapsedSeconds)
      : .silent(host: host, elapsedSeconds: transfer.elapsedSeconds)
  }
}

private func transfer(from context: UnsafeMutableRawPointer?) -> CurlTransfer? {
  context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
}

private let curlReceiveBody: wf_curl_data_fn = { data, size, count, context in
  let length = size * count
  guard let transfer = transfer(from: context) else { return 0 }
  return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlReceiveHeader: wf_curl_data_fn = { data, size, count, context in
  let length = size * count
  let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
  transfer(from: context)?.receiveHeader(line)
  return length
}
