import FeatureEnvironment
import Foundation
import Networking
import ServiceAccess
import TerminalNavigation
import TerminalText
import TestSupport
import XCTest

@testable import Explore

/// The chat as a person meets it: what reaches the terminal, on one and off
/// one, and what is released afterwards.
@MainActor
final class ChatScreenTests: XCTestCase {
  private static let terminal = RenderContext(
    width: 80,
    capabilities: TerminalCapabilities(
      inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true))

  private func makeSUT(_ answers: [ChatBackendSpy.Answer], store: ConversationsSpy = ConversationsSpy()) -> (
    ChatScreen, ChatBackendSpy
  ) {
    let backend = ChatBackendSpy()
    backend.answers = answers
    let screen = ChatScreen(
      viewModel: ChatViewModel(backends: [backend], store: store, subject: nil, now: { Date(timeIntervalSince1970: 0) })
    )
    trackForMemoryLeaks(screen)
    trackForMemoryLeaks(backend)
    return (screen, backend)
  }

  func test_hostileSequencesSplitAcrossPieces_neverReachTheTerminal() async {
    let (screen, _) = makeSUT([
      .pieces(["Hi \u{1B}]0;pwn", "ed\u{07} \u{1B}[3", "1mred\u{202E}x \u{1B}", "[2Jdone"])
    ])
    let console = ScriptedConsole(context: Self.terminal)

    await screen.receiveText("Hello", console: console)

    let written = console.partialOutput.joined()
    XCTAssertEqual(written, "Hi  redx done\n")
    for bad in ["\u{1B}", "\u{07}", "\u{202E}", "pwn"] { XCTAssertFalse(written.contains(bad), bad) }
  }

  /// A console gathers a reply's pieces until a wait: the reply's end
  /// flushes it, so its last line is not left for the next wait.
  func test_theReplysEnd_flushesTheConsole_afterItsLastPiece() async {
    let (screen, _) = makeSUT([.pieces(["Hello ", "there"])])
    let console = ScriptedConsole(context: Self.terminal)

    await screen.receiveText("Hello", console: console)

    XCTAssertEqual(console.partialOutput.joined(), "Hello there\n")
    XCTAssertEqual(console.partialOutputFlushed, console.partialOutput.count)
  }

  func test_offATerminal_eachReplyIsPrintedOnceWhole_renderedFromMarkdown() async {
    let (screen, _) = makeSUT([.pieces(["An **index** fund", " is a basket."])])
    let console = ScriptedConsole()

    await screen.receiveText("What is an index fund?", console: console)

    XCTAssertEqual(
      console.output, ["you> What is an index fund?", "assistant>", "  An index fund is a basket.", "0.0 s"],
      "the time under the reply (no tokens counted: the time alone)")
    XCTAssertEqual(console.partialOutput, [], "nothing streamed")
  }

  func test_anError_isOneSentence_afterWhatArrived() async {
    let (screen, _) = makeSUT([.failing([], .quotaUsedUp(backend: .gemini, retryAfter: 37))])
    let console = ScriptedConsole()
    await screen.receiveText("Hi", console: console)
    XCTAssertEqual(console.output, ["you> Hi", "x Gemini's quota is used up; try again in 37 s."])
  }

  func test_ctrlC_stopsTheReply_keepsWhatArrived_andMarksIt() async {
    let (screen, _) = makeSUT([.hanging(["Half a ", "reply"])])
    let console = ScriptedConsole(context: Self.terminal)
    let task = Task { await screen.receiveText("Tell me", console: console) }
    while console.partialOutput.count < 2 { await Task.yield() }
    task.cancel()
    await task.value

    XCTAssertEqual(console.partialOutput, ["Half a ", "reply", "\n"])
    XCTAssertEqual(console.output.last, "(stopped)")
    let drawn = screen.body(in: Self.terminal).map(\.plainText)
    XCTAssertEqual(
      Array(drawn.drop { $0 != "  Half a reply" }.prefix(2)), ["  Half a reply", "(stopped)"],
      "kept in the conversation, with the label it was given: \(drawn)")
    XCTAssertFalse(drawn.contains("(incomplete)"), "one label for a stopped reply: \(drawn)")
  }

