import Foundation
import JSON
import Locking
import Networking
import Secrets
import ServiceAccess

/// A model server the chat sends conversations to.
@MainActor
protocol ChatBackend: AnyObject {
  var kind: AssistantBackendKind { get }
  /// The model set in the environment; nil when the server is asked for one.
  var configuredModel: String? { get }
  /// Where the model name comes from, for sentences (`WAYFARER_GEMINI_MODEL`).
  var modelVariable: String { get }
  /// The server's base URL, for sentences.
  var serverURL: String { get }
  /// The models the server lists, in its order (the first is used when
  /// none is set).
  func listModels() async throws -> [String]
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

  /// How long the model may think before its first words.
  private let waitSeconds: Int

  init(
    settings: AssistantAccess.Gemini, client: any HTTPClient & HTTPStreaming,
    waitSeconds: Int = AssistantAccess.defaultWaitSeconds
  ) {
    self.settings = settings
    self.client = client
    self.waitSeconds = waitSeconds
  }

  var serverURL: String { settings.baseURL.absoluteString }

  func listModels() async throws -> [String] {
    guard let request = GeminiFormat.modelsRequest(baseURL: settings.baseURL, key: settings.key) else {
      throw AssistantError.unreadable(backend: kind)
    }
    let body = try await ChatTransport.send(request, client: client, backend: kind, url: serverURL) {
      [settings] status, headers, body in
      // No model was named: a 404 is a wrong address, not an unknown model.
      status == 404
        ? .serverSaid(backend: .gemini, status: status, message: "")
        : GeminiFormat.error(status: status, headers: headers, body: body, model: "", key: settings.key)
    }
    guard let list = GeminiFormat.ModelList.decoded(from: body) else { throw AssistantError.unreadable(backend: kind) }
    return list.names
  }

  func send(_ prompt: ChatPrompt, model: String, streaming: Bool, onText: @MainActor (String) -> Void) async throws
    -> ChatReply
  {
    let request = try GeminiFormat.request(
      prompt, model: model, baseURL: settings.baseURL, key: settings.key, streaming: streaming)
    let url = settings.baseURL.absoluteString
    let refusal = { [settings] (status: Int, headers: [String: String], body: Data) in
      GeminiFormat.error(status: status, headers: headers, body: body, model: model, key: settings.key)
    }
    return try await ChatTransport.reply(
      request, as: GeminiFormat.Response.self, streaming: streaming, client: client, backend: kind, url: url,
      waitSeconds: waitSeconds, refusal: refusal, onText: onText)
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

  /// How long the model may think before its first words.
  private let waitSeconds: Int

  init(
    settings: AssistantAccess.OpenAI, client: any HTTPClient & HTTPStreaming,
    waitSeconds: Int = AssistantAccess.defaultWaitSeconds
  ) {
    self.settings = settings
    self.client = client
    self.waitSeconds = waitSeconds
  }

  private var url: String { settings.baseURL.absoluteString }
  var serverURL: String { url }

  func listModels() async throws -> [String] {
    let response = try await ChatTransport.send(
      OpenAIFormat.modelsRequest(baseURL: settings.baseURL, key: settings.key), client: client, backend: kind,
      url: url
    ) { [settings] status, headers, body in
      OpenAIFormat.error(status: status, headers: headers, body: body, model: "", key: settings.key)
    }
    guard let list = OpenAIFormat.ModelList.decoded(from: response) else {
      throw AssistantError.unreadable(backend: kind)
    }
    return list.ids
  }

  func send(_ prompt: ChatPrompt, model: String, streaming: Bool, onText: @MainActor (String) -> Void) async throws
    -> ChatReply
  {
    let request = try OpenAIFormat.request(
      prompt, model: model, baseURL: settings.baseURL, key: settings.key, streaming: streaming)
    let refusal = { [settings] (status: Int, headers: [String: String], body: Data) in
      OpenAIFormat.error(status: status, headers: headers, body: body, model: model, key: settings.key)
    }
    return try await ChatTransport.reply(
      request, as: OpenAIFormat.Response.self, streaming: streaming, client: client, backend: kind, url: url,
      waitSeconds: waitSeconds, refusal: refusal, onText: onText)
  }
}

/// The HTTP both backends share: statuses become their errors, transport
/// failures the assistant's, event streams are read event by event.
@MainActor
enum ChatTransport {
  /// An error status as the backend words it, from the status, the
  /// headers (lower-cased names: `retry-after`) and the body.
  typealias Refusal = (_ status: Int, _ headers: [String: String], _ body: Data) -> AssistantError

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
    guard response.isSuccess else { throw refusal(response.status, response.headers, response.body) }
    return response.body
  }

  /// The reply to `request`: whole, or (`streaming`) read event by event,
  /// each piece's text handed to `onText` as it comes.
  ///
  /// A stream that ends
  /// before a piece says it is the last (or `[DONE]`) was cut off.
  static func reply<Piece: ReplyPiece>(
    _ request: HTTPRequest, as piece: Piece.Type, streaming: Bool, client: any HTTPClient & HTTPStreaming,
    backend: AssistantBackendKind, url: String, waitSeconds: Int, refusal: Refusal,
    onText: @MainActor (String) -> Void
  ) async throws -> ChatReply {
    // Replies are slow by nature (a model thinks, a local one loads first):
    // the first words may take `waitSeconds`.
    var request = request
    request.patienceSeconds = waitSeconds
    guard streaming else {
      let body = try await send(request, client: client, backend: backend, url: url, refusal: refusal)
      guard let whole = Piece.decoded(from: body) else { throw AssistantError.unreadable(backend: backend) }
      if !whole.text.isEmpty { onText(whole.text) }
      if let problem = whole.problem { throw problem }
      return ChatReply(text: whole.text, usage: whole.usage, reachedLengthLimit: whole.reachedLengthLimit)
    }
    return try await streamed(
      request, as: piece, client: client, backend: backend, url: url, refusal: refusal, onText: onText)
  }

