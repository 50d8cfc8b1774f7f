import Foundation
import Networking

/// Why the assistant got no (whole) reply.
///
/// Each case has one sentence in
/// ``AssistantWording``. A key a server echoed into its words is hidden
/// where every output is (TerminalKit's `SecretText`).
enum AssistantError: Error, Equatable {
  /// Gemini said the key is not valid (400 `API_KEY_INVALID`, 401, 403).
  case keyRefused(backend: AssistantBackendKind, variable: String)
  /// The server wants a key and none was set.
  case keyMissing(backend: AssistantBackendKind, variable: String)
  /// 429: the quota or rate limit is used up; `retryAfter` in seconds when said.
  case quotaUsedUp(backend: AssistantBackendKind, retryAfter: Int?)
  /// 404: no such model; `variable` is where the model name comes from.
  case unknownModel(backend: AssistantBackendKind, model: String, variable: String)
  /// 503: the model is overloaded.
  case overloaded(backend: AssistantBackendKind)
  /// The prompt was blocked (`promptFeedback.blockReason`).
  case promptBlocked(reason: String)
  /// The reply was stopped (`finishReason` SAFETY, RECITATION…).
  case replyBlocked(reason: String)
  /// Nothing accepts connections at the OpenAI-compatible URL.
  case noServer(url: String)
  /// Any other refusal, with the server's own message.
  case serverSaid(backend: AssistantBackendKind, status: Int, message: String)
  /// The stream stopped before the reply ended; what arrived is kept.
  case cutOff(backend: AssistantBackendKind)
  /// The connection failed or went silent once the reply had begun (the
  /// HTTP layer's sentence); what arrived is kept.
  case brokeOff(HTTPError)
  /// One event of the stream was larger than Wayfarer reads (`limit` bytes).
  case eventTooLarge(backend: AssistantBackendKind, limit: Int)
  /// An error event in the middle of a stream, with the server's message.
  case failedMidway(backend: AssistantBackendKind, message: String)
  /// A body that is not the documented shape.
  case unreadable(backend: AssistantBackendKind)
  /// The server lists no model, and none is set.
  case noModel(url: String)
  /// The network failed before any answer (the HTTP layer's sentence).
  case network(HTTPError)
  /// Anything else, with its reason.
  case unexpected(reason: String)

  /// Whether this refusal may be of the model named.
  ///
  /// Gemini's 404, or an OpenAI-compatible server's 404 or 400 (Ollama,
  /// vLLM and OpenAI answer so for a model they do not have): the server's
  /// list then says which.
  var mayBeAnUnknownModel: Bool {
    switch self {
    case .unknownModel: true
    case .serverSaid(_, let status, _): status == 404 || status == 400
    default: false
    }
  }

  /// An error the HTTP layer threw, for `backend` at `url`.
  static func from(_ error: any Error, backend: AssistantBackendKind, url: String, partial: Bool) -> any Error {
    if error is CancellationError { return error }
    if let error = error as? AssistantError { return error }
    if case ServerSentEventError.eventTooLarge(let limit) = error {
      return AssistantError.eventTooLarge(backend: backend, limit: limit)
    }
    guard let error = error as? HTTPError else { return error }
    switch error {
    case .cannotConnect where backend == .openai:
      return AssistantError.noServer(url: url)
    case .cutOff, .connectionLost, .silent:
      return partial ? AssistantError.brokeOff(error) : AssistantError.network(error)
    default:
      return AssistantError.network(error)
    }
  }
}
