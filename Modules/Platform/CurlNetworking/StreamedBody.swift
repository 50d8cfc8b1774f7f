import Foundation
import Locking

/// A streamed response's body between libcurl's thread and its reader: what
/// arrives while the reader is busy is handed over together at its next
/// read.
///
/// With a stream of one element per chunk, a reply a server sent in one
/// burst (2,000 events) cost the reader 2,000 wake-ups and hops; here a
/// paced reply still comes chunk by chunk, and a burst in a few reads.
final class StreamedBody: Sendable {
  private struct State {
    /// Bytes, not Data: libcurl hands over a burst an event at a time, and
    /// Data's append took about 800 instructions each (callgrind).
    var pending: [UInt8] = []
    /// How the body ended (nil: it goes on).
    var end: Result<Void, any Error>?
    var reader: CheckedContinuation<Data?, any Error>?
    /// The reader stopped (cancelled, or the stream let go): nothing more is read.
    var isStopped = false
    /// Ends the transfer once the reader stops listening; let go of when
    /// the body ends (it holds the client, which must not outlive its use).
    var stop: (@Sendable () -> Void)?
  }

  private let state: Locked<State>

  init(stop: @escaping @Sendable () -> Void) {
    state = Locked(State(stop: stop))
  }

  /// The body as its reader sees it: every read takes what has arrived.
  ///
  /// Letting go of the stream (ending the loop) ends the transfer.
  func stream() -> AsyncThrowingStream<Data, any Error> {
    let release = OnRelease { [self] in stopReading() }
    return AsyncThrowingStream {
      defer { withExtendedLifetime(release) {} }
      return try await self.next()
    }
  }

  /// Takes `bytes` from libcurl's thread.
  func append(_ bytes: UnsafeRawBufferPointer) {
    let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
      guard !state.isStopped else { return nil }
      guard let reader = state.reader else {
        bytes.withMemoryRebound(to: UInt8.self) { state.pending.append(contentsOf: $0) }
        return nil
      }
      state.reader = nil
      return reader
    }
    reader?.resume(returning: Data(bytes))
  }

  /// The body is complete, or `error` ended it.
  func finish(throwing error: (any Error)? = nil) {
    let reader = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
      state.end = error.map { .failure($0) } ?? .success(())
      state.stop = nil
      defer { state.reader = nil }
      return state.pending.isEmpty ? state.reader : nil
    }
    switch error {
    case .some(let error): reader?.resume(throwing: error)
    case .none: reader?.resume(returning: nil)
    }
  }

  /// What arrived since the last read; waits when nothing has.
  ///
  /// Nil at the end, or once the reading task is cancelled (as AsyncStream
  /// ends then).
  private func next() async throws -> Data? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (reader: CheckedContinuation<Data?, any Error>) in
        let ready = state.withLock { state -> Result<Data?, any Error>? in
          if !state.pending.isEmpty {
            defer { state.pending = [] }
            return .success(Data(state.pending))
          }
          if state.isStopped { return .success(nil) }
          switch state.end {
          case .success: return .success(nil)
          case .failure(let error):
            // Thrown once; a read after it finds the end, as a stream's
            // iterator must.
            state.end = .success(())
            return .failure(error)
          case nil:
            state.reader = reader
            return nil
          }
        }
        if let ready { reader.resume(with: ready) }
      }
    } onCancel: {
      stopReading()
    }
  }

  /// No more reading: a waiting read ends, and the transfer is stopped.
  private func stopReading() {
    let (reader, stop) = state.withLock { state in
      state.isStopped = true
      state.pending = []
      defer {
        state.reader = nil
        state.stop = nil
      }
      return (state.reader, state.stop)
    }
    reader?.resume(returning: nil)
    stop?()
  }
}

/// Runs `action` when released: the stream's reader letting go of it.
private final class OnRelease: Sendable {
  private let action: @Sendable () -> Void

  init(_ action: @escaping @Sendable () -> Void) {
    self.action = action
  }

  deinit { action() }
}