  func test_aBareWordThatIsACommand_getsAHint_andSlashAskSendsItVerbatim() async {
    let (screen, backend) = makeSUT([.pieces(["Type help at any prompt."])])
    let console = ScriptedConsole()

    for word in ["help", "Back", "quit", "exit"] { await screen.receiveText(word, console: console) }
    XCTAssertEqual(
      console.output,
      [
        "- help is a command here: type /help; /ask help sends it.",
        "- back is a command here: /back leaves the chat; /ask back sends it.",
        "- quit is a command here: /quit leaves Wayfarer; /ask quit sends it.",
        "- exit is a command here: /quit leaves Wayfarer; /ask exit sends it.",
      ])
    XCTAssertEqual(backend.calls, [], "no word went to the model")

    console.clearOutput()
    await screen.commands.first { $0.name == "ask" }?.run(CommandInput(argumentText: "help", console: console))
    XCTAssertEqual(backend.prompts.map(\.turns), [[ChatTurn(role: .user, text: "help")]])
    XCTAssertEqual(console.output, ["you> help", "assistant>", "  Type help at any prompt.", "0.0 s"])
  }

  func test_theUsageLine_namesTokensInAndOut_andSlashUsageAddsThemUp() async {
    let (screen, backend) = makeSUT([.pieces(["One."]), .pieces(["Two."])])
    backend.usage = ChatUsage(promptTokens: 120, replyTokens: 150, totalTokens: 270)
    let console = ScriptedConsole()

    await screen.receiveText("First?", console: console)
    await screen.receiveText("Second?", console: console)
    await screen.commands.first { $0.name == "usage" }?.run(CommandInput(argumentText: "", console: console))

    XCTAssertEqual(
      console.output,
      [
        "you> First?", "assistant>", "  One.", "120 in · 150 out · 0.0 s", "you> Second?", "assistant>", "  Two.",
        "120 in · 150 out · 0.0 s", "- 2 replies · 240 in · 300 out · 0.0 s",
      ])
    let drawn = screen.body(in: .plain).map(\.plainText)
    XCTAssertEqual(drawn.filter { $0.hasSuffix(" s") }.count, 2, "each reply drawn again with its usage: \(drawn)")
  }

  /// On a terminal that moves its cursor, each block is drawn again,
  /// rendered, once the next has begun; the last when the reply ends.
  ///
  /// What was drawn rendered is never drawn again.
  func test_onATerminal_eachCompleteBlock_isDrawnAgainRendered_inPlace() async {
    let (screen, _) = makeSUT([
      .pieces(["# Ti", "tle\n\nSome **bo", "ld** text.\n", "\n- one\n- two\n\n```\ncode\n\nmore\n```\n\nEnd"])
    ])
    let console = ScriptedConsole(context: Self.terminal)
    console.replacesPartialText = true

    await screen.receiveText("Hello", console: console)

    let replaced = console.replacements.map(\.replaced)
    let drawn = console.replacements.map(\.lines)
    XCTAssertEqual(replaced.first, "# Title\n\nSome **bo", "the heading once the paragraph began")
    XCTAssertEqual(drawn.first?.first?.trimmingCharacters(in: .whitespaces), "Title")
    XCTAssertTrue(drawn.joined().contains { $0.contains("Some bold text.") }, "\(drawn)")
    XCTAssertFalse(drawn.joined().contains { $0.contains("**") }, "rendered, not raw: \(drawn)")
    XCTAssertTrue(
      drawn.contains { $0.contains { $0.contains("code") } && $0.contains { $0.contains("more") } },
      "a code fence with a blank line inside is one block: \(drawn)")
    XCTAssertEqual(drawn.last?.last?.trimmingCharacters(in: .whitespaces), "End", "the last block when it ends")
    XCTAssertEqual(replaced.last, "End", "drawn over as it came, no line left open")
  }

