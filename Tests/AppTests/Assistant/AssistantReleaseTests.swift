import DesignSystem
import Explore
import FeatureEnvironment
import Foundation
import Networking
import Passwords
import ServiceAccess
import Storage
import TerminalNavigation
import TerminalREPL
import TestSupport
import XCTest

@testable import App

/// The assistant's chat, opened and used inside the logged-in flow, is
/// released with everything else at logout.
@MainActor
final class AssistantReleaseTests: XCTestCase {
  /// Gemini answering every request with one reply, whole or as one event.
  private final class GeminiDouble: HTTPClient, HTTPStreaming {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      HTTPResponse(status: 200, body: Data(AssistantFixtures.geminiReply("Hello from Gemini.").utf8))
    }

    func stream(_ request: HTTPRequest) async throws -> HTTPStreamingResponse {
      let body = AsyncThrowingStream<Data, any Error> { continuation in
        for chunk in AssistantFixtures.geminiStream(["Hello ", "from Gemini."]) { continuation.yield(chunk) }
        continuation.finish()
      }
      return HTTPStreamingResponse(head: HTTPResponseHead(status: 200), body: body)
    }
  }

  func test_logout_releasesTheChatItsViewModelAndItsReplies() async throws {
    try await withPrivateLedger { ledger in
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let database = AppDatabase.at(directory.file("wayfarer.sqlite"))
      let session = InMemorySessionStore()
      let accounts = AccountStore(database: database, hasher: PasswordHasher(cost: .minimum))
      let services = AppServices(
        session: session, accounts: accounts, database: database,
        environment: Environment(client: GeminiDouble(), cacheDirectory: directory.file("cache")),
        explore: .assistantOnly(
          AssistantAccess(
            gemini: .init(
              baseURL: URL(string: "http://127.0.0.1:9")!, key: AssistantKey(value: "k", source: "GEMINI_API_KEY"),
              model: "gemini-2.5-flash"), openAI: nil)))
      let window = Window()
      let coordinator = AppCoordinator(window: window, services: services)
      let console = ScriptedConsole()
      let repl = REPL(window: window, console: console, chrome: NavigationChrome())
      let app = AppUnderTest(
        window: window, coordinator: coordinator, repl: repl, console: console, session: session, accounts: accounts,
        database: database, directory: directory)
      coordinator.start()
      await repl.settle()
      let before = aliveCounts(ledger)

      await app.register()
      await app.type("explore", "ask")
      await window.visibleScreen?.receiveText("Hi", console: console)
      XCTAssertTrue(console.output.contains("  Hello from Gemini."), console.transcript)
      let chatting = aliveCounts(ledger)
      XCTAssertEqual(chatting["ChatScreen"], 1)
      XCTAssertEqual(chatting["ChatViewModel"], 1)
      XCTAssertEqual(chatting["StreamedReply"] ?? 0, 0, "a reply's writer lives only while it is written")

      await app.type("profile", "logout")

      let after = aliveCounts(ledger)
      XCTAssertEqual(after["ChatScreen"] ?? 0, 0)
      XCTAssertEqual(after["ChatViewModel"] ?? 0, 0)
      XCTAssertEqual(after["AssistantFactory"] ?? 0, 0)
      XCTAssertEqual(differences(before, after), [:], "objects left alive after logout")
    }
  }
}
