import Foundation

/// Slows down password guessing: a few free attempts per e-mail, then a
/// wait that doubles with each further failure.
@MainActor
struct LoginThrottle {
  static let freeAttempts = 5
  static let firstLockout: TimeInterval = 30
  static let longestLockout: TimeInterval = 15 * 60

  let attempts: any PreLoginAttemptsStoring
  let now: @Sendable () -> Date

  /// Seconds to wait before `email` may try again, or `nil` when it may now.
  func secondsToWait(for email: String) throws -> Int? {
    let record = try attempts.failedAttempts(for: Self.key(email))
    guard record.count >= Self.freeAttempts, let last = record.last else { return nil }
    let doublings = Double(record.count - Self.freeAttempts)
    let lockout = min(Self.firstLockout * pow(2, doublings), Self.longestLockout)
    let remaining = last.addingTimeInterval(lockout).timeIntervalSince(now())
    return remaining > 0 ? Int(remaining.rounded(.up)) : nil
  }

  func recordFailure(for email: String) throws {
    try attempts.recordFailedAttempt(for: Self.key(email), at: now())
  }

  func recordSuccess(for email: String) throws {
    try attempts.clearFailedAttempts(for: Self.key(email))
  }

  static func key(_ email: String) -> String {
    email.lowercased()
  }

  static func waitMessage(seconds: Int) -> String {
    let amount = seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
    return "Too many failed attempts for this e-mail. Try again in \(amount)."
  }
}