  /// The reply to `request`, read event by event; the text of the events
  /// that arrive together handed to `onText` as one piece.
  private static func streamed<Piece: ReplyPiece>(
    _ request: HTTPRequest, as piece: Piece.Type, client: any HTTPStreaming, backend: AssistantBackendKind,
    url: String, refusal: Refusal, onText: @MainActor (String) -> Void
  ) async throws -> ChatReply {
    var reply = ChatReply(text: "")
    var finished = false
    var shown = ShownText()
    defer {
      shown.end(to: onText)
      // The reply's last bytes go out now, before it is saved (a wait on
      // the disk), whether the stream ended at its last chunk or at [DONE].
      BeforeWaiting.run()
    }
    func handOver() { shown.handOver(to: onText) }
    try await events(request, client: client, backend: backend, url: url, refusal: refusal, handOver: handOver) {
      data in
      if isDone(data) {
        finished = true
        return false
      }
      guard let piece = Piece.piece(fromUTF8: data) else {
        throw Piece.errorEvent(Data(data)) ?? AssistantError.unreadable(backend: backend)
      }
      if !piece.text.isEmpty { shown.take(piece.text) }
      reply.usage = piece.usage ?? reply.usage
      if let problem = piece.problem { throw problem }
      if piece.isLast {
        finished = true
        reply.reachedLengthLimit = piece.reachedLengthLimit
      }
      return true
    }
    guard finished else { throw AssistantError.cutOff(backend: backend) }
    shown.end(to: onText)
    reply.text = String(decoding: shown.kept, as: UTF8.self)
    return reply
  }

  /// Whether an event's data is `[DONE]`, the end of OpenAI's streams.
  private static func isDone(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
    data.count == 6 && data.elementsEqual("[DONE]".utf8)
  }

  /// `chunk` in pieces of at most 16 KiB, parsed one at a time.
  ///
  /// A burst arrives as one large chunk, and an event over the parser's
  /// bound throws away the events parsed with it in the same piece: this
  /// keeps that loss to what one network read used to hold.
  private static func pieces(of chunk: Data) -> [Data] {
    stride(from: chunk.startIndex, to: chunk.endIndex, by: 16_384).map {
      chunk[$0..<min($0 + 16_384, chunk.endIndex)]
    }
  }

  /// How long a stream is read before the main actor is let go to hear
  /// Ctrl-C.
  static let longestWithoutPause: Duration = .milliseconds(5)

  /// Streams `request`, handing each event's data (its UTF-8, valid only
  /// during the call) to `handle` until it returns false or the body ends;
  /// `handOver` is called before what was gathered goes out (after each
  /// chunk, and at each pause inside one).
  static func events(
    _ request: HTTPRequest, client: any HTTPStreaming, backend: AssistantBackendKind, url: String,
    refusal: Refusal, handOver: @MainActor () -> Void,
    handle: @MainActor (UnsafeBufferPointer<UInt8>) throws -> Bool
  ) async throws {
    var partial = false
    do {
      let response = try await client.stream(request)
      guard response.head.isSuccess else {
        // An error body is small: read it whole (bounded) to word it.
        var body = Data()
        for try await chunk in response.body {
          body.append(chunk)
          if body.count >= 65_536 { break }
        }
        throw refusal(response.head.status, response.head.headers, body)
      }
      var reader = EventReader()
      for try await chunk in response.body {
        // Counted from the chunk's arrival: the wait for it let the main
        // actor go, and its first event is no reason to write on its own.
        reader.lastPause = ContinuousClock.now
        for piece in Self.pieces(of: chunk) {
          var read = 0
          while read < piece.count {
            let step = try reader.read(piece, from: read, handle: handle)
            partial = partial || reader.readAny
            read += step.bytes
            guard step.goesOn else { return }
            // The main actor hears Ctrl-C every few milliseconds, even inside
            // one chunk holding thousands of events (a burst is read at once).
            // What was gathered goes out then too: one chunk may hold a
            // whole burst, and a piece waits at most this long to be shown.
            if step.pauses {
              handOver()
              BeforeWaiting.run()
              await Task.yield()
              reader.lastPause = ContinuousClock.now
            }
          }
        }
        // The pieces of this chunk, gathered by the console, go out here,
        // on the main actor, before the read of the next chunk hops off it.
        handOver()
        BeforeWaiting.run()
        await Task.yield()
      }
      try reader.finish(handle: handle)
    } catch {
      throw AssistantError.from(error, backend: backend, url: url, partial: partial)
    }
  }
}

/// A reply, or one streamed piece of one, in either backend's format.
protocol ReplyPiece: JSONDecodable {
  /// What an event that is no piece means, when it is the format's error.
  static func errorEvent(_ data: Data) -> AssistantError?
  /// One streamed event's piece, as `decoded(fromText:)` reads it (a
  /// format may read it faster).
  static func piece(fromText text: String) -> Self?
  /// The same, from the event's UTF-8 where it lies.
  static func piece(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Self?
  var text: String { get }
  var usage: ChatUsage? { get }
  /// A blocked prompt or a reply stopped by a filter.
  var problem: AssistantError? { get }
  /// The piece that says the reply ended (it has a finish reason).
  var isLast: Bool { get }
  var reachedLengthLimit: Bool { get }
}

extension ReplyPiece {
  static func piece(fromText text: String) -> Self? { decoded(fromText: text) }
  static func piece(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Self? {
    piece(fromText: String(decoding: bytes, as: UTF8.self))
  }
}
