import Locking

/// Counts, per type, how many instances are alive and how many were released.
///
/// This is what `debug memory` prints: the run-time proof that a finished
/// flow has left memory. At run time every object records into ``shared``;
/// a test binds a ledger of its own to ``current`` so that tests running at
/// the same time, in one process, never count each other's objects.
public final class LifetimeLedger: Sendable {
  public struct Row: Sendable, Equatable {
    public var typeName: String
    public var alive: Int
    public var released: Int

    public init(typeName: String, alive: Int, released: Int) {
      self.typeName = typeName
      self.alive = alive
      self.released = released
    }
  }

  /// The process's ledger: the one `debug memory` shows at run time.
  public static let shared = LifetimeLedger()

  /// The ledger a ``Lifetime`` records into when it is given none: ``shared``
  /// unless the task (or a task it started) bound another with
  /// `LifetimeLedger.$current.withValue(_:operation:)`.
  ///
  /// A task-local, so `Task {}` inherits it; `Task.detached` and threads of
  /// their own do not, and record into ``shared``.
  @TaskLocal public static var current = LifetimeLedger.shared

  private let counts = Locked<[String: (alive: Int, released: Int)]>([:])

  public init() {}

  func didCreate(_ typeName: String) {
    counts.withLock { $0[typeName, default: (0, 0)].alive += 1 }
  }

  func didRelease(_ typeName: String) {
    counts.withLock {
      $0[typeName, default: (0, 0)].alive -= 1
      $0[typeName, default: (0, 0)].released += 1
    }
  }

  /// Every type seen since launch, sorted by name.
  public var rows: [Row] {
    counts.withLock { counts in
      counts.map { Row(typeName: $0.key, alive: $0.value.alive, released: $0.value.released) }
    }.sorted { $0.typeName < $1.typeName }
  }

  public func row(for typeName: String) -> Row? {
    rows.first { $0.typeName == typeName }
  }
}

/// Held as a stored property by a tracked object: counted when the object is
/// made, released with it, in the same ledger.
///
///     private let lifetime = Lifetime(HomeCoordinator.self)
public final class Lifetime: Sendable {
  private let typeName: String
  private let ledger: LifetimeLedger

  /// Counts one more `type` alive in `ledger`.
  ///
  /// - Parameters:
  ///   - type: The tracked object's type; its unqualified name is the row.
  ///   - ledger: Where to count it, and later its release: by default the
  ///     ledger bound to the task making the object (``LifetimeLedger/current``).
  public init(_ type: Any.Type, ledger: LifetimeLedger = LifetimeLedger.current) {
    // Read from the metadata: String(describing:) would go through Mirror
    // and scan every protocol conformance in the process, per new type, which
    // was a third of launch time.
    self.typeName = _typeName(type, qualified: false)
    self.ledger = ledger
    ledger.didCreate(typeName)
  }

  deinit {
    // Into the ledger it was counted in, whichever task releases it.
    ledger.didRelease(typeName)
  }
}
