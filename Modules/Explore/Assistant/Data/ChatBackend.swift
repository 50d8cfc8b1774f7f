import Foundation
import JSON
import Networking

/// A model server the chat sends conversations to.
@MainActor
protocol ChatBackend: AnyObject {
  var kind: AssistantBackendKind { get }
  /// The model set in the environment; nil when the server is asked for one.
  var configuredModel: String? { get }
  /// Where the model name comes from, for sentences (`WAYFARER_GEMINI_MODEL`).
  var modelVariable: String { get }
  /// The model to use when none is set (the first the server lists).
  func defaultModel() async throws -> String
  /// Sends `prompt` and returns the whole reply. With `streaming`, text is
  /// handed to `onText` piece by piece as it arrives; without, once, whole.
  /// On an error after some text, that text was handed over already.
  func send(_ prompt: ChatPrompt, model: String, streaming: Bool, onText: @MainActor (String) -> Void) async throws
    -> ChatReply
}

/// Gemini over `generateContent` / `streamGenerateContent?alt=sse`.
@MainActor
final class GeminiBackend: ChatBackend {
  private let settings: AssistantAccess.Gemini
  private let client: any HTTPClient & HTTPStreaming
  let kind = AssistantBackendKind.gemini
  let modelVariable = "WAYFARER_GEMINI_MODEL"
  var configuredModel: String? { settings.model }

  init(settings: AssistantAccess.Gemini, client: any HTTPClient & HTTPStreaming) {
    self.settings = settings
    self.client = client
  }

  func defaultModel() async throws -> String { settings.model }

  func send(_ prompt: ChatPrompt, model: String, streaming: Bool, onText: @MainActor (String) -> Void) async throws
    -> ChatReply
  {
    let request = try GeminiFormat.request(
      prompt, model: model, baseURL: settings.baseURL, key: settings.key, streaming: streaming)
    let url = settings.baseURL.absoluteString
    let refusal = { [settings] (status: Int, body: Data) in
      GeminiFormat.error(status: status, body: body, model: model, key: settings.key)
    }
    guard streaming else {
      let response = try await ChatTransport.send(request, client: client, backend: kind, url: url, refusal: refusal)
      guard let reply = GeminiFormat.Response.decoded(from: response) else { throw AssistantError.unreadable(backend: kind) }
      if !reply.text.isEmpty { onText(reply.text) }
      if let problem = reply.problem { throw problem }
      return ChatReply(text: reply.text, usage: reply.usage, reachedLengthLimit: reply.reachedLengthLimit)
    }
    var reply = ChatReply(text: "")
    var finished = false
    try await ChatTransport.events(request, client: client, backend: kind, url: url, refusal: refusal) { data in
      guard let piece = GeminiFormat.Response.decoded(from: Data(data.utf8)) else {
        throw AssistantError.unreadable(backend: .gemini)
      }
      if !piece.text.isEmpty {
        reply.text += piece.text
        onText(piece.text)
      }
      reply.usage = piece.usage ?? reply.usage
      if let problem = piece.problem { throw problem }
      if piece.finishReason != nil {
        finished = true
        reply.reachedLengthLimit = piece.reachedLengthLimit
      }
      return true
    }
    // Gemini sends no [DONE]: a stream whose last piece had no finishReason was cut.
    guard finished else { throw AssistantError.cutOff(backend: kind) }
    return reply
  }
}

/// Any server speaking OpenAI's `chat/completions`.
@MainActor
final class OpenAIBackend: ChatBackend {
  private let settings: AssistantAccess.OpenAI
  private let client: any HTTPClient & HTTPStreaming
  let kind = AssistantBackendKind.openai
  let modelVariable = "WAYFARER_OPENAI_MODEL"
  var configuredModel: String? { settings.model }

  init(settings: AssistantAccess.OpenAI, client: any HTTPClient & HTTPStreaming) {
    self.settings = settings
    self.client = client
  }

  private var url: String { settings.baseURL.absoluteString }