  func test_blocks_endAtBlankLinesOutsideFences_onceTheNextHasBegunUnindented() {
    func cut(_ text: String) -> String? {
      MarkdownBlocks.lastBoundary(in: text).map {
        String(text[..<$0.lowerBound]) + "|" + String(text[$0.upperBound...])
      }
    }
    XCTAssertNil(cut("One paragraph\n\n"), "the next block has not begun")
    XCTAssertEqual(cut("One\n\nTwo"), "One|Two")
    XCTAssertEqual(cut("One\n  \n\nTwo\n\nThr"), "One\n  \n\nTwo|Thr")
    XCTAssertNil(cut("- item\n\n  more of it"), "an indented line may belong to the item")
    XCTAssertNil(cut("```\na\n\nb"), "inside a fence")
    XCTAssertEqual(cut("```\na\n\nb\n```\n\nAfter"), "```\na\n\nb\n```|After")
    XCTAssertNil(cut(""))
  }

  func test_blocks_readAsTheTextGrows_cutWhereTheWholeIsCut() {
    let texts = [
      "# Title\n\nSome **bold** text.\n\n```\ncode\n\nmore\n```\n\n- item\n\n  more of it\n\nEnd",
      "One\n  \n\nTwo\n\nThr", "~~~\na\n\n~~~\n\n\tindented\n\nSão Paulo 東京\n\n🚀 done\n",
    ]
    for text in texts {
      var growing = MarkdownBlocks()
      var prefix = ""
      for character in text {
        prefix.append(character)
        let fresh = MarkdownBlocks.lastBoundary(in: prefix)
        XCTAssertEqual(growing.lastBoundary(in: prefix), fresh, "after \(prefix.debugDescription)")
      }
    }
  }

  func test_slashCopy_printsTheRawMarkdown_cleaned() async {
    let (screen, _) = makeSUT([.pieces(["# Title\n\n**bold**\u{1B}[31m"])])
    let console = ScriptedConsole()
    await screen.receiveText("Hi", console: console)
    console.clearOutput()
    await screen.commands.first { $0.name == "copy" }?.run(
      CommandInput(argumentText: "", console: console))
    XCTAssertEqual(console.output, ["# Title", "", "**bold**"])
  }

  private func run(_ name: String, on screen: ChatScreen, _ console: ScriptedConsole) async {
    await screen.commands.first { $0.name == name }?.run(CommandInput(argumentText: "", console: console))
  }

  func test_slashMulti_readsLinesUntilEnd_andSendsThemAsOneQuestion() async {
    let (screen, backend) = makeSUT([.pieces(["Both lines."])])
    let console = ScriptedConsole(input: ["def f():", "    return 1", "", " /end ", "not part of it"])

    await run("multi", on: screen, console)

    XCTAssertEqual(backend.prompts.map(\.turns), [[ChatTurn(role: .user, text: "def f():\n    return 1")]])
    XCTAssertEqual(
      console.requests,
      [
        .answer(prompt: "...> "), .answer(prompt: "...> "), .answer(prompt: "...> "),
        .answer(prompt: "...> "),
      ], "read until /end, no further")
    XCTAssertEqual(
      Array(console.output.prefix(3)),
      ["- Type your question's lines; /end sends them, Ctrl-C drops them.", "you> def f():", "         return 1"])
  }

  func test_slashMulti_droppedByCtrlC_orEmpty_sendsNothing() async {
    let (screen, backend) = makeSUT([])
    let cancelled = ScriptedConsole(input: ["half a thought"])
    await run("multi", on: screen, cancelled)
    let empty = ScriptedConsole(input: ["   ", "/end"])
    await run("multi", on: screen, empty)

    XCTAssertEqual(backend.calls, [])
    XCTAssertEqual(cancelled.output.last, "- The draft was dropped; nothing was sent.")
    XCTAssertEqual(empty.output.last, "- The draft is empty; nothing was sent.")
  }

