import Foundation

/// When and how long to wait before sending an idempotent request again.
public struct RetryPolicy: Sendable, Equatable {
  /// Statuses worth another try: timeout, rate limit, server trouble.
  public static let retriedStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

  /// Tries in all, the first included.
  public var maxAttempts: Int
  /// The wait before the second try; it doubles after each further failure.
  public var baseDelay: Duration
  /// The longest `Retry-After` honoured by waiting; a longer one is handed
  /// back to the caller, who tells the person when to come back.
  public var longestRetryAfter: Duration

  public init(
    maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(400), longestRetryAfter: Duration = .seconds(10)
  ) {
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.longestRetryAfter = longestRetryAfter
  }

  public static let none = RetryPolicy(maxAttempts: 1)

  /// The wait before try `attempt + 1` after `response`, or `nil` to stop.
  public func delay(after response: HTTPResponse, attempt: Int, now: Date = Date()) -> Duration? {
    guard attempt < maxAttempts, Self.retriedStatuses.contains(response.status) else { return nil }
    guard let retryAfter = response.header("retry-after") else { return backoff(attempt) }
    guard let seconds = Self.seconds(inRetryAfter: retryAfter, now: now), !seconds.isNaN else {
      return backoff(attempt)
    }
    // The header is the server's number: compare before converting, so
    // `1e300` or `inf` is "too long to wait", never an overflow.
    let longest = Double(longestRetryAfter.components.seconds)
    guard seconds <= longest else { return nil }
    return .milliseconds(Int64((max(seconds, 0) * 1000).rounded()))
  }

  /// The wait before try `attempt + 1` after a transport `error`, or `nil`.
  public func delay(after error: HTTPError, attempt: Int) -> Duration? {
    guard attempt < maxAttempts, error.isTransient else { return nil }
    return backoff(attempt)
  }

  private func backoff(_ attempt: Int) -> Duration {
    baseDelay * (1 << max(attempt - 1, 0))
  }

  /// `Retry-After` is either seconds or an HTTP date.
  public static func seconds(inRetryAfter value: String, now: Date) -> Double? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed) { return seconds }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: trimmed).map { $0.timeIntervalSince(now) }
  }
}
