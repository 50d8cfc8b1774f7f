import Foundation
import TestSupport
import XCTest

/// The assistant through the built binary, piped, against loopback Gemini
/// and OpenAI-compatible servers.
final class AssistantSessionTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]
  private let key = "AIzaE2eSecretKey42"

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-assistant-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  /// The `contents` of a Gemini request body, as role: text.
  private static func turns(_ request: LoopbackHTTPServer.Request) -> [String] {
    guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
      let contents = body["contents"] as? [[String: Any]]
    else { return [] }
    return contents.map { content in
      let text = (content["parts"] as? [[String: Any]])?.first?["text"] as? String ?? ""
      return "\(content["role"] as? String ?? "?"): \(text)"
    }
  }

  private static func systemInstruction(_ request: LoopbackHTTPServer.Request) -> String {
    guard let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: Any],
      let system = body["systemInstruction"] as? [String: Any]
    else { return "" }
    return (system["parts"] as? [[String: Any]])?.first?["text"] as? String ?? ""
  }

  /// Gemini answering each question with its number; GitHub's Tetris beside it.
  private func makeServer(_ override: (@Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply?)? = nil)
    throws -> LoopbackHTTPServer
  {
    try makeLoopbackServer { request in
      if let reply = override?(request) { return reply }
      switch request.path {
      case "/v1beta/models":
        return .json(AssistantFixtures.geminiModels)
      case "/v1beta/models/gemini-2.5-flash:generateContent", "/v1beta/models/gemini-2.5-pro:generateContent":
        let questions = Self.turns(request).filter { $0.hasPrefix("user: ") }.count
        return .json(AssistantFixtures.geminiReply("Answer **\(questions)**: an index fund holds many shares."))
      case "/search/repositories":
        return .json(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("dtrupenn/Tetris")]))
      case "/repos/dtrupenn/Tetris":
        return .json(GitHubFixtures.tetris)
      case "/repos/dtrupenn/Tetris/readme":
        return .json(GitHubFixtures.readme("# Tetris\n\nBuild it with `make tetris`.\n"))
      default:
        return .json(GitHubFixtures.notFound, status: 404)
      }
    }
  }

  /// The clock is fixed, as a recorded demo's is: a reply's time is 0.0 s
  /// every run, so transcripts compare byte for byte.
  private func run(_ script: [String], environment: [String: String]) throws -> WayfarerBinary.Run {
    try WayfarerBinary.run(
      script: script, home: home.path,
      environment: environment.merging(["PATH": "/usr/bin:/bin", "WAYFARER_FIXED_TIME": "2026-01-01T09:00:00Z"]) {
        $1
      })
  }

  private func gemini(_ server: LoopbackHTTPServer) -> [String: String] {
    ["GEMINI_API_KEY": key, "WAYFARER_GEMINI_URL": server.baseURL, "WAYFARER_GITHUB_URL": server.baseURL]
  }

  func test_twoTurnsWithGemini_thenARelaunch_restoresTheConversation_andTheKeyIsNowhere() throws {
    let server = try makeServer()

    let first = try run(
      register + ["explore", "ask", "What is an index fund?", "And an ETF?", "/back", "quit"],
      environment: gemini(server))

    XCTAssertEqual(first.status, 0, first.stderr)
    let out = first.stdout
    XCTAssertTrue(out.contains("Assistant · Gemini · gemini-2.5-flash\n"), out)
    XCTAssertTrue(
      out.contains(
        "you> What is an index fund?\nassistant>\n  Answer 1: an index fund holds many shares.\n5 in · 10 out · 0.0 s\nyou> And an ETF?\nassistant>\n  Answer 2: an index fund holds many shares.\n5 in · 10 out · 0.0 s\n"
      ), out)
    let requests = server.requests.filter { $0.path.hasPrefix("/v1beta/") }
    XCTAssertEqual(requests.count, 2)
    XCTAssertEqual(requests.first?.headers["x-goog-api-key"], key)
    XCTAssertEqual(
      requests.last.map(Self.turns),
      ["user: What is an index fund?", "model: Answer **1**: an index fund holds many shares.", "user: And an ETF?"])
    XCTAssertTrue(requests.last.map(Self.systemInstruction)?.contains("patient") == true)

    let again = try run(["explore", "ask", "/list", "/quit"], environment: gemini(server))
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("Resumed “What is an index fund?” (4 messages)"), again.stdout)
    XCTAssertTrue(again.stdout.contains("you> And an ETF?\nassistant>\n  Answer 2:"), again.stdout)
    XCTAssertTrue(
      again.stdout.contains("  1. What is an index fund?\n     1 Jan 2026 · gemini-2.5-flash · 4 messages\n"),
      "the date, model and message count under each: \(again.stdout)")

    for text in [first.stdout, first.stderr, again.stdout, again.stderr] { XCTAssertFalse(text.contains(key)) }
    for file in try FileManager.default.subpathsOfDirectory(atPath: home.path) {
      let data = FileManager.default.contents(atPath: home.path + "/" + file) ?? Data()
      XCTAssertNil(data.range(of: Data(key.utf8)), "the key is in no file: \(file)")
    }
  }

  func test_askOnARepository_sendsItsREADMEWithTheSystemPrompt() throws {
    let server = try makeServer()

    let run = try run(
      register + ["explore", "search tetris", "open 1", "ask", "How do I build it?", "/back", "back", "quit"],
      environment: gemini(server))

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("About dtrupenn/Tetris · Gemini · gemini-2.5-flash\n"), run.stdout)
    let request = try XCTUnwrap(server.requests.last { $0.path.hasPrefix("/v1beta/") })
    let system = Self.systemInstruction(request)
    XCTAssertTrue(system.contains("The person is reading the GitHub repository dtrupenn/Tetris"), system)
    XCTAssertTrue(system.contains("Build it with `make tetris`."), system)
    XCTAssertEqual(Self.turns(request), ["user: How do I build it?"])
  }

  func test_aRefusedKey_andAnOverloadedModel_areOneSentenceEach_andTheConversationStays() throws {
    let server = try makeServer { request in
      // The model list, as Gemini lists it: answered at once, never left in flight.
      if request.path == "/v1beta/models" { return .json(AssistantFixtures.geminiModels) }
      guard request.path.hasPrefix("/v1beta/") else { return nil }
      return Self.turns(request).contains { $0.contains("Second") }
        ? .json(AssistantFixtures.geminiOverloaded, status: 503) : .json(AssistantFixtures.geminiBadKey, status: 400)
    }

    let run = try run(register + ["explore", "ask", "First", "Second", "/quit"], environment: gemini(server))

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "you> First\nx Gemini refused the key in GEMINI_API_KEY. Check it (a new one is at aistudio.google.com).\n"),
      run.stdout)
    XCTAssertTrue(
      run.stdout.contains("you> Second\nx The model on Gemini is overloaded; try again in a moment.\n"), run.stdout)
    XCTAssertEqual(
      server.requests.last.map(Self.turns), ["user: Second"],
      "the refused question is not sent again with the next (it would fail it too)")
    XCTAssertFalse(run.stdout.contains(key))
  }

  /// Piped, a reply's prose and a README's keep to a transcript's 72
  /// columns, as every sentence of the app does.
  func test_aLongReplyAndALongREADME_keepTo72ColumnsPiped() throws {
    let paragraph = Array(repeating: "An index fund holds many shares at once.", count: 6).joined(separator: " ")
    let server = try makeServer { request in
      switch request.path {
      case "/v1beta/models/gemini-2.5-flash:generateContent":
        return .json(AssistantFixtures.geminiReply(paragraph))
      case "/repos/dtrupenn/Tetris/readme":
        return .json(GitHubFixtures.readme("# Tetris\n\n" + paragraph + "\n"))
      default:
        return nil
      }
    }

    let run = try run(
      register + ["explore", "search tetris", "open 1", "readme", "back", "ask", "Why?", "/back", "quit"],
      environment: gemini(server).merging(["COLUMNS": "160"]) { $1 })

    XCTAssertEqual(run.status, 0, run.stderr)
    let wrapped = "  An index fund holds many shares at once. An index fund holds many\n  shares at once."
    XCTAssertTrue(run.stdout.contains("assistant>\n" + wrapped), "the reply: \(run.stdout)")
    XCTAssertTrue(run.stdout.contains("README\n") && run.stdout.contains("\n\n" + wrapped), "the README: \(run.stdout)")
    for line in run.stdout.split(separator: "\n") where line.count > 72 {
      XCTAssertFalse(line.trimmingCharacters(in: .whitespaces).contains(" "), "a line of \(line.count): \(line)")
    }
  }

  func test_nothingConfigured_saysHowToConfigureOne_andSendsNothing() throws {
    let server = try makeServer()
    let run = try run(
      register + ["explore", "ask", "Hello?", "/quit"], environment: ["WAYFARER_GITHUB_URL": server.baseURL])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("GEMINI_API_KEY"), run.stdout)
    XCTAssertTrue(run.stdout.contains("WAYFARER_OPENAI_URL=http://localhost:11434/v1"), run.stdout)
    XCTAssertEqual(server.requests, [])
  }

  func test_anOpenAICompatibleServer_withoutAModelSet_usesTheFirstListed_namedFromTheStart() throws {
    let server = try makeLoopbackServer { request in
      switch (request.method, request.path) {
      case ("GET", "/v1/models"): return .json(AssistantFixtures.openAIModels)
      case ("POST", "/v1/chat/completions"):
        let body = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
        let count = (body["messages"] as? [[String: Any]])?.count ?? 0
        return .json(AssistantFixtures.openAIReply("Reply to \(count) messages."))
      default: return .json(AssistantFixtures.openAIUnknownModel, status: 404)
      }
    }

    let run = try run(
      register + ["explore", "ask", "Hi", "Again", "/quit"],
      environment: ["WAYFARER_OPENAI_URL": server.baseURL + "/v1"])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("\nAssistant · OpenAI-compatible server · llama3.2\n"), run.stdout)
    XCTAssertFalse(run.stdout.contains("the server's first model"), "drawn once, with the model: \(run.stdout)")
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "you> Hi\nassistant>\n  Reply to 2 messages.\n12 in · 7 out · 0.0 s\nyou> Again\n"
      ), run.stdout)
    XCTAssertTrue(
      run.stdout.contains("you> Again\nassistant>\n  Reply to 4 messages.\n12 in · 7 out · 0.0 s\n"), run.stdout)
    XCTAssertEqual(server.requests.map(\.path), ["/v1/models", "/v1/chat/completions", "/v1/chat/completions"])
    let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: server.requests[1].body) as? [String: Any])
    XCTAssertEqual(body["model"] as? String, "llama3.2")
    XCTAssertEqual(body["stream"] as? Bool, false, "off a terminal a reply comes whole")
    XCTAssertNil(body["stream_options"], "usage is asked for only of a stream (a whole reply carries it)")
  }

  func test_noServerAtTheOpenAIURL_saysSo() throws {
    let port = try LoopbackHTTPServer.refusingPort()
    let url = "http://127.0.0.1:\(port)/v1"
    let run = try run(
      register + ["explore", "ask", "Hi", "/quit"],
      environment: ["WAYFARER_OPENAI_URL": url, "WAYFARER_OPENAI_MODEL": "llama3.2"])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("x No server answers at \(url) — is it running?\n"), run.stdout)
  }

  func test_aPipedSessionGivesTheSameBytesEveryTime() throws {
    let server = try makeServer()
    let script = ["explore", "ask", "What is an index fund?", "/copy", "/new", "/list", "/quit"]
    let first = try run(register + script, environment: gemini(server))
    home.remove()
    home = try TemporaryDirectory("wayfarer-assistant-e2e")
    let second = try run(register + script, environment: gemini(server))
    XCTAssertEqual(first.stdout, second.stdout)
    XCTAssertTrue(first.stdout.contains("Answer **1**: an index fund holds many shares.\n"), "/copy: \(first.stdout)")
  }

  func test_bareWordsGetAHint_slashAskSendsOne_andSlashUsageTotalsTheConversation() throws {
    let server = try makeServer()

    let run = try run(
      register + ["explore", "ask", "help", "back", "exit", "/ask help", "/ask  back  ", "/usage", "/back", "quit"],
      environment: gemini(server))

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains(
        """
        - help is a command here: type /help; /ask help sends it.
        - back is a command here: /back leaves the chat; /ask back sends it.
        - exit is a command here: /quit leaves Wayfarer; /ask exit sends it.
        you> help
        assistant>
          Answer 1: an index fund holds many shares.
        5 in · 10 out · 0.0 s
        you> back
        assistant>
          Answer 2: an index fund holds many shares.
        5 in · 10 out · 0.0 s
        - 2 replies · 10 in · 20 out · 0.0 s


        """), run.stdout)
    XCTAssertEqual(
      server.requests.last.map(Self.turns),
      ["user: help", "model: Answer **1**: an index fund holds many shares.", "user: back"],
      "only what /ask sent reached the model, the word as typed")
    for line in run.stdout.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 72, String(line)) }
  }

  func test_slashModel_listsRefusesWithDidYouMean_andAConversationKeepsItsModelAcrossOpenAndRelaunch() throws {
    let server = try makeServer()

    let first = try run(
      register + [
        "explore", "ask", "/model", "/model gemini-2.5-pr", "/model gemini-2.5-pro", "Which model?", "/back", "quit",
      ], environment: gemini(server))

    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(
      first.stdout.contains(
        """
        - The models Gemini lists (* in use; /model NAME uses one):
          * gemini-2.5-flash
            gemini-2.5-pro
        x The server has no model 'gemini-2.5-pr'. Did you mean gemini-2.5-pro?
        ok Now using the model gemini-2.5-pro.

        """), first.stdout)
    XCTAssertTrue(first.stdout.contains("Assistant · Gemini · gemini-2.5-pro\n"), "the header, drawn again")
    XCTAssertEqual(
      server.requests.filter { $0.path.hasPrefix("/v1beta/") }.map(\.target),
      ["/v1beta/models?pageSize=1000", "/v1beta/models/gemini-2.5-pro:generateContent"],
      "the list asked for once; the question sent to the model chosen")

    let again = try run(
      ["explore", "ask", "/new", "/model gemini-2.5-flash", "/open 1", "And now?", "/quit"], environment: gemini(server)
    )
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertTrue(again.stdout.contains("Assistant · Gemini · gemini-2.5-pro\n"), again.stdout)
    XCTAssertEqual(
      server.requests.last?.path, "/v1beta/models/gemini-2.5-pro:generateContent", "/open went back to its model")
  }

  func test_clear_thenUndo_bringsTheConversationBack_acrossARelaunch() throws {
    let server = try makeServer()

    let first = try run(
      register + ["explore", "ask", "What is an index fund?", "/clear", "/list", "/undo", "/undo", "/back", "quit"],
      environment: gemini(server))
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertTrue(
      first.stdout.contains(
        """
        ok This conversation was deleted; /undo brings it back.
        """), first.stdout)
    XCTAssertTrue(first.stdout.contains("- You have no conversations yet.\n"), first.stdout)
    XCTAssertTrue(first.stdout.contains("ok “What is an index fund?” is back.\n"), first.stdout)
    XCTAssertTrue(first.stdout.contains("- There is nothing to undo.\n"), "once: \(first.stdout)")

    let again = try run(["explore", "ask", "/list", "/quit"], environment: gemini(server))
    XCTAssertTrue(again.stdout.contains("Resumed “What is an index fund?” (2 messages)"), again.stdout)
    XCTAssertTrue(again.stdout.contains("  1. What is an index fund?\n"), again.stdout)
  }

  func test_undo_bringsBackEveryClearedConversation_theLatestFirst_evenAfterLeavingTheChat() throws {
    let server = try makeServer()

    let run = try run(
      register + [
        "explore", "ask", "first convo", "/new", "second convo", "/clear", "/open 1", "/clear", "/back", "ask",
        "/undo", "/undo", "/undo", "/list", "/back", "quit",
      ], environment: gemini(server))

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains(
        """
        ok “first convo” is back. Type /undo again for “second convo”.
        """), run.stdout)
    XCTAssertTrue(run.stdout.contains("ok “second convo” is back.\n"), run.stdout)
    XCTAssertTrue(run.stdout.contains("- There is nothing to undo.\n"), "both came back: \(run.stdout)")
    XCTAssertTrue(run.stdout.contains("  1. second convo\n"), run.stdout)
    XCTAssertTrue(run.stdout.contains("  2. first convo\n"), "both are in the database again: \(run.stdout)")
  }

  func test_slashMulti_sendsTheLinesUntilEnd_asOneQuestion_andSlashEditNeedsATerminal() throws {
    let server = try makeServer()

    let run = try run(
      register + ["explore", "ask", "/multi", "Why does this fail?", "  let x = 1", "/end", "/edit", "/back", "quit"],
      environment: gemini(server))

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(
      run.stdout.contains(
        """
        - Type your question's lines; /end sends them, Ctrl-C drops them.
        you> Why does this fail?
               let x = 1
        assistant>
          Answer 1: an index fund holds many shares.
        5 in · 10 out · 0.0 s
        - /edit needs a terminal to run an editor in; /multi works anywhere.

        """), run.stdout)
    XCTAssertEqual(server.requests.last.map(Self.turns), ["user: Why does this fail?\n  let x = 1"])
  }
}
