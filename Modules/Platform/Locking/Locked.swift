/// A value one thread at a time may touch, behind a pthread mutex.
///
/// Used in place of the standard library's `Synchronization.Mutex`, which on
/// Linux locks with futexes ThreadSanitizer does not follow: it reported
/// every access under one as a race (in the loopback test server, the HTTP
/// worker, the reader thread…), so a real race would have hidden among
/// them. ThreadSanitizer knows a pthread mutex (``Lock``).
public final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let lock = Lock()
  /// Not checked for overlapping access at run time (several locked
  /// writes a command): it is touched only under the lock, and the lock
  /// taken again on the same thread would block before any overlap.
  @exclusivity(unchecked) @usableFromInline var value: Value

  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, no other thread touching it meanwhile.
  @inlinable
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }

  /// As ``withLock(_:)`` if no thread holds the lock now; nil, and `body`
  /// not run, if one does.
  @inlinable
  public func withLockIfFree<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
    try lock.withLockIfFree { try body(&value) }
  }
}
