#if canImport(Glibc)
  import Glibc
#endif

/// A pthread mutex alone, for state that lives beside it (a test double's
/// recorded calls): ``Locked`` when the state can live inside.
///
/// `Locked<Void>` did the same, but ThreadSanitizer took the empty value's
/// exclusive access for a race with the object's header.
public final class Lock: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

  public init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with the mutex held.
  ///
  /// Inlinable, as is ``Locked``'s: called across modules, each lock was
  /// a generic call through a closure context, and a streamed token takes
  /// several (callgrind).
  @inlinable
  public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Runs `body` with the mutex held if no thread holds it now; nil, and
  /// `body` not run, if one does.
  @inlinable
  public func withLockIfFree<Result>(_ body: () throws -> Result) rethrows -> Result? {
    guard pthread_mutex_trylock(mutex) == 0 else { return nil }
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}
