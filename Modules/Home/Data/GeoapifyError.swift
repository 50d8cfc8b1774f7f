import Foundation
import JSON
import Networking
import TextSafety

/// Geoapify's answers that are not places, as sentences.
enum GeoapifyError: Error, Equatable, CustomStringConvertible {
  /// 401: the key was refused.
  case keyRefused(message: String)
  /// 429: the plan's quota is used up.
  case quotaExhausted(message: String, retryAfterSeconds: Int?)
  /// 5xx, after the client's retries.
  case serviceTrouble(status: Int, message: String)
  /// Any other status (400 "Invalid Place ID", …).
  case rejected(status: Int, message: String)
  /// A body that is not the documented shape (malformed, truncated).
  case unreadable

  var description: String {
    switch self {
    case .keyRefused(let message):
      "Geoapify refused the API key in GEOAPIFY_API_KEY: \(message)"
    case .quotaExhausted(let message, let seconds):
      "Geoapify's quota for this key is exhausted (\(message)). "
        + (seconds.map { "Try again in \($0) seconds." }
          ?? "Try again later; the free plan allows 3,000 requests a day.")
    case .serviceTrouble(let status, let message):
      "Geoapify is having trouble (HTTP \(status): \(message)). Try again in a moment."
    case .rejected(let status, let message):
      "Geoapify did not accept the request (HTTP \(status): \(message))."
    case .unreadable:
      "Geoapify sent a response Wayfarer could not read."
    }
  }

  /// Whether the person can do anything but fix the key: every error but a
  /// refused key may go away if tried again later.
  var isKeyProblem: Bool {
    if case .keyRefused = self { return true }
    return false
  }

  /// Whether a message is about limits ("rate limit exceeded", "Quota exceeded", "Too many requests"…).
  private static func isAboutLimits(_ message: String) -> Bool {
    let text = message.lowercased()
    return ["rate limit", "quota", "too many requests", "limit exceeded"].contains { text.contains($0) }
  }

  /// The body of a successful response; the status turned into an error otherwise.
  static func checked(_ response: HTTPResponse) throws -> Data {
    guard !response.isSuccess else { return response.body }
    let body = try? decode(GeoapifyErrorDTO.self, from: response.body)
    // The service's own words go into a sentence: one line, cleaned.
    let message = TextSanitizer.clean(body?.message ?? body?.error ?? "no message", limit: 120)
    switch response.status {
    case 403 where isAboutLimits(message):
      // Geoapify answers 403 both for a key it refuses and for a used-up
      // rate limit; only the body tells them apart.
      throw GeoapifyError.quotaExhausted(message: message, retryAfterSeconds: nil)
    case 401, 403: throw GeoapifyError.keyRefused(message: message)
    case 429:
      throw GeoapifyError.quotaExhausted(message: message, retryAfterSeconds: response.retryAfterSeconds())
    case 500...599: throw GeoapifyError.serviceTrouble(status: response.status, message: message)
    default: throw GeoapifyError.rejected(status: response.status, message: message)
    }
  }

  /// The body read as `type`; `unreadable` when it is not JSON or lacks the
  /// shape's required list.
  static func decode<Value: JSONDecodable>(_ type: Value.Type, from data: Data) throws(GeoapifyError) -> Value {
    guard let value = Value.decoded(from: data) else { throw GeoapifyError.unreadable }
    return value
  }
}

extension GeoapifyError: LocalizedError {
  var errorDescription: String? { description }
}
