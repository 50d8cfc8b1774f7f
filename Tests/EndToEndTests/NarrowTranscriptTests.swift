import Foundation
import TestSupport
import XCTest

/// Issue 21: a piped session at COLUMNS=40 through every tab and screen,
/// with help on each, keeps every line within 40 columns.
///
/// One exemption: a line that is a single web address (`https://…` alone
/// after its indent), which is never split so that it can be copied or
/// followed. Code needs none: it wraps in its box with a continuation mark.
/// Every character of this session's data is one column wide (no wide or
/// combining ones), so a line's width is its count of characters.
final class NarrowTranscriptTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-narrow-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  private static let readme = """
    # Tetris

    A *small* game, written long ago. The fork is at https://github.com/harborlights/tidewater-extremely-long-path for now.

    ```c
    int main(int argc, char **argv) { return run_the_whole_game_loop(argc, argv, DEFAULT_SPEED); }
    ```

    | Key | Action |
    |-----|--------|
    | left | move the falling piece one column to the left |
    """

  private static let reply = """
    Here is **how** to build it, in words long enough to wrap at forty columns.

    ```sh
    make tetris CFLAGS='-O2 -Wall -Wextra' && ./tetris --speed 3
    ```

    See https://example.com/a/very/long/address/that/cannot/be/split/anywhere for more.
    """

  /// GitHub with a repository whose name is longer than a narrow line, and
  /// an OpenAI-compatible server that lists two models and answers with
  /// code and a long address.
  private func makeServer() throws -> LoopbackHTTPServer {
    let description = "A C implementation of Tetris, with a description that runs on past forty columns"
    return try makeLoopbackServer { request in
      switch request.path {
      case "/v1/models":
        return .json(AssistantFixtures.openAIModels)
      case "/v1/chat/completions":
        return .json(AssistantFixtures.openAIReply(Self.reply))
      case "/search/repositories":
        let items =
          [GitHubFixtures.item("dtrupenn/Tetris", stars: 1_234, description: description)]
          + (2...3).map {
            GitHubFixtures.item("someone-with-a-long-name/tetris-clone-number-\($0)", description: description)
          }
        return .json(GitHubFixtures.search(total: 3, items: items))
      case "/repos/dtrupenn/Tetris":
        return .json(GitHubFixtures.tetris)
      case "/repos/dtrupenn/Tetris/readme":
        return .json(GitHubFixtures.readme(Self.readme))
      default:
        return .json(GitHubFixtures.notFound, status: 404)
      }
    }
  }

  private static let script = [
    "help", "login", "ada@example.com", "short", "wrong horse", "register", "Ada", "Lovelace", "ada@example.com",
    "correct horse",
    "correct horse",
    // Home: the list, a detail, the map, a filter, a city search.
    "help", "open 3", "help", "favorite", "back", "map", "filter sao", "help filter", "filter", "category tourism",
    "city lisbon", "city", "city Rivière-des-Prairies–Pointe-aux-Trembles", "city santa cruz de la sierra", "use 1",
    // Explore: search, a detail, its README, the chat about it, the chat of the tab.
    "explore", "help", "search tetris", "filter tet", "filter", "open 1", "help", "bookmark", "readme", "help",
    "close", "ask", "/help", "How do I build it?", "/list", "/model", "/model llama3", "/system", "/usage", "/back",
    "back", "ask", "/new", "Hello", "/list", "/back",
    // Bookmarks, Profile, Settings, About.
    "bookmarks", "help", "filter tet", "filter", "profile", "help", "toggle 1", "settings", "help", "back", "about",
    "help", "back", "debug memory", "logout", "help", "quit",
  ]

  func test_at40Columns_everyLineOfEveryScreenFits() throws {
    let server = try makeServer()

    let run = try WayfarerBinary.run(
      script: Self.script, home: home.path,
      environment: [
        "COLUMNS": "40", "WAYFARER_GITHUB_URL": server.baseURL, "WAYFARER_OPENAI_URL": server.baseURL + "/v1",
        "WAYFARER_OPENAI_MODEL": "llama3.2", "WAYFARER_FIXED_TIME": "2026-01-01T09:00:00Z", "PATH": "/usr/bin:/bin",
      ])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    // The session went where it was meant to: a script gone astray would fit too.
    for shown in [
      "Welcome > Log in", "Home > Theatro Municipal de São Paulo", "+ you are here", "Cities matching lisbon:",
      "README of dtrupenn/Tetris", "you> How do I build it?", "Assistant ·", "Profile > Settings", "Profile > About",
      "alive", "Logged out.", "Near Santa Cruz de la Sierra, Bolivia\n  · within 5 km",
    ] {
      XCTAssertTrue(out.contains(shown), "the session shows \(shown):\n\(out)")
    }
    let wide = (out + run.stderr).split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
      $0.element.count > 40 && !Self.isOneAddress($0.element)
    }
    XCTAssertEqual(
      wide.map { "\($0.offset + 1): \($0.element)" }, [], "lines wider than 40 columns:\n\(out)")
  }

  /// A line that is one web address and nothing else but its indent.
  private static func isOneAddress(_ line: Substring) -> Bool {
    let text = line.drop { $0 == " " }
    return (text.hasPrefix("https://") || text.hasPrefix("http://")) && !text.contains(" ")
  }
}
