import Foundation
import Locking
import Networking
import Secrets
import ServiceAccess
import TerminalText
import TestSupport
import XCTest

@testable import Explore

/// Both backends against a scripted server: what they send, what they read.
@MainActor
final class ChatBackendTests: XCTestCase {
  private let geminiKey = AssistantKey(value: "AIzaSecretKey123", source: "GEMINI_API_KEY")
  private let openAIKey = AssistantKey(value: "sk-secret-456", source: "OPENAI_API_KEY")
  private let prompt = ChatPrompt(
    system: "Explain gently.",
    turns: [
      ChatTurn(role: .user, text: "What is an index fund?"), ChatTurn(role: .assistant, text: "A basket."),
      ChatTurn(role: .user, text: "And an ETF?"),
    ])

  private func makeGemini(_ answers: [ChatHTTPStub.Answer]) -> (GeminiBackend, ChatHTTPStub) {
    let stub = ChatHTTPStub()
    stub.answers = answers
    let backend = GeminiBackend(
      settings: .init(baseURL: URL(string: "http://127.0.0.1:9/")!, key: geminiKey, model: "gemini-2.5-flash"),
      client: stub)
    trackForMemoryLeaks(backend)
    trackForMemoryLeaks(stub)
    return (backend, stub)
  }

  private func makeOpenAI(_ answers: [ChatHTTPStub.Answer], key: Bool = true, model: String? = "llama3.2")
    -> (OpenAIBackend, ChatHTTPStub)
  {
    let stub = ChatHTTPStub()
    stub.answers = answers
    let backend = OpenAIBackend(
      settings: .init(
        baseURL: URL(string: "http://127.0.0.1:11434/v1")!, key: key ? openAIKey : nil, model: model),
      client: stub)
    trackForMemoryLeaks(backend)
    trackForMemoryLeaks(stub)
    return (backend, stub)
  }

  /// Sends `prompt` and returns the reply or the error, and the pieces handed over.
  private func send(_ backend: any ChatBackend, streaming: Bool, model: String = "m") async
    -> (Result<ChatReply, any Error>, [String])
  {
    var pieces: [String] = []
    do {
      let reply = try await backend.send(prompt, model: model, streaming: streaming) { pieces.append($0) }
      return (.success(reply), pieces)
    } catch {
      return (.failure(error), pieces)
    }
  }

  private func error(_ result: Result<ChatReply, any Error>) -> AssistantError? {
    guard case .failure(let error) = result else { return nil }
    return error as? AssistantError
  }

  // MARK: Gemini

  func test_gemini_wholeReply_sendsTheDocumentedRequest_andLeavesThoughtsOut() async throws {
    let (backend, stub) = makeGemini([
      .whole(status: 200, body: AssistantFixtures.geminiReply("An ETF trades **all day**.", thought: "Let me think"))
    ])
    let (result, pieces) = await send(backend, streaming: false, model: "gemini-2.5-flash")

    XCTAssertEqual(try result.get().text, "An ETF trades **all day**.")
    XCTAssertEqual(try result.get().usage, ChatUsage(promptTokens: 5, replyTokens: 10, totalTokens: 15))
    XCTAssertEqual(pieces, ["An ETF trades **all day**."])
    let request = try XCTUnwrap(stub.requests.first)
    XCTAssertEqual(request.method, .post)
    XCTAssertEqual(request.url.absoluteString, "http://127.0.0.1:9/v1beta/models/gemini-2.5-flash:generateContent")
    XCTAssertEqual(request.headers.first { $0.name == "x-goog-api-key" }?.value, "AIzaSecretKey123")
    XCTAssertEqual(request.patienceSeconds, AssistantAccess.defaultWaitSeconds, "a model may think past the usual 20 s")
    XCTAssertFalse(request.url.absoluteString.contains("AIza"), "the key is never in the URL")
    let body = stub.body(0)
    XCTAssertEqual(
      (body["systemInstruction"] as? [String: Any]).flatMap { ($0["parts"] as? [[String: Any]])?.first?["text"] }
        as? String, "Explain gently.")
    let contents = try XCTUnwrap(body["contents"] as? [[String: Any]])
    XCTAssertEqual(contents.map { $0["role"] as? String }, ["user", "model", "user"])
    XCTAssertEqual(
      contents.map { ($0["parts"] as? [[String: Any]])?.first?["text"] as? String },
      ["What is an index fund?", "A basket.", "And an ETF?"])
  }

