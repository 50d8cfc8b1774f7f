import Foundation

/// Gemini's and OpenAI-compatible servers' documented shapes
/// (../shared/reference/apis.md), for tests and the loopback servers of the
/// end-to-end tests.
public enum AssistantFixtures {
  /// A whole `generateContent` reply; `thought` adds a thought summary part
  /// before the answer (not part of it).
  public static func geminiReply(_ text: String, finishReason: String = "STOP", thought: String? = nil) -> String {
    let thoughtPart = thought.map { #"{"text":\#(json($0)),"thought":true},"# } ?? ""
    return #"""
      {"candidates":[{"content":{"role":"model","parts":[\#(thoughtPart){"text":\#(json(text))}]},"finishReason":"\#(finishReason)","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":10,"totalTokenCount":15},"modelVersion":"gemini-2.5-flash"}
      """#
  }

  /// One streamed piece (`data:` of an SSE event): text, and on the last
  /// piece a finishReason.
  public static func geminiPiece(_ text: String, finishReason: String? = nil) -> String {
    let finish = finishReason.map { #","finishReason":"\#($0)""# } ?? ""
    return #"""
      {"candidates":[{"content":{"role":"model","parts":[{"text":\#(json(text))}]}\#(finish),"index":0}],"usageMetadata":{"promptTokenCount":5,"totalTokenCount":5},"modelVersion":"gemini-2.5-flash"}
      """#
  }

  /// A Gemini stream as sent: each piece an event ended by CR LF CR LF, no `[DONE]`.
  public static func geminiStream(_ pieces: [String]) -> [Data] {
    pieces.enumerated().map { index, text in
      Data(("data: " + geminiPiece(text, finishReason: index == pieces.count - 1 ? "STOP" : nil) + "\r\n\r\n").utf8)
    }
  }

  public static let geminiBlockedPrompt = #"""
    {"promptFeedback":{"blockReason":"SAFETY","safetyRatings":[{"category":"HARM_CATEGORY_DANGEROUS_CONTENT","probability":"HIGH"}]},"usageMetadata":{"promptTokenCount":8,"totalTokenCount":8},"modelVersion":"gemini-2.5-flash"}
    """#

  public static let geminiSafetyStop = #"""
    {"candidates":[{"finishReason":"SAFETY","index":0,"safetyRatings":[{"category":"HARM_CATEGORY_HARASSMENT","probability":"HIGH"}]}],"usageMetadata":{"promptTokenCount":8,"totalTokenCount":8}}
    """#

  public static let geminiBadKey = #"""
    {"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com","metadata":{"service":"generativelanguage.googleapis.com"}}]}}
    """#

  public static let geminiQuota = #"""
    {"error":{"code":429,"message":"You exceeded your current quota, please check your plan and billing details.","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"quotaMetric":"generativelanguage.googleapis.com/generate_content_free_tier_requests"}]},{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"37s"}]}}
    """#

  public static let geminiUnknownModel = #"""
    {"error":{"code":404,"message":"models/gemini-9 is not found for API version v1beta, or is not supported for generateContent.","status":"NOT_FOUND"}}
    """#

  public static let geminiOverloaded = #"""
    {"error":{"code":503,"message":"The model is overloaded. Please try again later.","status":"UNAVAILABLE"}}
    """#

  public static func openAIReply(_ text: String, finishReason: String = "stop") -> String {
    #"""
    {"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"llama3.2","choices":[{"index":0,"message":{"role":"assistant","content":\#(json(text))},"finish_reason":"\#(finishReason)"}],"usage":{"prompt_tokens":12,"completion_tokens":7,"total_tokens":19}}
    """#
  }

  /// An OpenAI-compatible stream: a role-only delta, one delta per piece,
  /// a finish_reason, with `usage` the chunk of `"choices":[]` that
  /// `stream_options.include_usage` asks for, then `[DONE]`; LF line ends.
  public static func openAIStream(
    _ pieces: [String], done: Bool = true, usage: (prompt: Int, completion: Int)? = nil
  ) -> [Data] {
    var events = [
      #"{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant"},"finish_reason":null}]}"#
    ]
    events += pieces.map {
      #"{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":\#(json($0))},"finish_reason":null}]}"#
    }
    events.append(
      #"{"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#)
    if let usage {
      events.append(
        #"{"id":"c","object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":\#(usage.prompt),"completion_tokens":\#(usage.completion),"total_tokens":\#(usage.prompt + usage.completion)}}"#
      )
    }
    if done { events.append("[DONE]") }
    return events.map { Data("data: \($0)\n\n".utf8) }
  }

  /// `GET /v1beta/models`: two chat models and an embedding model.
  public static let geminiModels = #"""
    {"models":[{"name":"models/gemini-2.5-flash","displayName":"Gemini 2.5 Flash","supportedGenerationMethods":["generateContent","countTokens","createCachedContent"]},{"name":"models/gemini-2.5-pro","displayName":"Gemini 2.5 Pro","supportedGenerationMethods":["generateContent","countTokens"]},{"name":"models/text-embedding-004","supportedGenerationMethods":["embedContent"]}],"nextPageToken":""}
    """#

  public static let openAIModels = #"""
    {"object":"list","data":[{"id":"llama3.2","object":"model","created":1700000000,"owned_by":"library"},{"id":"qwen2.5","object":"model","owned_by":"library"}]}
    """#

  public static let openAIUnknownModel = #"""
    {"error":{"message":"model 'x' not found","type":"invalid_request_error","param":null,"code":null}}
    """#

  public static let openAIBadKey = #"""
    {"error":{"message":"Incorrect API key provided: sk-abc***xyz. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}
    """#

  public static let openAIRateLimited = #"""
    {"error":{"message":"Rate limit reached for requests","type":"requests","param":null,"code":"rate_limit_exceeded"}}
    """#

  /// `text` as a JSON string literal.
  public static func json(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
