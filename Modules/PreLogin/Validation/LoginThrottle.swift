import Foundation

/// Slows down password guessing: a few free attempts per e-mail, then a
/// wait that doubles with each further failure.
@MainActor
struct LoginThrottle {
  static let freeAttempts = 5
  static let firstLockout: TimeInterval = 30
  static let longestLockout: TimeInterval = 15 * 60
  /// How far ahead a stored failure may be and still be believed.
  static let clockSkew: TimeInterval = 60

  let attempts: any PreLoginAttemptsStoring
  let now: @Sendable () -> Date

  /// Counts an attempt for `email` unless it must wait first.
  ///
  /// - Returns: the whole seconds to wait (nothing counted), or nil when the
  ///   attempt is counted and the password may be checked.
  func reserveAttempt(for email: String) throws -> Int? {
    let now = now()
    let decision = try attempts.reserveAttempt(for: Self.key(email), at: now) { Self.decision($0, now: now) }
    switch decision {
    case .proceed: return nil
    case .wait(let remaining): return Int(remaining.rounded(.up))
    }
  }

  /// The whole seconds `email` must wait before an attempt, nil when it may
  /// try now; nothing is counted (asked before its password is).
  func currentWait(for email: String) throws -> Int? {
    guard let failed = try attempts.failedAttempts(for: Self.key(email)),
      case .wait(let remaining) = Self.decision(failed, now: now())
    else { return nil }
    return Int(remaining.rounded(.up))
  }

  private static func decision(_ failed: FailedAttempts, now: Date) -> AttemptDecision {
    guard let lockout = lockout(afterFailures: failed.count) else { return .proceed }
    // The stored time is outside data. One far in the future (a clock set
    // back, a hand edit) would lock the e-mail until then: it is not
    // believed, and this attempt's time replaces it. Otherwise the wait is
    // never longer than the longest lockout.
    guard failed.last <= now.addingTimeInterval(clockSkew) else { return .proceed }
    let remaining = failed.last.addingTimeInterval(lockout).timeIntervalSince(now)
    return remaining > 0 ? .wait(min(remaining, longestLockout)) : .proceed
  }

  /// How long `failures` in a row lock an e-mail after the last of them.
  static func lockout(afterFailures failures: Int) -> TimeInterval? {
    guard failures >= freeAttempts else { return nil }
    let doublings = Double(min(failures - freeAttempts, 64))
    return min(firstLockout * pow(2, doublings), longestLockout)
  }

  func recordSuccess(for email: String) throws {
    try attempts.clearFailedAttempts(for: Self.key(email))
  }

  static func key(_ email: String) -> String {
    email.lowercased()
  }
}
