import Foundation
import JSON
import Networking
import Secrets
import ServiceAccess
import TextSafety

/// GitHub's answers that are not what was asked for, as sentences.
enum GitHubError: LocalizedError, Equatable, CustomStringConvertible {
  /// 403 or 429 with no requests left, or a secondary limit (`retry-after`).
  case rateLimited(resetsAt: Date?, hasToken: Bool, now: Date)
  /// 401: the token was refused; `source` names where it came from (nil:
  /// none was sent, and GitHub wants one).
  case tokenRefused(source: String?)
  /// 422: the query could not be understood (a bad qualifier, say).
  case invalidQuery(message: String)
  case notFound
  /// 5xx, after the client's retries.
  case serviceTrouble(status: Int)
  /// Any other status.
  case rejected(status: Int, message: String)
  /// A body that is not the documented shape.
  case unreadable
  /// No GitHub address was configured that Wayfarer may use.
  case notConfigured

  var description: String {
    switch self {
    case .rateLimited(let resetsAt, let hasToken, let now):
      "GitHub rate limit reached; " + Self.reset(resetsAt, now: now)
        + (hasToken ? "." : ". Set GITHUB_TOKEN for a higher limit.")
    case .tokenRefused(nil):
      "GitHub wants a token for this (HTTP 401). Set GITHUB_TOKEN, or log in with gh auth login."
    case .tokenRefused("gh auth token"):
      "GitHub refused the token the GitHub CLI gave (gh auth token). Log in again with gh auth login, or set GITHUB_TOKEN."
    case .tokenRefused(let variable?):
      "GitHub refused the token in \(variable). Check it (or unset it to search without one)."
    case .invalidQuery(let message):
      "GitHub could not run that search: \(message)"
    case .notFound:
      "GitHub has no such repository (or it is private)."
    case .serviceTrouble(let status):
      "GitHub is having trouble (HTTP \(status)). Try again in a moment."
    case .rejected(let status, let message):
      "GitHub did not accept the request (HTTP \(status): \(message))."
    case .unreadable:
      "GitHub sent a response Wayfarer could not read."
    case .notConfigured:
      "Explore is not connected to GitHub: WAYFARER_GITHUB_URL is not an http:// or https:// address. Fix it and start Wayfarer again."
    }
  }

  var errorDescription: String? { description }

  /// "it resets at 14:05 (in 12 min)", in the local time zone.
  static func reset(_ date: Date?, now: Date) -> String {
    guard let date else { return "try again in a few minutes" }
    let minutes = max(0, Int((date.timeIntervalSince(now) / 60).rounded(.up)))
    let time = Calendar.current.dateComponents([.hour, .minute], from: date)
    let clock = String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
    return "it resets at \(clock) (in \(minutes) min)"
  }

  /// The body of a successful (or 304) response; the status turned into an
  /// error otherwise.
  static func checked(_ response: HTTPResponse, token: GitHubToken?, now: Date) throws -> HTTPResponse {
    if response.isSuccess || response.isNotModified { return response }
    let body = GitHubErrorDTO.decoded(from: response.body)
    // GitHub's words, cleaned, on one line (a token it echoed is hidden
    // where all output is: SecretText).
    func words(_ text: String) -> String {
      TextSanitizer.clean(text, limit: 160)
    }
    let message = words(body?.message ?? "no message")
    let limit = rateLimit(of: response, now: now)
    switch response.status {
    case 401:
      throw GitHubError.tokenRefused(source: token?.source)
    case 403 where limit.exhausted, 429:
      throw GitHubError.rateLimited(resetsAt: limit.resetsAt, hasToken: token != nil, now: now)
    case 404:
      throw GitHubError.notFound
    case 422:
      let detail = body?.firstError.map { ": " + words($0) } ?? ""
      throw GitHubError.invalidQuery(message: message + detail)
    case 500...599:
      throw GitHubError.serviceTrouble(status: response.status)
    default:
      throw GitHubError.rejected(status: response.status, message: message)
    }
  }

  /// Whether the response says no requests are left, and when that ends:
  /// `x-ratelimit-remaining: 0` with `x-ratelimit-reset` (epoch seconds), or
  /// a secondary limit's `retry-after` (seconds).
  static func rateLimit(of response: HTTPResponse, now: Date) -> (exhausted: Bool, resetsAt: Date?) {
    if let seconds = response.header("retry-after").flatMap(Double.init), seconds.isFinite, seconds >= 0,
      seconds <= 86_400
    {
      return (true, now.addingTimeInterval(seconds))
    }
    guard response.header("x-ratelimit-remaining").flatMap(Int.init) == 0 else { return (false, nil) }
    return (true, resetTime(response))
  }

  /// `x-ratelimit-reset` as a date, when it is a believable one.
  static func resetTime(_ response: HTTPResponse) -> Date? {
    guard let epoch = response.header("x-ratelimit-reset").flatMap(Double.init), epoch.isFinite,
      (946_684_800...7_258_118_400).contains(epoch)
    else { return nil }
    return Date(timeIntervalSince1970: epoch)
  }

  /// The body read as `type`; `unreadable` when it is not JSON or not the shape.
  static func decode<Value: JSONDecodable>(_ type: Value.Type, from data: Data) throws(GitHubError) -> Value {
    guard let value = Value.decoded(from: data) else { throw GitHubError.unreadable }
    return value
  }
}