  func defaultModel() async throws -> String {
    if let model = settings.model { return model }
    let response = try await ChatTransport.send(
      OpenAIFormat.modelsRequest(baseURL: settings.baseURL, key: settings.key), client: client, backend: kind, url: url
    ) { [settings] status, body in OpenAIFormat.error(status: status, body: body, model: "", key: settings.key) }
    guard let list = OpenAIFormat.ModelList.decoded(from: response) else { throw AssistantError.unreadable(backend: kind) }
    guard let first = list.ids.first else { throw AssistantError.noModel(url: url) }
    return first
  }

  func send(_ prompt: ChatPrompt, model: String, streaming: Bool, onText: @MainActor (String) -> Void) async throws
    -> ChatReply
  {
    let request = try OpenAIFormat.request(
      prompt, model: model, baseURL: settings.baseURL, key: settings.key, streaming: streaming)
    let refusal = { [settings] (status: Int, body: Data) in
      OpenAIFormat.error(status: status, body: body, model: model, key: settings.key)
    }
    guard streaming else {
      let response = try await ChatTransport.send(request, client: client, backend: kind, url: url, refusal: refusal)
      guard let reply = OpenAIFormat.Response.decoded(from: response) else { throw AssistantError.unreadable(backend: kind) }
      onText(reply.text)
      if let problem = reply.problem { throw problem }
      return ChatReply(text: reply.text, usage: reply.usage, reachedLengthLimit: reply.finishReason == "length")
    }
    var reply = ChatReply(text: "")
    var done = false
    try await ChatTransport.events(request, client: client, backend: kind, url: url, refusal: refusal) { data in
      if data == "[DONE]" {
        done = true
        return false
      }
      guard let piece = OpenAIFormat.Response.decoded(from: Data(data.utf8)) else {
        throw AssistantError.unreadable(backend: .openai)
      }
      if !piece.text.isEmpty {
        reply.text += piece.text
        onText(piece.text)
      }
      reply.usage = piece.usage ?? reply.usage
      if let problem = piece.problem { throw problem }
      if let reason = piece.finishReason {
        done = true
        reply.reachedLengthLimit = reason == "length"
      }
      return true
    }
    // Some servers close after finish_reason without [DONE]; with neither, it was cut.
    guard done else { throw AssistantError.cutOff(backend: kind) }
    return reply
  }
}

/// The HTTP both backends share: statuses become their errors, transport
/// failures the assistant's, event streams are read event by event.
@MainActor
enum ChatTransport {
  typealias Refusal = (_ status: Int, _ body: Data) -> AssistantError

  static func send(
    _ request: HTTPRequest, client: any HTTPClient, backend: AssistantBackendKind, url: String,
    refusal: Refusal
  ) async throws -> Data {
    let response: HTTPResponse
    do {
      response = try await client.send(request)
    } catch {
      throw AssistantError.from(error, backend: backend, url: url, partial: false)
    }
    guard response.isSuccess else { throw refusal(response.status, response.body) }
    return response.body
  }

  /// Streams `request`, handing each event's data to `handle` until it
  /// returns false or the body ends.
  static func events(
    _ request: HTTPRequest, client: any HTTPStreaming, backend: AssistantBackendKind, url: String,
    refusal: Refusal, handle: @MainActor (String) throws -> Bool
  ) async throws {
    var partial = false
    do {
      let response = try await client.stream(request)
      guard response.head.isSuccess else {
        // An error body is small: read it whole (bounded) to word it.
        var body = Data()
        for try await chunk in response.body where body.count < 65_536 { body.append(chunk) }
        throw refusal(response.head.status, body)
      }
      var parser = ServerSentEventParser()
      for try await chunk in response.body {
        for event in try parser.feed(chunk) {
          partial = true
          guard try handle(event.data) else { return }
        }
      }
      if let last = parser.finish() { _ = try handle(last.data) }
    } catch {
      throw AssistantError.from(error, backend: backend, url: url, partial: partial)
    }
  }
}