  func test_slashEdit_sendsWhatWasSaved_andNothingOnAnEmptySaveAFailureOrOffATerminal() async {
    let (screen, backend) = makeSUT([.pieces(["Seen."])])
    let console = ScriptedConsole()
    console.editedDrafts = [
      .saved("From the editor\nwith two lines"), .empty, .failed(status: 3), .failed(status: nil),
    ]

    for _ in 0..<5 { await run("edit", on: screen, console) }

    XCTAssertEqual(backend.prompts.map(\.turns), [[ChatTurn(role: .user, text: "From the editor\nwith two lines")]])
    XCTAssertEqual(
      Array(console.output.suffix(4)),
      [
        "- The draft was saved empty; nothing was sent.", "- The editor exited with status 3; nothing was sent.",
        "- The editor was stopped; nothing was sent.",
        "- /edit needs a terminal to run an editor in; /multi works anywhere.",
      ])
  }

  /// Issue 21: piped at COLUMNS=40 the header ran to 47 columns and a
  /// `/list` row to 46; both break between their parts instead.
  func test_at40Columns_theHeaderAndListRows_fit_brokenBetweenTheirParts() async {
    let backend = ChatBackendSpy(.openai, model: "gemini-2.5-flash")
    let subject = ChatViewModel.Subject(name: "dtrupenn/Tetris") { "" }
    let screen = ChatScreen(
      viewModel: ChatViewModel(
        backends: [backend], store: ConversationsSpy(), subject: subject, now: { Date(timeIntervalSince1970: 0) }))
    trackForMemoryLeaks(screen)
    let narrow = RenderContext(width: 40, capabilities: .plain)
    let console = ScriptedConsole(context: narrow)

    await screen.receiveText("How do I build it?", console: console)
    console.clearOutput()
    await screen.commands.first { $0.name == "list" }?.run(CommandInput(argumentText: "", console: console))

    XCTAssertEqual(
      Array(screen.body(in: narrow).map(\.plainText).prefix(3)),
      ["About dtrupenn/Tetris ·", "OpenAI-compatible server ·", "gemini-2.5-flash"])
    XCTAssertEqual(
      console.output,
      [
        "  1. About dtrupenn/Tetris: How do I", "     build it?", "     1 Jan 1970 · gemini-2.5-flash ·",
        "     2 messages",
      ])
  }

  /// On a terminal a typed or pasted question stays at the prompt; one
  /// from the editor is shown under its marker, as the transcript shows it.
  func test_slashEdit_onATerminal_showsTheQuestionUnderItsMarker_beforeTheReply() async {
    let (screen, _) = makeSUT([.pieces(["Seen."])])
    let console = ScriptedConsole(context: Self.terminal)
    console.editedDrafts = [.saved("From the editor\nwith two lines")]

    await run("edit", on: screen, console)

    XCTAssertEqual(Array(console.output.prefix(3)), ["› From the editor", "  with two lines", "◆ assistant"])
  }

  func test_slashCopy_onATerminal_goesToTheClipboard_andIsPrintedUnwrapped() async {
    let long = String(repeating: "word ", count: 40) + "end"
    let (screen, _) = makeSUT([.pieces(["# Title\n\n" + long + "\u{1B}[31m"])])
    let console = ScriptedConsole(context: Self.terminal)
    console.copiesToClipboard = true
    await screen.receiveText("Hi", console: console)
    console.clearOutput()
    let before = console.partialOutput.count

    await screen.commands.first { $0.name == "copy" }?.run(CommandInput(argumentText: "", console: console))

    XCTAssertEqual(console.clipboard, ["# Title\n\n" + long], "cleaned, whole")
    XCTAssertEqual(console.partialOutput.count, before, "not streamed: what is streamed may be drawn over")
    XCTAssertEqual(
      Array(console.output.prefix(3)), ["# Title", "", long], "its 203-column line not broken at the terminal's 80")
    XCTAssertEqual(console.output.count, 4)
    XCTAssertTrue(
      console.output.last?.hasSuffix("Copied to the clipboard (the terminal may ask to allow it).") == true)

    let dumb = ScriptedConsole(context: Self.terminal)
    await screen.commands.first { $0.name == "copy" }?.run(CommandInput(argumentText: "", console: dumb))
    XCTAssertEqual(dumb.output, ["# Title", "", long], "no clipboard (TERM=dumb): printed, nothing said about one")
  }
}

