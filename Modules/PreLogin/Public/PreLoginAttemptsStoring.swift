import Foundation

/// Failed login attempts per e-mail, kept across launches so that throttling
/// cannot be dodged by restarting.
@MainActor
public protocol PreLoginAttemptsStoring: AnyObject {
  /// Counts an attempt for `email` at `date` before its password is checked,
  /// unless the attempts so far lock the e-mail.
  ///
  /// Check and count happen in one write transaction, so processes trying
  /// at once cannot all slip under the limit.
  ///
  /// - Parameters:
  ///   - email: The e-mail being tried, in any case.
  ///   - date: When the attempt is made.
  ///   - decide: given the attempts counted so far (none: not called),
  ///     whether this one may go ahead; called inside the transaction.
  /// - Returns: `.proceed` when the attempt was counted; `.wait` with
  ///   nothing counted.
  /// - Throws: When the attempts cannot be read or written.
  func reserveAttempt(for email: String, at date: Date, decide: (FailedAttempts) -> AttemptDecision) throws
    -> AttemptDecision
  /// The attempts counted for `email` (in any case), nil when none are;
  /// counts nothing (the wait said before a password is asked).
  func failedAttempts(for email: String) throws -> FailedAttempts?
  /// Forgets the counted attempts (the password was right).
  func clearFailedAttempts(for email: String) throws
}

/// The attempts counted for an e-mail since its last successful login.
public struct FailedAttempts: Equatable, Sendable {
  public let count: Int
  /// When the last of them was made.
  public let last: Date

  public init(count: Int, last: Date) {
    self.count = count
    self.last = last
  }
}

/// Whether a login attempt may check its password.
public enum AttemptDecision: Equatable, Sendable {
  case proceed
  /// The e-mail is locked for this many more seconds.
  case wait(TimeInterval)
}
