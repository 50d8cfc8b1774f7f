import Foundation
import JSON
import Networking
import ServiceAccess
import TextSafety

/// The OpenAI-compatible chat format (llama.cpp's server, Ollama, vLLM,
/// OpenAI), as ../shared/reference/apis.md describes it.
enum OpenAIFormat {
  /// `POST BASE/chat/completions`, the system prompt first; `stream` as
  /// asked (with its usage asked for); the key, if any, as a Bearer token.
  static func request(_ prompt: ChatPrompt, model: String, baseURL: URL, key: AssistantKey?, streaming: Bool) throws
    -> HTTPRequest
  {
    var messages = prompt.system.isEmpty ? [] : [RequestBody.Message(role: "system", content: prompt.system)]
    messages += prompt.turns.map { RequestBody.Message(role: $0.role.rawValue, content: $0.text) }
    var request = authorized(
      try HTTPRequest.postJSON(
        to: endpoint(baseURL, "chat/completions"),
        RequestBody(
          model: model, messages: messages, stream: streaming,
          // A stream says its usage only when asked, in a last chunk.
          streamOptions: streaming ? RequestBody.StreamOptions(includeUsage: true) : nil)),
      key)
    if streaming { request.headers.append(HTTPHeader("Accept", "text/event-stream")) }
    return request
  }

  /// `GET BASE/models`.
  static func modelsRequest(baseURL: URL, key: AssistantKey?) -> HTTPRequest {
    authorized(HTTPRequest(url: endpoint(baseURL, "models"), maxResponseBytes: 1 << 20), key)
  }

  struct RequestBody: Encodable {
    struct Message: Encodable {
      var role: String
      var content: String
    }

    struct StreamOptions: Encodable {
      var includeUsage: Bool

      enum CodingKeys: String, CodingKey {
        case includeUsage = "include_usage"
      }
    }

    var model: String
    var messages: [Message]
    var stream: Bool
    /// Only with `stream`: some servers refuse the member on a whole reply.
    var streamOptions: StreamOptions?

    enum CodingKeys: String, CodingKey {
      case model, messages, stream
      case streamOptions = "stream_options"
    }
  }

  static func endpoint(_ baseURL: URL, _ path: String) -> URL {
    baseURL.absoluteString.hasSuffix("/")
      ? baseURL.appendingPathComponent(path) : URL(string: baseURL.absoluteString + "/" + path) ?? baseURL
  }

  /// `request` with the key, if any, as a Bearer token.
  private static func authorized(_ request: HTTPRequest, _ key: AssistantKey?) -> HTTPRequest {
    key.map { request.sending($0, inHeader: "Authorization", prefix: "Bearer ") } ?? request
  }

  /// A whole reply (`message.content`) or a streamed piece (`delta.content`).
  struct Response: ReplyPiece, Equatable {
    static func errorEvent(_ data: Data) -> AssistantError? { OpenAIFormat.errorEvent(data) }

    var text: String
    var finishReason: String?
    var usage: ChatUsage?

    init?(json: JSONNode) {
      guard json.kind == .object, let choices = json["choices"]?.array else { return nil }
      let choice = choices.first
      text = choice?["message"]?["content"]?.string ?? choice?["delta"]?["content"]?.string ?? ""
      finishReason = choice?["finish_reason"]?.string
      usage = json["usage"].flatMap { usage in
        usage.kind == .object
          ? ChatUsage(
            promptTokens: usage["prompt_tokens"]?.int, replyTokens: usage["completion_tokens"]?.int,
            totalTokens: usage["total_tokens"]?.int) : nil
      }
    }

    var problem: AssistantError? {
      finishReason == "content_filter" ? .replyBlocked(reason: "content_filter") : nil
    }

    var isLast: Bool { finishReason != nil }
    var reachedLengthLimit: Bool { finishReason == "length" }
  }

  /// `{"object":"list","data":[{"id":…}]}`: the model ids, in order.
  struct ModelList: JSONDecodable {
    var ids: [String]

    init?(json: JSONNode) {
      guard let data = json["data"]?.array else { return nil }
      ids = data.compactMap { $0["id"]?.string }.filter(AssistantModelName.isValid)
    }
  }

  /// An error event in a stream (`data: {"error":{…}}`, as llama.cpp, vLLM
  /// and OpenRouter send one mid-reply), if that is what `data` is.
  static func errorEvent(_ data: Data) -> AssistantError? {
    ErrorBody.decoded(from: data).map {
      .failedMidway(backend: .openai, message: $0.message.map { TextSanitizer.clean($0, limit: 300) } ?? "")
    }
  }

  /// `{"error":{"message":…}}`, or Ollama's `{"error":"…"}`.
  struct ErrorBody: JSONDecodable {
    var message: String?

    init?(json: JSONNode) {
      guard let error = json["error"] else { return nil }
      message = error.string ?? error["message"]?.string
    }
  }

  static func error(status: Int, headers: [String: String] = [:], body: Data, model: String, key: AssistantKey?)
    -> AssistantError
  {
    let message = ErrorBody.decoded(from: body)?.message.map { TextSanitizer.clean($0, limit: 300) } ?? ""
    switch status {
    case 401, 403:
      return key.map { .keyRefused(backend: .openai, variable: $0.source) }
        ?? .keyMissing(backend: .openai, variable: "OPENAI_API_KEY")
    case 429:
      return .quotaUsedUp(
        backend: .openai, retryAfter: HTTPResponseHead(status: status, headers: headers).retryAfterSeconds())
    case 503 where message.isEmpty:
      return .overloaded(backend: .openai)
    default:
      return .serverSaid(backend: .openai, status: status, message: message)
    }
  }
}
