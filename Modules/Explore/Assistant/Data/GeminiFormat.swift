import Foundation
import JSON
import Networking
import ServiceAccess
import TextSafety

/// Gemini's `generateContent` wire format (../shared/reference/apis.md):
/// the request it takes, the replies and errors it sends.
enum GeminiFormat {
  /// `POST BASE/v1beta/models/MODEL:generateContent`, or
  /// `:streamGenerateContent?alt=sse` when `streaming`; the key in
  /// `x-goog-api-key`, never in the URL.
  static func request(_ prompt: ChatPrompt, model: String, baseURL: URL, key: AssistantKey, streaming: Bool) throws
    -> HTTPRequest
  {
    let method = streaming ? "streamGenerateContent?alt=sse" : "generateContent"
    let base =
      baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
    guard let url = URL(string: "\(base)/v1beta/models/\(model):\(method)") else {
      throw AssistantError.unknownModel(backend: .gemini, model: model, variable: "WAYFARER_GEMINI_MODEL")
    }
    let body = RequestBody(
      systemInstruction: prompt.system.isEmpty
        ? nil : RequestBody.Content(role: nil, parts: [.init(text: prompt.system)]),
      contents: prompt.turns.map { turn in
        RequestBody.Content(role: turn.role == .user ? "user" : "model", parts: [.init(text: turn.text)])
      })
    var request = try HTTPRequest.postJSON(to: url, body).sending(key, inHeader: "x-goog-api-key")
    if streaming { request.headers.append(HTTPHeader("Accept", "text/event-stream")) }
    return request
  }

  struct RequestBody: Encodable {
    struct Part: Encodable {
      var text: String
    }

    struct Content: Encodable {
      var role: String?
      var parts: [Part]
    }

    var systemInstruction: Content?
    var contents: [Content]
  }

  /// One `GenerateContentResponse`: the whole reply, or one streamed piece.
  struct Response: ReplyPiece, Equatable {
    static func errorEvent(_ data: Data) -> AssistantError? { GeminiFormat.errorEvent(data) }

    /// Every `parts[].text` of the first candidate joined, thoughts left out.
    var text: String
    var finishReason: String?
    var blockReason: String?
    var usage: ChatUsage?

    init(text: String, finishReason: String?, blockReason: String?, usage: ChatUsage?) {
      self.text = text
      self.finishReason = finishReason
      self.blockReason = blockReason
      self.usage = usage
    }

    init?(json: JSONNode) {
      guard json.kind == .object else { return nil }
      let candidate = json["candidates"]?.array?.first
      text =
        candidate?["content"]?["parts"]?.array?.compactMap { part -> String? in
          part["thought"]?.bool == true ? nil : part["text"]?.string
        }.joined() ?? ""
      finishReason = candidate?["finishReason"]?.string
      blockReason = json["promptFeedback"]?["blockReason"]?.string
      usage = json["usageMetadata"].map(Self.usage)
      // Neither text, nor a reason, nor usage: not a reply at all.
      if candidate == nil && blockReason == nil && usage == nil { return nil }
    }

    /// The tokens out are the reply's and its thoughts' (a thinking model
    /// is paid for both), as the server counted them.
    private static func usage(_ usage: JSONNode) -> ChatUsage {
      Self.usage(
        reply: usage["candidatesTokenCount"]?.int, thoughts: usage["thoughtsTokenCount"]?.int,
        prompt: usage["promptTokenCount"]?.int, total: usage["totalTokenCount"]?.int)
    }

    /// The usage from its counts (a scan of a piece reads them too).
    static func usage(reply: Int?, thoughts: Int?, prompt: Int?, total: Int?) -> ChatUsage {
      let out = reply.map { saturatedSum($0, max(0, thoughts ?? 0)) } ?? thoughts
      return ChatUsage(promptTokens: prompt, replyTokens: out, totalTokens: total)
    }

    /// The error this piece means, if any: a blocked prompt, or a reply
    /// stopped for safety (what came before it stays).
    var problem: AssistantError? {
      if let blockReason { return .promptBlocked(reason: Self.clean(blockReason)) }
      switch finishReason {
      case nil, "STOP", "MAX_TOKENS", "FINISH_REASON_UNSPECIFIED": return nil
      case let reason?: return .replyBlocked(reason: Self.clean(reason))
      }
    }

    var reachedLengthLimit: Bool { finishReason == "MAX_TOKENS" }
    var isLast: Bool { finishReason != nil }

    /// A reason code from the server, as a short word.
    private static func clean(_ code: String) -> String {
      String(
        code.unicodeScalars.filter { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }.prefix(40))
    }
  }

  /// The sentence-worthy error a non-2xx answer means.
  static func error(
    status: Int, headers: [String: String] = [:], body: Data, model: String, key: AssistantKey
  ) -> AssistantError {
    let error = ErrorBody.decoded(from: body)
    switch status {
    case 400 where error?.reasons.contains("API_KEY_INVALID") == true, 401, 403:
      return .keyRefused(backend: .gemini, variable: key.source)
    case 404:
      return .unknownModel(backend: .gemini, model: model, variable: "WAYFARER_GEMINI_MODEL")
    case 429:
      // `Retry-After` when the server (or a proxy before it) says it, else
      // the body's RetryInfo.
      return .quotaUsedUp(
        backend: .gemini,
        retryAfter: HTTPResponseHead(status: status, headers: headers).retryAfterSeconds()
          ?? error?.retryDelay.flatMap(seconds))
    case 503:
      return .overloaded(backend: .gemini)
    default:
      return .serverSaid(
        backend: .gemini, status: status, message: TextSanitizer.clean(error?.message ?? "", limit: 300))
    }
  }

  /// An error event in a stream (`data: {"error":{…}}`), if that is what `data` is.
  static func errorEvent(_ data: Data) -> AssistantError? {
    ErrorBody.decoded(from: data).map {
      .failedMidway(backend: .gemini, message: TextSanitizer.clean($0.message ?? "", limit: 300))
    }
  }

  /// `{"error":{"code":…,"message":…,"status":…,"details":[…]}}`.
  struct ErrorBody: JSONDecodable {
    var message: String?
    /// `ErrorInfo` details' `reason`s (`API_KEY_INVALID`).
    var reasons: [String]
    /// A `RetryInfo` detail's `retryDelay` (`"37s"`).
    var retryDelay: String?

    init?(json: JSONNode) {
      guard let error = json["error"], error.kind == .object else { return nil }
      message = error["message"]?.string
      let details = error["details"]?.array ?? []
      reasons = details.compactMap { $0["reason"]?.string }
      retryDelay = details.lazy.compactMap { $0["retryDelay"]?.string }.first
    }
  }

  /// `"37s"` or `"1.5s"` as whole seconds, rounded up; nil for anything
  /// else or more than a day.
  static func seconds(_ duration: String) -> Int? {
    guard duration.hasSuffix("s"), let value = Double(duration.dropLast()), value.isFinite, value >= 0,
      value <= 86_400
    else { return nil }
    return Int(exactly: value.rounded(.up))
  }
}
