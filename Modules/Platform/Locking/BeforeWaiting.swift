/// What this process does just before it waits on something outside it
/// (a server, a lock another process holds).
///
/// Output gathered off a terminal goes out here, so that whoever reads it
/// sees everything written so far while Wayfarer waits: a command that
/// does not wait then costs no `write(2)` of its own.
public enum BeforeWaiting {
  private static let action = Locked<(@Sendable () -> Void)?>(nil)

  /// Makes `body` what ``run()`` does (standard output's flush).
  public static func register(_ body: @escaping @Sendable () -> Void) {
    action.withLock { $0 = body }
  }

  /// Called just before a wait that may be long.
  public static func run() {
    action.withLock { $0 }?()
  }
}
