import Foundation
import Locking
import Networking

/// The HTTP client: libcurl underneath, async on top, retries for idempotent
/// requests, cancellation that reaches the transfer.
public final class CurlHTTPClient: HTTPClient {
  public struct Configuration: Sendable {
    /// `wayfarer/VERSION`.
    public var userAgent: String
    /// How long to wait for a connection.
    public var connectTimeoutSeconds: Int
    /// A server that sends nothing for this long (before answering, or
    /// part-way through) is given up on.
    public var lowSpeedSeconds: Int
    /// The time one request may take in all, every try and wait between
    /// tries included: what the person waits at most for one action.
    public var budgetSeconds: Int
    public var retry: RetryPolicy

    public init(
      userAgent: String, connectTimeoutSeconds: Int = 10, lowSpeedSeconds: Int = 20, budgetSeconds: Int = 30,
      retry: RetryPolicy = RetryPolicy()
    ) {
      self.userAgent = userAgent
      self.connectTimeoutSeconds = connectTimeoutSeconds
      self.lowSpeedSeconds = lowSpeedSeconds
      self.budgetSeconds = budgetSeconds
      self.retry = retry
    }
  }

  private let configuration: Configuration
  /// Made on the first request: a launch that sends nothing (most of them,
  /// offline) does not pay for libcurl's multi handle and the thread.
  private let lazyWorker = Locked<CurlWorker?>(nil)

  public init(configuration: Configuration) {
    self.configuration = configuration
  }

  deinit {
    lazyWorker.withLock { $0?.stop() }
  }

  private var worker: CurlWorker {
    lazyWorker.withLock { worker in
      if let worker { return worker }
      let made = CurlWorker(
        limits: .init(
          connectTimeoutSeconds: configuration.connectTimeoutSeconds, lowSpeedSeconds: configuration.lowSpeedSeconds,
          userAgent: configuration.userAgent))
      worker = made
      return made
    }
  }

  /// Sends `request`; for GET and HEAD, tries again on 408, 429, 500, 502,
  /// 503, 504 and timeouts as the retry policy allows.
  ///
  /// Redirects are
  /// followed here, as ``Redirect`` allows (a request carrying a key stays
  /// on its origin). Cancelling the task cancels the transfer and throws
  /// `CancellationError`.
  ///
  /// Every try shares one budget (``Configuration/budgetSeconds``): a retry
  /// whose wait would pass it is not made, and the last try is cut off when
  /// the budget ends.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let startedAt = ContinuousClock.now
    let deadline = startedAt + .seconds(request.patienceSeconds ?? configuration.budgetSeconds)
    var current = request
    var attempt = 1
    var hops = 0
    while true {
      let delay: Duration
      do {
        let response = try await perform(current, startedAt: startedAt)
        if let next = try Redirect.next(after: response, to: current, hops: hops) {
          current = next
          hops += 1
          continue
        }
        guard current.method.isIdempotent, let wait = configuration.retry.delay(after: response, attempt: attempt),
          ContinuousClock.now + wait < deadline
        else { return response }
        delay = wait
      } catch let error as HTTPError {
        guard current.method.isIdempotent, let wait = configuration.retry.delay(after: error, attempt: attempt),
          ContinuousClock.now + wait < deadline
        else { throw error }
        delay = wait
      }
      try await Task.sleep(for: delay)
      attempt += 1
    }
  }

  private func perform(_ request: HTTPRequest, startedAt: ContinuousClock.Instant) async throws -> HTTPResponse {
    let budget = request.patienceSeconds ?? configuration.budgetSeconds
    return try await submit(TransferBox()) { continuation in
      CurlTransfer(request: request, delivery: .whole(continuation), startedAt: startedAt, budgetSeconds: budget)
    }
  }

  /// Hands the transfer `make` builds to the worker and waits for what it
  /// delivers; cancelling the task cancels the transfer.
  private func submit<Value>(
    _ box: TransferBox, _ make: (CheckedContinuation<Value, any Error>) -> CurlTransfer
  ) async throws -> Value {
    let worker = worker
    // What was written goes out before the wait for the server.
    BeforeWaiting.run()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let transfer = make(continuation)
        box.set(transfer)
        worker.submit(transfer)
      }
    } onCancel: {
      box.withTransfer { worker.cancel($0) }
    }
  }
}

extension CurlHTTPClient: HTTPStreaming {
  /// Sends `request` once and returns as soon as its body starts (or the
  /// response ends without one); the body's chunks follow as libcurl
  /// receives them.
  ///
  /// Redirects are followed as ``Redirect`` allows.
  /// Cancelling the task, or stopping the iteration, cancels the transfer.
  public func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
    var current = request
    var hops = 0
    while true {
      let (response, cancel) = try await streamOnce(current)
      guard let next = try Redirect.next(after: response.head, to: current, hops: hops) else { return response }
      cancel()
      current = next
      hops += 1
    }
  }

  /// One transfer of `request`, and what ends it early.
  private func streamOnce(_ request: HTTPRequest) async throws -> (HTTPStreamingResponse, cancel: @Sendable () -> Void)
  {
    let worker = worker
    let box = TransferBox()
    // Whoever stops listening ends the transfer (on a finished one this
    // does nothing). The client lives until then: its end would stop the
    // worker under a body still being read.
    let body = StreamedBody { withExtendedLifetime(self) { box.withTransfer { worker.cancel($0) } } }
    let head = try await submit(box) { continuation in
      CurlTransfer(
        request: request, delivery: .streamed(head: continuation, body: body), startedAt: .now, budgetSeconds: nil)
    }
    return (HTTPStreamingResponse(head: head, body: body.stream()), { box.withTransfer { worker.cancel($0) } })
  }
}

/// Hands the transfer to the cancellation handler, which may run before the
/// transfer exists (then it is cancelled as soon as it is made).
private final class TransferBox: Sendable {
  private let state = Locked<(transfer: CurlTransfer?, cancelled: Bool)>((nil, false))

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
