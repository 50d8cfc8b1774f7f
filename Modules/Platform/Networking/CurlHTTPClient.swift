import Foundation
import Synchronization

/// The HTTP client: libcurl underneath, async on top, retries for idempotent
/// requests, cancellation that reaches the transfer.
public final class CurlHTTPClient: HTTPClient {
  public struct Configuration: Sendable {
    /// `wayfarer/VERSION`.
    public var userAgent: String
    /// How long to wait for a connection.
    public var connectTimeoutSeconds: Int
    /// A transfer with no progress (under 1 byte/s) for this long fails.
    /// There is no total timeout: a slow but moving download goes on.
    public var lowSpeedSeconds: Int
    public var retry: RetryPolicy

    public init(
      userAgent: String, connectTimeoutSeconds: Int = 10, lowSpeedSeconds: Int = 20, retry: RetryPolicy = RetryPolicy()
    ) {
      self.userAgent = userAgent
      self.connectTimeoutSeconds = connectTimeoutSeconds
      self.lowSpeedSeconds = lowSpeedSeconds
      self.retry = retry
    }
  }

  private let configuration: Configuration
  private let worker: CurlWorker

  public init(configuration: Configuration) {
    self.configuration = configuration
    worker = CurlWorker(
      limits: .init(
        connectTimeoutSeconds: configuration.connectTimeoutSeconds, lowSpeedSeconds: configuration.lowSpeedSeconds,
        userAgent: configuration.userAgent))
  }

  deinit {
    worker.stop()
  }

  /// Sends `request`; for GET and HEAD, tries again on 408, 429, 500, 502,
  /// 503, 504 and timeouts as the retry policy allows. Cancelling the task
  /// cancels the transfer and throws `CancellationError`.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var attempt = 1
    while true {
      let delay: Duration
      do {
        let response = try await perform(request)
        guard request.method.isIdempotent, let wait = configuration.retry.delay(after: response, attempt: attempt)
        else { return response }
        delay = wait
      } catch let error as HTTPError {
        guard request.method.isIdempotent, let wait = configuration.retry.delay(after: error, attempt: attempt) else {
          throw error
        }
        delay = wait
      }
      try await Task.sleep(for: delay)
      attempt += 1
    }
  }

  private func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
    let worker = worker
    let box = TransferBox()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let transfer = CurlTransfer(request: request, continuation: continuation)
        box.set(transfer)
        worker.submit(transfer)
      }
    } onCancel: {
      box.withTransfer { worker.cancel($0) }
    }
  }
}

/// Hands the transfer to the cancellation handler, which may run before the
/// transfer exists (then it is cancelled as soon as it is made).
private final class TransferBox: Sendable {
  private let state = Mutex<(transfer: CurlTransfer?, cancelled: Bool)>((nil, false))

  func set(_ transfer: CurlTransfer) {
    let cancelled = state.withLock { state in
      state.transfer = transfer
      return state.cancelled
    }
    if cancelled { transfer.isCancelled.store(true, ordering: .releasing) }
  }

  func withTransfer(_ body: (CurlTransfer) -> Void) {
    let transfer = state.withLock { state in
      state.cancelled = true
      return state.transfer
    }
    if let transfer { body(transfer) }
  }
}
