import Foundation
import Networking

/// Reads a streamed reply's events where they lie in the body's chunks,
/// handing each event's data to a handler, and stops when the main actor
/// is due a pause.
///
/// No string is made of an event to read it: making one and letting it go
/// was about 900 instructions of the 12,000 a streamed token cost the main
/// actor (callgrind, `Scripts/bench burst`).
@MainActor
struct EventReader {
  /// How far a read went: the bytes it took, whether the stream goes on,
  /// and whether the main actor is due its pause.
  struct Step {
    var bytes: Int
    var goesOn: Bool
    var pauses: Bool
  }

  private var parser = ServerSentEventParser()
  /// When the main actor was last let go.
  var lastPause = ContinuousClock.now
  /// Whether the last read handed any event over.
  private(set) var readAny = false

  /// Reads `piece` from `offset` on, handing each event's data (valid
  /// only during the call) to `handle`: to its end, to an event after
  /// which the stream ends (`handle` says so), or to one after which the
  /// pause is due.
  mutating func read(
    _ piece: Data, from offset: Int, handle: @MainActor (UnsafeBufferPointer<UInt8>) throws -> Bool
  ) throws -> Step {
    var failure: (any Error)?
    var goesOn = true
    var pauses = false
    var any = false
    let lastPause = lastPause
    let bytes = try piece.withUnsafeBytes { raw in
      let all = raw.assumingMemoryBound(to: UInt8.self)
      return try parser.feed(UnsafeBufferPointer(rebasing: all[offset...])) { _, data in
        // Ctrl-C (or SIGTERM) is seen between events, however fast they
        // come: chunks already here are not all drawn first.
        guard !Task.isCancelled else {
          failure = CancellationError()
          return false
        }
        any = true
        do {
          goesOn = try handle(data)
        } catch {
          failure = error
          return false
        }
        pauses = lastPause.duration(to: .now) > ChatTransport.longestWithoutPause
        return goesOn && !pauses
      }
    }
    readAny = any
    if let failure { throw failure }
    return Step(bytes: bytes, goesOn: goesOn, pauses: pauses)
  }

  /// The end of the body: an event whose blank line never came is read if
  /// it is whole; one cut short is no error of its own (the reply was cut
  /// off).
  mutating func finish(handle: @MainActor (UnsafeBufferPointer<UInt8>) throws -> Bool) throws {
    guard let last = parser.finish() else { return }
    var data = last.data
    do {
      _ = try data.withUTF8 { try handle($0) }
    } catch AssistantError.unreadable {
      return
    }
  }
}