  func test_gemini_streamed_handsOverEachPiece_fromTheSSEEndpoint() async throws {
    let (backend, stub) = makeGemini([.stream(AssistantFixtures.geminiStream(["An ", "ETF ", "trades."]))])
    let (result, pieces) = await send(backend, streaming: true, model: "gemini-2.5-flash")

    XCTAssertEqual(pieces, ["An ", "ETF ", "trades."])
    XCTAssertEqual(try result.get().text, "An ETF trades.")
    XCTAssertEqual(
      stub.requests.first?.url.absoluteString,
      "http://127.0.0.1:9/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
  }

  /// The events of one chunk are handed over as one piece, and the console
  /// gathers pieces until ``BeforeWaiting`` runs: once after each chunk's
  /// piece (one write a chunk), and before the next chunk is read (a paced
  /// piece is not held back).
  func test_streamed_aChunksEventsAreOnePiece_andBeforeWaitingRunsAfterEachChunk() async throws {
    let events = AssistantFixtures.geminiStream(["An ", "ETF ", "trades."])
    let (backend, _) = makeGemini([.stream([events[0] + events[1], events[2]])])
    let handed = Locked<[String]>([])
    let seenAtRuns = Locked<[String]>([])
    BeforeWaiting.register { seenAtRuns.withLock { $0.append(handed.withLock { $0.joined() }) } }
    defer { BeforeWaiting.register {} }

    _ = try await backend.send(prompt, model: "m", streaming: true) { piece in handed.withLock { $0.append(piece) } }

    XCTAssertEqual(handed.withLock { $0 }, ["An ETF ", "trades."])
    XCTAssertEqual(
      seenAtRuns.withLock { $0 }, ["An ETF ", "An ETF trades.", "An ETF trades."],
      "after each chunk, and at the end before the reply is kept")
  }

  /// The reply's last bytes go out before it is saved, also when the
  /// stream ends at `[DONE]` in the chunk of its last piece, and with the
  /// tail the secret filter held back until the end.
  func test_streamed_beforeWaitingRuns_afterTheLastPiece_whenTheStreamEndsAtDone() async throws {
    let (backend, _) = makeOpenAI([
      .stream([AssistantFixtures.openAIStream(["An ", "ETF ", "trades."]).reduce(Data(), +)])
    ])
    let handed = Locked(0)
    let seenAtRuns = Locked<[Int]>([])
    BeforeWaiting.register { seenAtRuns.withLock { $0.append(handed.withLock { $0 }) } }
    defer { BeforeWaiting.register {} }

    _ = try await backend.send(prompt, model: "m", streaming: true) { _ in handed.withLock { $0 += 1 } }

    XCTAssertEqual(seenAtRuns.withLock { $0.last }, handed.withLock { $0 })
  }

  /// One chunk may hold a whole burst: what was read is handed over and
  /// goes out at the pause the reader takes every few milliseconds, not
  /// only at the chunk's end.
  func test_streamed_aLongChunksEventsGoOutAtEachPause_notOnlyAtItsEnd() async throws {
    // Far more events than a debug build reads in the few milliseconds
    // between pauses (each is parsed and checked).
    let words = (0..<5_000).map { "w\($0) " }
    let (backend, _) = makeGemini([.stream([AssistantFixtures.geminiStream(words).reduce(Data(), +)])])
    let handed = Locked<[String]>([])
    let seenAtRuns = Locked<[Int]>([])
    BeforeWaiting.register { seenAtRuns.withLock { $0.append(handed.withLock { $0.joined().count }) } }
    defer { BeforeWaiting.register {} }

    _ = try await backend.send(prompt, model: "m", streaming: true) { piece in handed.withLock { $0.append(piece) } }

    let whole = words.joined()
    XCTAssertEqual(handed.withLock { $0.joined() }, whole)
    let runs = seenAtRuns.withLock { $0 }
    XCTAssertGreaterThan(runs.count, 2, "a pause inside the chunk")
    XCTAssertGreaterThan(runs.first ?? 0, 0, "what was read before the pause went out at it")
    XCTAssertLessThan(runs.first ?? 0, whole.count)
    XCTAssertEqual(runs.last, whole.count)
  }

  func test_gemini_aStreamEndingWithoutAFinishReason_wasCutOff_andKeepsItsText() async throws {
    let stream = AssistantFixtures.geminiStream(["An ", "ETF ", "trades."]).dropLast()
    let (backend, _) = makeGemini([.stream(Array(stream))])
    let (result, pieces) = await send(backend, streaming: true)
    XCTAssertEqual(error(result), .cutOff(backend: .gemini))
    XCTAssertEqual(pieces, ["An ", "ETF "])
  }

  /// A reply that had begun and then broke off or went silent says so as
  /// every request does (the HTTP layer's sentence), keeping what arrived.
  func test_gemini_aConnectionLostOrStalledMidStream_saysWhatTheNetworkDid_andKeepsWhatArrived() async throws {
    for failure in [
      HTTPError.connectionLost(host: "127.0.0.1", detail: "reset"),
      HTTPError.cutOff(host: "127.0.0.1", receivedBytes: 240, elapsedSeconds: 21),
    ] {
      let (backend, _) = makeGemini([
        .stream(Array(AssistantFixtures.geminiStream(["An ", "x"]).prefix(1)), error: failure)
      ])
      let (result, pieces) = await send(backend, streaming: true)
      XCTAssertEqual(error(result), .brokeOff(failure))
      XCTAssertEqual(pieces, ["An "])
    }
    XCTAssertEqual(
      AssistantWording.sentence(
        for: .brokeOff(.cutOff(host: "127.0.0.1", receivedBytes: 240, elapsedSeconds: 21))),
      "The response from 127.0.0.1 was cut off: 240 bytes arrived, then nothing more (21 s in all). What arrived is kept."
    )
  }

  /// One event over the parser's limit is "too large", not "unreadable".
  func test_anEventOverTheLimit_isSaidToBeTooLarge() async throws {
    let huge = Data("data: ".utf8) + Data(repeating: 0x61, count: (1 << 20) + 10) + Data("\r\n\r\n".utf8)
    let (backend, _) = makeGemini([.stream(AssistantFixtures.geminiStream(["Start "]) + [huge])])
    let (result, pieces) = await send(backend, streaming: true)

    XCTAssertEqual(error(result), .eventTooLarge(backend: .gemini, limit: 1 << 20))
    XCTAssertEqual(pieces, ["Start "])
    XCTAssertEqual(
      AssistantWording.sentence(for: .eventTooLarge(backend: .gemini, limit: 1 << 20)),
      "Gemini sent one piece of its reply larger than 1 MiB, so Wayfarer stopped reading; what arrived is kept.")
  }

  /// A burst read at once: the events before an oversized one in the same
  /// chunk are still shown, as one piece (the chunk is parsed a piece at a time).
  func test_anEventOverTheLimit_inOneChunkWithOthers_keepsTheOthers() async throws {
    let huge = Data("data: ".utf8) + Data(repeating: 0x61, count: (1 << 20) + 10) + Data("\r\n\r\n".utf8)
    let burst = AssistantFixtures.geminiStream(["Start ", "and more "]).reduce(Data(), +) + huge
    let (backend, _) = makeGemini([.stream([burst])])
    let (result, pieces) = await send(backend, streaming: true)

    XCTAssertEqual(error(result), .eventTooLarge(backend: .gemini, limit: 1 << 20))
    XCTAssertEqual(pieces, ["Start and more "])
  }

  /// Gemini's 429 says when to try again from `Retry-After` (or, without
  /// one, the body's RetryInfo), as the other services do.
  func test_gemini_a429_saysWhenFromRetryAfter_elseFromRetryInfo() {
    let key = Secret(value: "AIzaTestKey12345", source: "GEMINI_API_KEY")
    let exhausted = #"{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}"#
    XCTAssertEqual(
      GeminiFormat.error(
        status: 429, headers: ["retry-after": "42"], body: Data(exhausted.utf8), model: "m", key: key),
      .quotaUsedUp(backend: .gemini, retryAfter: 42))
    XCTAssertEqual(
      GeminiFormat.error(status: 429, body: Data(exhausted.utf8), model: "m", key: key),
      .quotaUsedUp(backend: .gemini, retryAfter: nil))
  }

  func test_gemini_everyDocumentedError_becomesItsOwnCase() async throws {
    let cases: [(String, Int, AssistantError)] = [
      (AssistantFixtures.geminiBadKey, 400, .keyRefused(backend: .gemini, variable: "GEMINI_API_KEY")),
      (AssistantFixtures.geminiQuota, 429, .quotaUsedUp(backend: .gemini, retryAfter: 37)),
      (
        AssistantFixtures.geminiUnknownModel, 404,
        .unknownModel(backend: .gemini, model: "gemini-9", variable: "WAYFARER_GEMINI_MODEL")
      ),
      (AssistantFixtures.geminiOverloaded, 503, .overloaded(backend: .gemini)),
      (
        #"{"error":{"code":400,"message":"Invalid JSON payload.","status":"INVALID_ARGUMENT"}}"#, 400,
        .serverSaid(backend: .gemini, status: 400, message: "Invalid JSON payload.")
      ),
    ]
    for (body, status, expected) in cases {
      for streaming in [false, true] {
        let (backend, _) = makeGemini([.whole(status: status, body: body)])
        let (result, _) = await send(backend, streaming: streaming, model: "gemini-9")
        XCTAssertEqual(error(result), expected, "\(status) streaming: \(streaming)")
      }
    }
  }

  func test_gemini_aBlockedPromptAndASafetyStop_sayWhy() async throws {
    let (blocked, _) = makeGemini([.whole(status: 200, body: AssistantFixtures.geminiBlockedPrompt)])
    let blockedResult = await send(blocked, streaming: false).0
    XCTAssertEqual(error(blockedResult), .promptBlocked(reason: "SAFETY"))

    let pieces = AssistantFixtures.geminiStream(["Some "]).map { _ in
      Data(("data: " + AssistantFixtures.geminiPiece("Some ") + "\r\n\r\n").utf8)
    }
    let stop = Data(("data: " + AssistantFixtures.geminiSafetyStop + "\r\n\r\n").utf8)
    let (stopped, _) = makeGemini([.stream(pieces + [stop])])
    let (result, text) = await send(stopped, streaming: true)
    XCTAssertEqual(error(result), .replyBlocked(reason: "SAFETY"))
    XCTAssertEqual(text, ["Some "], "what came before the stop was handed over")
  }

  func test_retryDelays_areReadAsWholeSecondsRoundedUp() {
    XCTAssertEqual(GeminiFormat.seconds("37s"), 37)
    XCTAssertEqual(GeminiFormat.seconds("1.2s"), 2)
    XCTAssertNil(GeminiFormat.seconds("37"))
    XCTAssertNil(GeminiFormat.seconds("infs"))
    XCTAssertNil(GeminiFormat.seconds("1e300s"))
  }

  // MARK: OpenAI-compatible

  func test_openAI_wholeReply_sendsSystemFirst_theBearerKey_andStreamFalse() async throws {
    let (backend, stub) = makeOpenAI([
      .whole(status: 200, body: AssistantFixtures.openAIReply("A basket you can trade."))
    ])
    let (result, _) = await send(backend, streaming: false, model: "llama3.2")

    XCTAssertEqual(try result.get().text, "A basket you can trade.")
    XCTAssertEqual(try result.get().usage, ChatUsage(promptTokens: 12, replyTokens: 7, totalTokens: 19))
    let request = try XCTUnwrap(stub.requests.first)
    XCTAssertEqual(request.url.absoluteString, "http://127.0.0.1:11434/v1/chat/completions")
    XCTAssertEqual(request.headers.first { $0.name == "Authorization" }?.value, "Bearer sk-secret-456")
    let body = stub.body(0)
    XCTAssertEqual(body["model"] as? String, "llama3.2")
    XCTAssertEqual(body["stream"] as? Bool, false)
    let messages = try XCTUnwrap(body["messages"] as? [[String: String]])
    XCTAssertEqual(messages.map { $0["role"] }, ["system", "user", "assistant", "user"])
    XCTAssertEqual(
      messages.map { $0["content"] }, ["Explain gently.", "What is an index fund?", "A basket.", "And an ETF?"])
  }

  func test_openAI_streamed_readsDeltas_untilDone_andSendsNoKeyWhenNoneIsSet() async throws {
    let (backend, stub) = makeOpenAI([.stream(AssistantFixtures.openAIStream(["A ", "basket", "."]))], key: false)
    let (result, pieces) = await send(backend, streaming: true)

    XCTAssertEqual(pieces, ["A ", "basket", "."])
    XCTAssertEqual(try result.get().text, "A basket.")
    XCTAssertEqual(stub.body(0)["stream"] as? Bool, true)
    XCTAssertNil(stub.requests.first?.headers.first { $0.name == "Authorization" })
  }

  func test_openAI_streamed_asksForUsage_andReadsTheLastChunkWithNoChoices() async throws {
    let (backend, stub) = makeOpenAI([
      .stream(AssistantFixtures.openAIStream(["A ", "basket."], usage: (prompt: 120, completion: 150)))
    ])
    let (result, pieces) = await send(backend, streaming: true)

    XCTAssertEqual(pieces, ["A ", "basket."])
    XCTAssertEqual(try result.get().usage, ChatUsage(promptTokens: 120, replyTokens: 150, totalTokens: 270))
    XCTAssertEqual(stub.body(0)["stream_options"] as? [String: Bool], ["include_usage": true])
  }

  func test_gemini_usage_isTheLastEventsMetadata_thoughtsCountedOut() async throws {
    let events = [
      #"{"candidates":[{"content":{"parts":[{"text":"A "}]}}],"usageMetadata":{"promptTokenCount":9,"totalTokenCount":9}}"#,
      #"{"candidates":[{"content":{"parts":[{"text":"b."}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":120,"candidatesTokenCount":100,"thoughtsTokenCount":50,"totalTokenCount":270}}"#,
    ].map { Data("data: \($0)\r\n\r\n".utf8) }
    let (backend, _) = makeGemini([.stream(events)])
    let (result, _) = await send(backend, streaming: true)

    XCTAssertEqual(try result.get().text, "A b.")
    XCTAssertEqual(try result.get().usage, ChatUsage(promptTokens: 120, replyTokens: 150, totalTokens: 270))
  }

  func test_openAI_aStreamEndingAfterFinishButWithoutDone_isWhole_andOneEndingMidReply_wasCut() async throws {
    let (finished, _) = makeOpenAI([.stream(AssistantFixtures.openAIStream(["A ", "b"], done: false))])
    let whole = await send(finished, streaming: true).0
    XCTAssertEqual(try whole.get().text, "A b")

    let cut = Array(AssistantFixtures.openAIStream(["A ", "b"], done: false).dropLast())
    let (cutOff, _) = makeOpenAI([.stream(cut)])
    let cutResult = await send(cutOff, streaming: true).0
    XCTAssertEqual(error(cutResult), .cutOff(backend: .openai))
  }

  func test_openAI_errors_refusedConnection_badKey_rateLimit_unknownModel() async throws {
    let (refused, _) = makeOpenAI([.fail(HTTPError.cannotConnect(host: "127.0.0.1", detail: "Connection refused"))])
    let refusedResult = await send(refused, streaming: true).0
    XCTAssertEqual(error(refusedResult), .noServer(url: "http://127.0.0.1:11434/v1"))

    let cases: [(String, Int, AssistantError)] = [
      (AssistantFixtures.openAIBadKey, 401, .keyRefused(backend: .openai, variable: "OPENAI_API_KEY")),
      (AssistantFixtures.openAIRateLimited, 429, .quotaUsedUp(backend: .openai, retryAfter: nil)),
      (
        AssistantFixtures.openAIUnknownModel, 404,
        .serverSaid(backend: .openai, status: 404, message: "model 'x' not found")
      ),
      (
        #"{"error":"model 'x' not found"}"#, 404,
        .serverSaid(backend: .openai, status: 404, message: "model 'x' not found")
      ),
    ]
    for (body, status, expected) in cases {
      let (backend, _) = makeOpenAI([.whole(status: status, body: body)])
      let result = await send(backend, streaming: false).0
      XCTAssertEqual(error(result), expected, "\(status)")
    }
  }

  /// A server that repeats the key in its message: the sentence keeps the
  /// server's words, and as it is printed the key is not in it (one rule for
  /// every service, TerminalKit's SecretText; the end-to-end fault tests
  /// check it for all four through the binary).
  func test_aKeyEchoedInAnErrorMessage_isHiddenFromWhatIsPrinted() async {
    SecretText.hide("AIzaSecretKey123", naming: "GEMINI_API_KEY")
    let echo = #"{"error":{"code":400,"message":"Bad request for key AIzaSecretKey123","status":"INVALID_ARGUMENT"}}"#
    let (gemini, _) = makeGemini([.whole(status: 400, body: echo)])
    let geminiError = error(await send(gemini, streaming: false).0)
    let sentence = geminiError.map(AssistantWording.sentence(for:)) ?? ""

    XCTAssertEqual(
      TextRenderer(usesColor: false).render(StyledLine(sentence)),
      "Gemini did not accept the request (HTTP 400: Bad request for key [GEMINI_API_KEY]).")
  }

  /// A key the server splits across two events is hidden in the reply's
  /// text too, not only in what is shown: the text is cut to the reply's
  /// limit before the store hides keys, and a cut key was kept all but its end.
  func test_aKeySplitAcrossEvents_isHiddenInTheReplyText() async throws {
    SecretText.hide("AIzaSecretKey123", naming: "GEMINI_API_KEY")
    let (backend, _) = makeGemini([
      .stream(AssistantFixtures.geminiStream(["Your key: AIzaSec", "retKey123."])),
      .stream(AssistantFixtures.geminiStream(["It ends on AIzaSec", "retKey1"])),
    ])
    let (result, pieces) = await send(backend, streaming: true)
    let (ended, endedPieces) = await send(backend, streaming: true)

    XCTAssertEqual(try result.get().text, "Your key: [GEMINI_API_KEY].")
    XCTAssertEqual(pieces.joined(), "Your key: [GEMINI_API_KEY].")
    XCTAssertEqual(try ended.get().text, "It ends on [GEMINI_API_KEY]", "most of a key, at the end")
    XCTAssertEqual(endedPieces.joined(), "It ends on [GEMINI_API_KEY]")
  }

  func test_anErrorEventInAStream_saysTheServersMessage_andKeepsWhatArrived() {
    XCTAssertEqual(
      OpenAIFormat.Response.errorEvent(Data(#"{"error":{"message":"upstream model crashed"}}"#.utf8)),
      .failedMidway(backend: .openai, message: "upstream model crashed"))
    XCTAssertEqual(
      AssistantWording.sentence(for: .failedMidway(backend: .openai, message: "upstream model crashed")),
      "The OpenAI-compatible server stopped with an error (upstream model crashed); what arrived is kept.")
    XCTAssertNil(GeminiFormat.Response.errorEvent(Data(#"{"candidates":[]}"#.utf8)))
  }

  func test_openAI_a429WithRetryAfter_saysWhenToTryAgain() {
    let said = OpenAIFormat.error(
      status: 429, headers: ["retry-after": "20"], body: Data(AssistantFixtures.openAIRateLimited.utf8), model: "m",
      key: nil)
    XCTAssertEqual(said, .quotaUsedUp(backend: .openai, retryAfter: 20))
    for odd in ["Wed, 21 Oct 2026 07:28:00 GMT", "-5", "99999999"] {
      XCTAssertEqual(
        OpenAIFormat.error(status: 429, headers: ["retry-after": odd], body: Data(), model: "m", key: nil),
        .quotaUsedUp(backend: .openai, retryAfter: nil), odd)
    }
  }

  func test_openAI_listsTheServersModels_fromGETModels() async throws {
    let (backend, stub) = makeOpenAI([.whole(status: 200, body: AssistantFixtures.openAIModels)], model: nil)
    let models = try await backend.listModels()
    XCTAssertEqual(models, ["llama3.2", "qwen2.5"])
    XCTAssertEqual(stub.requests.first?.url.absoluteString, "http://127.0.0.1:11434/v1/models")
    XCTAssertEqual(stub.requests.first?.method, .get)

    let (empty, _) = makeOpenAI([.whole(status: 200, body: #"{"object":"list","data":[]}"#)], model: nil)
    let none = try await empty.listModels()
    XCTAssertEqual(none, [])
  }

  func test_gemini_listsTheModelsThatGenerateContent_withTheKeyInAHeaderOnly() async throws {
    let (backend, stub) = makeGemini([.whole(status: 200, body: AssistantFixtures.geminiModels)])
    let models = try await backend.listModels()
    XCTAssertEqual(models, ["gemini-2.5-flash", "gemini-2.5-pro"], "the embedding model answers no generateContent")
    let request = try XCTUnwrap(stub.requests.first)
    XCTAssertEqual(request.url.absoluteString, "http://127.0.0.1:9/v1beta/models?pageSize=1000")
    XCTAssertEqual(request.headers.first { $0.name == "x-goog-api-key" }?.value, "AIzaSecretKey123")
    XCTAssertFalse(request.url.absoluteString.contains("AIza"))

    let (refused, _) = makeGemini([.whole(status: 400, body: AssistantFixtures.geminiBadKey)])
    do {
      _ = try await refused.listModels()
      XCTFail("a refused key")
    } catch {
      XCTAssertEqual(error as? AssistantError, .keyRefused(backend: .gemini, variable: "GEMINI_API_KEY"))
    }
  }

  // MARK: Sentences

  func test_everyErrorHasItsSentence_andTheIssuesWordsAreThere() {
    XCTAssertEqual(
      AssistantWording.sentence(for: .keyRefused(backend: .gemini, variable: "GEMINI_API_KEY")),
      "Gemini refused the key in GEMINI_API_KEY. Check it (a new one is at aistudio.google.com).")
    XCTAssertEqual(
      AssistantWording.sentence(for: .quotaUsedUp(backend: .gemini, retryAfter: 37)),
      "Gemini's quota is used up; try again in 37 s.")
    XCTAssertEqual(
      AssistantWording.sentence(
        for: .unknownModel(backend: .gemini, model: "gemini-9", variable: "WAYFARER_GEMINI_MODEL")),
      "The model gemini-9 does not exist on Gemini; set WAYFARER_GEMINI_MODEL (or type /model NAME) to one that does.")
    XCTAssertEqual(
      AssistantWording.sentence(for: .overloaded(backend: .gemini)),
      "The model on Gemini is overloaded; try again in a moment.")
    XCTAssertEqual(
      AssistantWording.sentence(for: .promptBlocked(reason: "SAFETY")),
      "Gemini blocked the question (SAFETY) and did not answer it.")
    XCTAssertEqual(
      AssistantWording.sentence(for: .replyBlocked(reason: "SAFETY")),
      "The reply was blocked (SAFETY); what arrived before is kept.")
    XCTAssertEqual(
      AssistantWording.sentence(for: .noServer(url: "http://localhost:11434/v1")),
      "No server answers at http://localhost:11434/v1 — is it running?")
    XCTAssertEqual(
      AssistantWording.sentence(for: .serverSaid(backend: .openai, status: 404, message: "model 'x' not found")),
      "The OpenAI-compatible server did not accept the request (HTTP 404: model 'x' not found).")
    XCTAssertEqual(
      AssistantWording.sentence(for: .cutOff(backend: .openai)),
      "The reply was cut off before it ended; what arrived is kept.")
    XCTAssertTrue(AssistantWording.notConfigured.contains("GEMINI_API_KEY"))
    XCTAssertTrue(AssistantWording.notConfigured.contains("WAYFARER_OPENAI_URL=http://localhost:11434/v1"))
  }

  func test_aKeyDescribesItselfByItsVariableOnly() {
    XCTAssertEqual("\(geminiKey)", "the secret from GEMINI_API_KEY")
    XCTAssertFalse(String(reflecting: geminiKey).contains("AIza"))
    var dumped = ""
    dump(geminiKey, to: &dumped)
    XCTAssertFalse(dumped.contains("AIza"), dumped)
  }
}