/// The chat inside the Explore tab, over the real backends and a scripted
/// server: pushed by `ask`, released by `back`.
@MainActor
final class AssistantFlowTests: XCTestCase {
  nonisolated private static let types = [
    "ChatScreen", "ChatViewModel", "StreamedReply", "ExploreRouter", "AssistantFactory", "RepositoryDetailViewModel",
  ]

  func test_askFromTheRootAndFromARepository_thenBack_releasesEverything() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try await withPrivateLedger { ledger in
      func alive() -> [Int] { Self.types.map { ledger.row(for: $0)?.alive ?? 0 } }
      try await exercise(cache: directory.file("github"), alive: alive)
      XCTAssertEqual(alive(), [0, 0, 0, 0, 0, 0], "every screen, view model, router and reply of the chat is released")
    }
  }

  private func exercise(cache: String, alive: () -> [Int]) async throws {
    let github = HTTPClientStub()
    github.responses = [
      HTTPResponse(
        status: 200, body: Data(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("dtrupenn/Tetris")]).utf8)),
      HTTPResponse(status: 200, body: Data(GitHubFixtures.readme("# Tetris\n\nA *small* game.").utf8)),
    ]
    let models = ChatHTTPStub()
    models.answers = [
      .whole(status: 200, body: AssistantFixtures.geminiReply("Hello **there**.")),
      .whole(status: 200, body: AssistantFixtures.geminiReply("Run make.")),
    ]
    let conversations = ConversationsSpy()
    let tab = ExploreBuilder.build(
      dependencies: ExploreDependencies(
        github: GitHubAccess(baseURL: URL(string: "http://127.0.0.1:1")!, tokens: TokenSpy(nil)),
        bookmarks: BookmarksSpy(), flags: ExploreFlagsStub(), browser: nil,
        assistant: AssistantAccess(
          gemini: .init(
            baseURL: URL(string: "http://127.0.0.1:2")!, key: AssistantKey(value: "k", source: "GEMINI_API_KEY"),
            model: "gemini-2.5-flash"), openAI: nil),
        conversations: conversations),
      environment: Environment(
        now: { Date(timeIntervalSince1970: 1_800_000_000) },
        client: ServiceRouter(["127.0.0.1:1": github, "127.0.0.1:2": models]), cacheDirectory: cache))
    let stack = tab.stack
    let console = ScriptedConsole()

    await run("ask", on: stack, console: console)
    XCTAssertEqual(stack.path, ["explore", "ask"])
    let header = stack.visibleScreen.body(in: .plain).first?.plainText
    XCTAssertEqual(header, "Assistant · Gemini · gemini-2.5-flash")
    await stack.visibleScreen.receiveText("Hi", console: console)
    XCTAssertTrue(console.output.contains("  Hello there."), "\(console.output)")
    XCTAssertEqual(alive()[0...1], [1, 1])
    stack.pop()
    XCTAssertEqual(alive()[0...2], [0, 0, 0], "the chat is released once popped")

    await run("search tetris", on: stack, console: console)
    await run("open 1", on: stack, console: console)
    await run("readme", on: stack, console: console)
    await stack.visibleScreen.didAppear(console: console)
    await run("ask", on: stack, console: console)
    XCTAssertEqual(stack.path, ["explore", "repo", "ask"], "the README closes, the chat goes above the detail")
    XCTAssertEqual(stack.visibleScreen.title, "About dtrupenn/Tetris")
    await stack.visibleScreen.didAppear(console: console)
    await stack.visibleScreen.receiveText("How do I build it?", console: console)
    let system = ((models.body(1)["systemInstruction"] as? [String: Any])?["parts"] as? [[String: Any]])?.first?["text"]
    let context = try XCTUnwrap(system as? String)
    XCTAssertTrue(context.contains("The person is reading the GitHub repository dtrupenn/Tetris"), context)
    XCTAssertTrue(context.contains("A *small* game."), "the README goes with it: \(context)")
    XCTAssertEqual(github.requests.count, 2, "the README was read once, through the repository layer")
    XCTAssertEqual(try conversations.conversations().first?.subject, "dtrupenn/Tetris")
    stack.popToRoot()
  }
}
