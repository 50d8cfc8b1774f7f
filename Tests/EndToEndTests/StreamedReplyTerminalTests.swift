import Dispatch
import Foundation
import TestSupport
import XCTest

/// A streamed reply drawn again, rendered, in a real terminal, whatever
/// happens to the window meanwhile.
///
/// Resized under a long line, or outgrown by a code block taller than
/// it: what the scrollback holds in the end is the rendered reply, once.
final class StreamedReplyTerminalTests: XCTestCase {
  /// A reply sent in parts: after each part but the last the server waits
  /// until the test lets the next one go (it waits 20 s at most).
  private final class PartedReply: Sendable {
    let events: [Data]
    private let pauses: Set<Int>
    private let gate = DispatchSemaphore(value: 0)

    init(_ parts: [[String]]) {
      events = AssistantFixtures.geminiStream(parts.flatMap { $0 })
      pauses = Set(parts.dropLast().reduce(into: [Int]()) { ends, part in ends.append((ends.last ?? -1) + part.count) })
    }

    /// Called by the server once event `index` is sent.
    func sent(_ index: Int) {
      if pauses.contains(index) { _ = gate.wait(timeout: .now() + 20) }
    }

    func sendNextPart() {
      gate.signal()
    }
  }

  private func startChat(_ reply: PartedReply, columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
    let server = try makeGeminiServer { request in
      .eventStream(reply.events, intervalMicroseconds: 0, sent: reply.sent)
    }
    let home = try TemporaryDirectory("wayfarer-streamed-reply")
    addTeardownBlock { home.remove() }
    try WayfarerBinary.registerAda(home: home.path)
    let terminal = try TmuxSession.wayfarer(
      home: home.path, ["GEMINI_API_KEY": "AIzaStreamKey123", "WAYFARER_GEMINI_URL": server.baseURL],
      columns: columns, rows: rows)
    try terminal.answer("home>", with: "explore")
    try terminal.answer("explore>", with: "ask")
    try terminal.answer("explore/ask>", with: "Tell me")
    return terminal
  }

  /// Waits until `text` is on the screen, even broken over two rows.
  private func waitForWrapped(_ text: String, in terminal: TmuxSession) throws {
    try terminal.waitFor(text) { $0.replacingOccurrences(of: "\n", with: "").contains(text) }
  }

  /// Waits until the reply has ended, `last` its last words, and the
  /// prompt is back under it.
  private func waitForTheEnd(_ last: String, in terminal: TmuxSession) throws {
    try terminal.waitFor("\(last), then the prompt") { screen in
      screen.contains(last) && screen.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("explore/ask>")
    }
  }

  private func occurrences(of text: String, in screen: String) -> Int {
    screen.components(separatedBy: text).count - 1
  }

  private func fenceLines(in screen: String) -> [String] {
    screen.components(separatedBy: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("```") }
  }

  /// Widened, then narrowed, each time while the cursor is on a line the
  /// terminal wraps: the rest of the reply is still rendered (a resize
  /// under a wrapped line once left it raw, its ``` and ** showing).
  func test_resizedWhileALongLineStreams_theReplyIsStillRendered_once() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let words = { (range: ClosedRange<Int>) in range.map { " word\($0)" }.joined() }
    let reply = PartedReply([
      ["One long line:", words(1...20)],
      [words(21...40)],
      [
        words(41...60) + " end.\n\n", "Second **bold** paragraph.\n\n", "```python\n", "def f():\n",
        "    return 1\n", "```\n\n", "Last *line*.",
      ],
    ])
    let terminal = try startChat(reply)
    try waitForWrapped("word20", in: terminal)
    try terminal.resize(columns: 100, rows: 30)
    reply.sendNextPart()
    try waitForWrapped("word40", in: terminal)
    try terminal.resize(columns: 60, rows: 24)
    reply.sendNextPart()
    try waitForTheEnd("Last line.", in: terminal)

    let all = try terminal.scrollback()
    XCTAssertEqual(fenceLines(in: all), [], "the code block is drawn, not left as it came:\n\(all)")
    XCTAssertFalse(all.contains("**"), "bold drawn as bold:\n\(all)")
    XCTAssertTrue(all.contains("┌─ python"), all)
    XCTAssertTrue(all.contains("Second bold paragraph."), all)
    XCTAssertEqual(occurrences(of: "word33 ", in: all), 1, "the long line, once:\n\(all)")
    try terminal.answer("explore/ask>", with: "/quit")
    try terminal.waitFor("EXITED:0")
  }

  /// A code block taller than the window (40 lines in 23 rows): while it
  /// streams in, its raw lines never reach the scrollback, so once drawn
  /// in its box it is there once (its top half was once in the scrollback
  /// twice, raw and in the box).
  func test_aCodeBlockTallerThanTheWindow_isInTheScrollbackOnce_inItsBox() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let code = (1...40).map { "step(\($0))\n" }
    let reply = PartedReply([
      ["Here is code:\n\n", "```python\n"] + code.prefix(30),
      Array(code.dropFirst(30)) + ["```\n\n", "After the **code**."],
    ])
    let terminal = try startChat(reply)
    // Half-way, the block is on the screen as it came, its newest lines.
    try terminal.waitFor("step(30)")
    let halfWay = try terminal.scrollback()
    XCTAssertEqual(occurrences(of: "step(1)", in: halfWay), 0, "its first lines are not kept:\n\(halfWay)")
    reply.sendNextPart()
    try waitForTheEnd("After the code.", in: terminal)

    let all = try terminal.scrollback()
    XCTAssertEqual(fenceLines(in: all), [], all)
    XCTAssertTrue(all.contains("┌─ python"), all)
    for line in [1, 2, 17, 30, 40] {
      XCTAssertEqual(occurrences(of: "step(\(line))", in: all), 1, "line \(line), once:\n\(all)")
      XCTAssertTrue(all.contains("│ step(\(line))"), "in the box:\n\(all)")
    }
    XCTAssertTrue(all.contains("After the code."), all)
    try terminal.answer("explore/ask>", with: "/quit")
    try terminal.waitFor("EXITED:0")
  }

  /// A window made lower under a tall block pushes its top rows into the
  /// scrollback, out of reach; what streams in after is drawn over from
  /// the second row, never cleared from the top-left corner, which tmux
  /// takes as clearing the screen into the scrollback (each redraw once
  /// left a whole screen of raw lines there).
  func test_aWindowMadeLowerUnderATallBlock_leavesNoCopyOfWhatCameAfter() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let code = (1...40).map { "step(\($0))\n" }
    let reply = PartedReply([
      ["Here is code:\n\n", "```python\n"] + code.prefix(30), Array(code.dropFirst(30)) + ["```\n\nDone."],
    ])
    let terminal = try startChat(reply)
    try terminal.waitFor("step(30)")
    try terminal.resize(columns: 80, rows: 20)
    reply.sendNextPart()
    try waitForTheEnd("Done.", in: terminal)

    let all = try terminal.scrollback()
    for line in 25...40 {
      XCTAssertEqual(occurrences(of: "step(\(line))", in: all), 1, "line \(line), once:\n\(all)")
    }
    XCTAssertTrue(all.contains("│ step(40)"), all)
    try terminal.answer("explore/ask>", with: "/quit")
    try terminal.waitFor("EXITED:0")
  }
}
