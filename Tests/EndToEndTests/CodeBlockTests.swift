import Foundation
import TestSupport
import XCTest

/// Code in an assistant's reply through the built binary: on a real
/// terminal (tmux) highlighted by kind, plain under NO_COLOR and wrapped
/// (never cut) in a narrow window; piped, plain ASCII with no escape code.
final class CodeBlockTests: XCTestCase {
  private let escape = "\u{1B}"

  /// Asks the assistant one question in a tmux terminal and returns the
  /// screen, with its SGR sequences, once the reply is drawn.
  private func replyScreen(extraEnvironment: [String: String] = [:], columns: Int = 100) throws -> String {
    let pieces = [
      "Like this:\n\n```swift\n", "@MainActor func greet() -> String {\n",
      "  return \"hi\" // a greeting that is long enough to wrap in a narrow window\n", "}\n```\n",
    ]
    let server = try makeGeminiServer { request in
      return .chunks(AssistantFixtures.geminiStream(pieces), intervalMilliseconds: 20)
    }
    let home = try TemporaryDirectory("wayfarer-code-tty")
    defer { home.remove() }
    try WayfarerBinary.registerAda(home: home.path)
    let terminal = try TmuxSession.wayfarer(
      home: home.path,
      [
        "GEMINI_API_KEY": "AIzaTmuxKey", "WAYFARER_GEMINI_URL": server.baseURL,
      ].merging(extraEnvironment) { $1 },
      columns: columns)
    try terminal.waitFor("home>")
    try terminal.answer("home>", with: "explore")
    try terminal.answer("explore>", with: "ask")
    try terminal.answer("explore/ask>", with: "How do I greet?")
    try terminal.waitFor("explore/ask>", count: 2, timeout: 10)
    let screen = try terminal.styledScreen()
    try terminal.answer("explore/ask>", with: "/quit")
    try terminal.waitFor("EXITED:0")
    return screen
  }

  /// The screen's line holding `text`.
  private func line(containing text: String, in screen: String) throws -> String {
    try XCTUnwrap(screen.components(separatedBy: "\n").first { $0.contains(text) }, screen)
  }

  func test_codeInAReply_isHighlightedByKind_onATerminal() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let screen = try replyScreen()
    let declaration = try line(containing: "MainActor", in: screen)
    // Keywords bold magenta, types cyan, strings green, comments grey:
    // each token starts with its own colour (tmux writes each attribute
    // as a sequence of its own).
    XCTAssertTrue(declaration.contains("35mfunc"), declaration.debugDescription)
    XCTAssertTrue(declaration.contains("36mString"), declaration.debugDescription)
    let body = try line(containing: "return", in: screen)
    XCTAssertTrue(body.contains("32m\"hi\""), body.debugDescription)
    XCTAssertTrue(body.contains("90m// a greeting"), body.debugDescription)
  }

  func test_codeInAReply_isPlainUnderNoColor_andWrapsInANarrowWindow() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let screen = try replyScreen(extraEnvironment: ["NO_COLOR": "1"], columns: 60)
    XCTAssertFalse(screen.contains(escape), "NO_COLOR: no colour at all\n\(screen)")
    // The comment wraps at the box's edge with a mark; nothing is cut.
    let body = try line(containing: "return", in: screen)
    XCTAssertTrue(body.hasSuffix("↪ │"), body)
    XCTAssertFalse(screen.components(separatedBy: "\n").contains { $0.contains("│") && $0.contains("…") }, screen)
    // Its parts, joined back, are the whole line.
    let parts = screen.components(separatedBy: "\n").filter { $0.contains("│") }
      .map { $0.trimmingCharacters(in: .whitespaces).dropFirst(2).dropLast(2) }
      .map { $0.hasSuffix("↪") ? String($0.dropLast()) : $0.trimmingCharacters(in: .whitespaces) }
    XCTAssertTrue(
      parts.joined().contains("// a greeting that is long enough to wrap in a narrow window"), parts.joined())
  }

  func test_codeInAPipedReply_getsNoEscapeCodes_andWrapsWithABackslash() throws {
    let reply =
      "Like this:\n\n```swift\n@MainActor func greet() -> String {\n"
      + "  return \"hi\" // a greeting that is long enough to wrap at the width of a pipe\n}\n```\n"
    let server = try makeGeminiServer { request in
      return .json(AssistantFixtures.geminiReply(reply))
    }
    let home = try TemporaryDirectory("wayfarer-code-piped")
    defer { home.remove() }
    try WayfarerBinary.registerAda(home: home.path)
    let run = try WayfarerBinary.run(
      script: ["explore", "ask", "How do I greet?", "/back", "quit"], home: home.path,
      environment: ["GEMINI_API_KEY": "AIzaPipedKey", "WAYFARER_GEMINI_URL": server.baseURL])
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertFalse(run.stdout.contains(escape), run.stdout)
    XCTAssertTrue(run.stdout.contains("  | @MainActor func greet() -> String {"), run.stdout)
    XCTAssertTrue(
      run.stdout.contains("  |   return \"hi\" // a greeting that is long enough to wrap at the wi\\ |\n"),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("  | dth of a pipe     "), run.stdout)
    XCTAssertFalse(run.stdout.split(separator: "\n").contains { $0.count > 72 }, "a transcript's width: \(run.stdout)")
  }
}
