import ExploreContracts
import Foundation
import TerminalText
import TestSupport
import XCTest

@testable import Explore

@MainActor
final class ChatViewModelTests: XCTestCase {
  private func makeSUT(
    backends: [ChatBackendSpy] = [ChatBackendSpy()], store: ConversationsSpy = ConversationsSpy(),
    subject: ChatViewModel.Subject? = nil, turnBudget: Int = 60_000
  ) -> (ChatViewModel, [ChatBackendSpy], ConversationsSpy) {
    let viewModel = ChatViewModel(
      backends: backends, store: store, subject: subject, turnBudget: turnBudget,
      now: { Date(timeIntervalSince1970: 1_800_000_000) })
    trackForMemoryLeaks(viewModel)
    trackForMemoryLeaks(store)
    for backend in backends { trackForMemoryLeaks(backend) }
    return (viewModel, backends, store)
  }

  private func ask(_ viewModel: ChatViewModel, _ text: String, streaming: Bool = false) async -> (
    ChatViewModel.Outcome, [String]
  ) {
    var pieces: [String] = []
    let outcome = await viewModel.send(text, streaming: streaming) { pieces.append($0) }
    return (outcome, pieces)
  }

  /// A streamed piece holds every event of a chunk: the reply's limit cuts
  /// inside it, so what is shown is what is kept, whole or stopped.
  func test_aReplyOverTheLimit_isShownAsKept_cutInsideThePiece() async throws {
    let (viewModel, backends, _) = makeSUT()
    let first = String(repeating: "a", count: maximumReplyCharacters - 3)
    backends[0].answers = [
      .pieces([first, "bcdef", "more"]), .failing([first, "bcdef", "more"], .cutOff(backend: .gemini)),
    ]

    let (whole, wholePieces) = await ask(viewModel, "Long?", streaming: true)
    let (broken, brokenPieces) = await ask(viewModel, "Again?", streaming: true)

    let kept = first + "bcd"
    XCTAssertEqual(wholePieces.joined(), kept)
    XCTAssertEqual(whole.reply, .answered(kept))
    XCTAssertTrue(whole.replyCut)
    XCTAssertEqual(brokenPieces.joined(), kept)
    XCTAssertEqual(broken.reply, .failed(.cutOff(backend: .gemini), partial: kept))
  }

  func test_twoTurns_sendTheSystemPromptThenTheWholeConversation_andKeepIt() async throws {
    let (viewModel, backends, store) = makeSUT()
    backends[0].answers = [.pieces(["A basket ", "of shares."]), .pieces(["One you trade."])]

    let (first, pieces) = await ask(viewModel, "What is an index fund?", streaming: true)
    let (second, _) = await ask(viewModel, "And an ETF?")

    XCTAssertEqual(
      first,
      ChatViewModel.Outcome(
        reply: .answered("A basket of shares."),
        usage: ReplyUsage(promptTokens: nil, replyTokens: nil, seconds: 0)))
    XCTAssertEqual(second.reply, .answered("One you trade."))
    XCTAssertEqual(pieces, ["A basket ", "of shares."])
    XCTAssertEqual(
      backends[0].calls,
      [
        .send(
          ChatPrompt(
            system: ChatViewModel.defaultSystemPrompt, turns: [ChatTurn(role: .user, text: "What is an index fund?")]),
          model: "gemini-2.5-flash", streaming: true),
        .send(
          ChatPrompt(
            system: ChatViewModel.defaultSystemPrompt,
            turns: [
              ChatTurn(role: .user, text: "What is an index fund?"),
              ChatTurn(role: .assistant, text: "A basket of shares."), ChatTurn(role: .user, text: "And an ETF?"),
            ]), model: "gemini-2.5-flash", streaming: false),
      ])
    let id = try XCTUnwrap(viewModel.conversationID)
    let stored = try XCTUnwrap(try store.conversation(id))
    XCTAssertEqual(stored.summary.title, "What is an index fund?")
    XCTAssertEqual(
      stored.messages.map { "\($0.role.rawValue): \($0.text) [\($0.backend)/\($0.model)]" },
      [
        "user: What is an index fund? [gemini/gemini-2.5-flash]",
        "assistant: A basket of shares. [gemini/gemini-2.5-flash]", "user: And an ETF? [gemini/gemini-2.5-flash]",
        "assistant: One you trade. [gemini/gemini-2.5-flash]",
      ])
  }

  func test_stoppingAReply_keepsWhatArrived_markedPartial_andInTheNextRequest() async throws {
    let (viewModel, backends, store) = makeSUT()
    backends[0].answers = [.hanging(["Half ", "a reply"]), .pieces(["Go on."])]
    var pieces: [String] = []
    let task = Task { await viewModel.send("Tell me", streaming: true) { pieces.append($0) } }
    while pieces.count < 2 { await Task.yield() }
    task.cancel()
    let outcome = await task.value

    XCTAssertEqual(outcome.reply, .stopped(partial: "Half a reply"))
    let id = try XCTUnwrap(viewModel.conversationID)
    XCTAssertEqual(try store.conversation(id)?.messages.last?.isPartial, true)
    XCTAssertEqual(try store.conversation(id)?.messages.last?.wasStopped, true, "stopped, not cut off")
    XCTAssertEqual(try store.conversation(id)?.messages.last?.text, "Half a reply")
    _ = await ask(viewModel, "More")
    XCTAssertEqual(
      backends[0].prompts.last?.turns.map(\.text), ["Tell me", "Half a reply", "More"],
      "the stopped reply stays in the conversation")
  }

  func test_anError_keepsTheConversation_andThePartialText() async throws {
    let (viewModel, backends, store) = makeSUT()
    backends[0].answers = [
      .failing([], .overloaded(backend: .gemini)), .failing(["Cut "], .cutOff(backend: .gemini)), .pieces(["Fine."]),
    ]
    let (overloaded, _) = await ask(viewModel, "First")
    let (cut, _) = await ask(viewModel, "Second")
    let (fine, _) = await ask(viewModel, "Third")

    XCTAssertEqual(overloaded.reply, .failed(.overloaded(backend: .gemini), partial: ""))
    XCTAssertEqual(cut.reply, .failed(.cutOff(backend: .gemini), partial: "Cut "))
    XCTAssertEqual(fine.reply, .answered("Fine."))
    XCTAssertEqual(
      backends[0].prompts.last?.turns.map(\.text), ["Second", "Cut ", "Third"],
      "a question left without a reply is not sent again: the turns alternate")
    let id = try XCTUnwrap(viewModel.conversationID)
    XCTAssertEqual(try store.conversation(id)?.messages.map(\.isPartial), [false, false, true, false, false])
    XCTAssertEqual(
      try store.conversation(id)?.messages.map(\.wasStopped), [false, false, false, false, false],
      "a reply cut off was not stopped")
  }

  func test_aReply_keepsItsTokensAndTime_byTheInjectedClock_andUsageAddsTheConversationUp() async throws {
    let clock = StepClock(step: 3.25)
    let store = ConversationsSpy()
    let backend = ChatBackendSpy()
    let viewModel = ChatViewModel(backends: [backend], store: store, subject: nil, now: clock.now)
    trackForMemoryLeaks(viewModel)
    backend.answers = [.pieces(["One."]), .pieces(["Two."]), .pieces(["Three."])]
    backend.usage = ChatUsage(promptTokens: 120, replyTokens: 150, totalTokens: 270)

    let (first, _) = await ask(viewModel, "First")
    backend.usage = ChatUsage(promptTokens: -5, replyTokens: .max, totalTokens: nil)
    _ = await ask(viewModel, "Second")
    backend.usage = nil
    let (third, _) = await ask(viewModel, "Third")

    XCTAssertEqual(first.usage, ReplyUsage(promptTokens: 120, replyTokens: 150, seconds: 3.25))
    XCTAssertEqual(third.usage, ReplyUsage(promptTokens: nil, replyTokens: nil, seconds: 3.25))
    let id = try XCTUnwrap(viewModel.conversationID)
    XCTAssertEqual(
      try store.conversation(id)?.messages.map(\.usage),
      [
        nil, ReplyUsage(promptTokens: 120, replyTokens: 150, seconds: 3.25), nil,
        ReplyUsage(promptTokens: nil, replyTokens: .max, seconds: 3.25), nil,
        ReplyUsage(promptTokens: nil, replyTokens: nil, seconds: 3.25),
      ], "a count below zero is no count")
    XCTAssertEqual(
      viewModel.usageTotals,
      UsageTotals(replies: 3, repliesUncounted: 1, promptTokens: 120, replyTokens: .max, seconds: 9.75),
      "a huge count saturates instead of trapping")
    XCTAssertEqual(
      AssistantWording.usageTotals(viewModel.usageTotals),
      "3 replies · 120 in · \(Int.max) out · 9.8 s (1 without token counts)")
    viewModel.startNew()
    XCTAssertEqual(
      AssistantWording.usageTotals(viewModel.usageTotals), "No reply in this conversation has its usage kept yet.")
  }

  func test_newListOpenClear() async throws {
    let (viewModel, backends, store) = makeSUT()
    backends[0].answers = [.pieces(["One."]), .pieces(["Two."])]
    _ = await ask(viewModel, "First question")
    let firstID = viewModel.conversationID
    viewModel.startNew()
    XCTAssertEqual(viewModel.messages, [])
    _ = await ask(viewModel, "Second question")
    XCTAssertEqual(backends[0].prompts.last?.turns.map(\.text), ["Second question"], "a new conversation starts empty")

    guard case .some(let listed) = viewModel.list() else { return XCTFail("two conversations") }
    XCTAssertEqual(listed.map(\.title), ["Second question", "First question"])
    XCTAssertEqual(viewModel.open(2), .opened(title: "First question"))
    XCTAssertEqual(viewModel.conversationID, firstID)
    XCTAssertEqual(viewModel.messages.map(\.text), ["First question", "One."])
    XCTAssertEqual(viewModel.open(3), .noSuchNumber(count: 2))
    XCTAssertEqual(viewModel.open(nil), .noSuchNumber(count: 2))

    XCTAssertEqual(viewModel.clear(), .cleared)
    XCTAssertEqual(viewModel.messages, [])
    XCTAssertEqual(try store.conversations().map(\.title), ["Second question"], "deleted from the store too")
    XCTAssertEqual(viewModel.clear(), .nothingToClear)
    XCTAssertEqual(listed.map(\.messageCount), [2, 2])
    XCTAssertEqual(listed.map(\.model), ["gemini-2.5-flash", "gemini-2.5-flash"])
  }

  func test_undo_bringsTheClearedConversationBack_whole_once() async throws {
    let (viewModel, backends, store) = makeSUT()
    backends[0].answers = [.pieces(["One."]), .hanging(["Half"]), .pieces(["Three."])]
    _ = await ask(viewModel, "First question")
    var pieces = 0
    let task = Task { await viewModel.send("Second", streaming: true) { _ in pieces += 1 } }
    while pieces < 1 { await Task.yield() }
    task.cancel()
    _ = await task.value
    XCTAssertNil(viewModel.setSystemPrompt("Be brief."))
    XCTAssertEqual(viewModel.undoClear(), .nothingToUndo, "nothing was cleared yet")

    XCTAssertEqual(viewModel.clear(), .cleared)
    XCTAssertEqual(try store.conversations(), [])
    XCTAssertEqual(viewModel.undoClear(), .restored(title: "First question", next: nil))

    XCTAssertEqual(viewModel.messages.map(\.text), ["First question", "One.", "Second", "Half"])
    XCTAssertEqual(viewModel.messages.map(\.wasStopped), [false, false, false, true], "still stopped")
    XCTAssertEqual(viewModel.customSystemPrompt, "Be brief.")
    XCTAssertEqual(try store.conversations().map(\.title), ["First question"], "stored again")
    XCTAssertEqual(viewModel.undoClear(), .nothingToUndo, "once")
    _ = await ask(viewModel, "Third")
    XCTAssertEqual(
      backends[0].prompts.last?.turns.map(\.text), ["First question", "One.", "Second", "Half", "Third"],
      "the conversation goes on where it was")
  }

  func test_undo_bringsBackEveryClearedConversation_theLatestFirst() async throws {
    let (viewModel, backends, store) = makeSUT()
    backends[0].answers = [.pieces(["One."]), .pieces(["Two."])]
    _ = await ask(viewModel, "first convo")
    viewModel.startNew()
    _ = await ask(viewModel, "second convo")
    XCTAssertEqual(viewModel.clear(), .cleared)
    XCTAssertEqual(viewModel.open(1), .opened(title: "first convo"))
    XCTAssertEqual(viewModel.clear(), .cleared)
    XCTAssertEqual(try store.conversations(), [])

    XCTAssertEqual(viewModel.undoClear(), .restored(title: "first convo", next: "second convo"))
    XCTAssertEqual(viewModel.undoClear(), .restored(title: "second convo", next: nil))

    XCTAssertEqual(viewModel.messages.map(\.text), ["second convo", "Two."])
    XCTAssertEqual(try store.conversations().map(\.title).sorted(), ["first convo", "second convo"])
    XCTAssertEqual(viewModel.undoClear(), .nothingToUndo)
  }

  func test_undo_reachesAConversationAnotherChatOfTheTabCleared_andKeepsAtMostItsDepth() async throws {
    let store = ConversationsSpy()
    let cleared = ClearedConversations()
    for number in 0...ClearedConversations.depth {
      _ = try store.createConversation(title: "chat \(number)", subject: nil, context: nil, systemPrompt: nil)
    }
    do {
      let closed = ChatViewModel(backends: [], store: store, subject: nil, now: { Date() }, cleared: cleared)
      for _ in 0...ClearedConversations.depth {
        XCTAssertEqual(closed.open(1), .opened(title: try XCTUnwrap(store.conversations().first).title))
        XCTAssertEqual(closed.clear(), .cleared)
      }
    }
    let later = ChatViewModel(backends: [], store: store, subject: nil, now: { Date() }, cleared: cleared)
    trackForMemoryLeaks(later)

    var restored: [String] = []
    while case .restored(let title, _) = later.undoClear() { restored.append(title) }

    XCTAssertEqual(restored.count, ClearedConversations.depth, "the oldest went past the depth")
    XCTAssertEqual(Set(restored).count, ClearedConversations.depth)
    XCTAssertEqual(try store.conversations().count, ClearedConversations.depth)
  }

  func test_reopening_resumesTheLastConversation() async throws {
    let store = ConversationsSpy()
    do {
      let (viewModel, backends, _) = makeSUT(store: store)
      backends[0].answers = [.pieces(["One."])]
      _ = await ask(viewModel, "Remember me")
    }
    let (reopened, _, _) = makeSUT(store: store)
    XCTAssertEqual(reopened.messages.map(\.text), ["Remember me", "One."])
    XCTAssertEqual(reopened.currentTitle, "Remember me")
  }

  func test_aLongConversation_leavesOutItsOldestTurns_andSaysSoOnce() async throws {
    let (viewModel, backends, store) = makeSUT(turnBudget: 20)
    backends[0].answers = [.pieces(["0123456789"]), .pieces(["abcdefghij"]), .pieces(["ok"])]
    let (first, _) = await ask(viewModel, "first")
    let (second, _) = await ask(viewModel, "second")
    let (third, _) = await ask(viewModel, "third")

    XCTAssertFalse(first.leftOutForBudget)
    XCTAssertTrue(second.leftOutForBudget)
    XCTAssertFalse(third.leftOutForBudget, "told once")
    XCTAssertEqual(
      backends[0].prompts[1].turns.map(\.text), ["second"], "a reply whose question was left out goes with it")
    XCTAssertEqual(backends[0].prompts[2].turns.map(\.text), ["third"])
    for prompt in backends[0].prompts { XCTAssertEqual(prompt.turns.first?.role, .user) }
    XCTAssertEqual(try store.conversation(try XCTUnwrap(viewModel.conversationID))?.messages.count, 6, "none deleted")
  }

  func test_aRepositoryConversation_sendsItsContextWithTheSystemPrompt() async throws {
    var asked = 0
    let subject = ChatViewModel.Subject(name: "dtrupenn/Tetris") {
      asked += 1
      return "The person is reading dtrupenn/Tetris."
    }
    let (viewModel, backends, store) = makeSUT(subject: subject)
    XCTAssertTrue(viewModel.needsContext)
    await viewModel.prepareContext()
    _ = await ask(viewModel, "How do I build it?")
    _ = await ask(viewModel, "Thanks")

    XCTAssertEqual(asked, 1, "the context is fetched once")
    XCTAssertEqual(
      backends[0].prompts.first?.system,
      ChatViewModel.defaultSystemPrompt + "\n\nThe person is reading dtrupenn/Tetris.")
    let summary = try XCTUnwrap(try store.conversations().first)
    XCTAssertEqual(summary.subject, "dtrupenn/Tetris")
    XCTAssertEqual(try store.conversation(summary.id)?.context, "The person is reading dtrupenn/Tetris.")
  }

  /// The general chat that resumed a repository's conversation is general
  /// again after `/new`.
  func test_new_afterResumingARepositorysConversation_isGeneralAgain() async throws {
    let store = ConversationsSpy()
    let about = ChatViewModel(
      backends: [ChatBackendSpy()], store: store, subject: .init(name: "dtrupenn/Tetris") { "README" },
      now: { Date(timeIntervalSince1970: 1_800_000_000) })
    _ = await ask(about, "How do I build it?")
    let backend = ChatBackendSpy()
    let (general, _, _) = makeSUT(backends: [backend], store: store)
    XCTAssertEqual(general.subject, "dtrupenn/Tetris", "the last conversation is resumed")

    general.startNew()
    _ = await ask(general, "What is Swift?")

    XCTAssertNil(general.subject)
    XCTAssertEqual(backend.prompts.last?.system, ChatViewModel.defaultSystemPrompt, "no README goes with it")
    XCTAssertEqual(try store.conversations().first?.subject, nil)
  }

  /// Two Wayfarers asking in one conversation at once: each question is
  /// stored when it is sent and each reply after its own question, so
  /// neither's reply falls between the other's question and reply.
  func test_twoAskingAtOnceInOneConversation_storeWholeExchanges() async throws {
    let store = ConversationsSpy()
    let first = ChatBackendSpy()
    first.answers = [.pieces(["Hello."]), .hanging(["Half of A"])]
    let (a, _, _) = makeSUT(backends: [first], store: store)
    _ = await ask(a, "Hi")
    let second = ChatBackendSpy()
    second.answers = [.pieces(["Reply to B."])]
    let (b, _, _) = makeSUT(backends: [second], store: store)
    XCTAssertEqual(b.conversationID, a.conversationID, "both in the same conversation")

    var arrived = false
    let asking = Task { await a.send("Question A", streaming: true) { _ in arrived = true } }
    while !arrived { await Task.yield() }
    _ = await ask(b, "Question B")
    asking.cancel()
    _ = await asking.value

    let stored = try XCTUnwrap(store.conversation(try XCTUnwrap(a.conversationID))).messages.map(\.text)
    XCTAssertEqual(stored, ["Hi", "Hello.", "Question A", "Half of A", "Question B", "Reply to B."])
    XCTAssertEqual(
      a.messages.map(\.text), ["Hi", "Hello.", "Question A", "Half of A"], "A has not read again since it asked")
    _ = await ask(a, "And now?")
    XCTAssertEqual(
      a.messages.map(\.text).prefix(6), ["Hi", "Hello.", "Question A", "Half of A", "Question B", "Reply to B."],
      "A reads what B stored while A's reply came, each in its place")
  }

  /// A turn reads only what was stored since the last read: its cost does
  /// not grow with the conversation (5,000 turns once took 184 s).
  func test_eachTurn_readsOnlyWhatChanged() async throws {
    let store = ConversationsSpy()
    let backend = ChatBackendSpy()
    backend.answers = Array(repeating: .pieces(["Fine."]), count: 40)
    let (viewModel, _, _) = makeSUT(backends: [backend], store: store)

    for turn in 1...40 { _ = await ask(viewModel, "Question \(turn)?") }

    XCTAssertEqual(viewModel.messages.count, 80)
    XCTAssertEqual(store.reads.count, 39, "one read a turn after the first")
    XCTAssertEqual(Set(store.reads), [2], "each read brings back the last question and reply, nothing older")
  }

  /// The question is in the store before the request goes, so a Wayfarer
  /// killed (SIGKILL) while the reply comes still has it after a relaunch.
  func test_theQuestion_isStoredBeforeItIsSent() async throws {
    let store = ConversationsSpy()
    let backend = ChatBackendSpy()
    backend.answers = [.hanging(["Half"])]
    let (viewModel, _, _) = makeSUT(backends: [backend], store: store)

    var arrived = false
    let asking = Task { await viewModel.send("Survive me?", streaming: true) { _ in arrived = true } }
    while !arrived { await Task.yield() }
    let id = try XCTUnwrap(viewModel.conversationID)
    XCTAssertEqual(try store.conversation(id)?.messages.map(\.text), ["Survive me?"], "stored while the reply comes")
    asking.cancel()
    _ = await asking.value
    XCTAssertEqual(try store.conversation(id)?.messages.map(\.text), ["Survive me?", "Half"])
    XCTAssertEqual(try store.conversation(id)?.messages.last?.isPartial, true)
  }

  func test_turns_alwaysStartWithAQuestion_andAlternate() {
    let turns = [
      ChatTurn(role: .assistant, text: "orphan"), ChatTurn(role: .user, text: "a"), ChatTurn(role: .user, text: "b"),
      ChatTurn(role: .assistant, text: "r1"), ChatTurn(role: .assistant, text: "r2"), ChatTurn(role: .user, text: "c"),
    ]
    XCTAssertEqual(
      ChatViewModel.alternating(turns),
      [
        ChatTurn(role: .user, text: "b"), ChatTurn(role: .assistant, text: "r1\n\nr2"),
        ChatTurn(role: .user, text: "c"),
      ])
  }

  func test_aLongReadme_isCutToTheBudget_withANote() {
    let readme = String(repeating: "x", count: 30_000)
    let text = RepositoryContext.text(of: .sample("dtrupenn/Tetris"), readme: readme)
    XCTAssertTrue(text.contains("cut to its first 24000 of 30000 characters"), text.prefix(400).description)
    XCTAssertLessThan(text.count, 24_600)
    XCTAssertTrue(text.contains("Language: Swift"))
    let short = RepositoryContext.text(of: .sample("a/b"), readme: "# B")
    XCTAssertTrue(short.hasSuffix("Its README follows:\n# B"), short)
  }

  func test_systemPrompt_backend_model() async throws {
    let gemini = ChatBackendSpy(.gemini)
    let local = ChatBackendSpy(.openai, model: nil)
    let (viewModel, _, store) = makeSUT(backends: [gemini, local])
    XCTAssertEqual(viewModel.backend, .gemini)
    XCTAssertNil(viewModel.setSystemPrompt("Answer in French."))
    _ = await ask(viewModel, "Bonjour")
    XCTAssertEqual(gemini.prompts.last?.system, "Answer in French.")
    XCTAssertEqual(try store.conversation(try XCTUnwrap(viewModel.conversationID))?.systemPrompt, "Answer in French.")

    XCTAssertEqual(viewModel.switchBackend(to: "openai"), .switched(.openai))
    XCTAssertNil(viewModel.model, "not asked yet")
    _ = await ask(viewModel, "Hello")
    XCTAssertEqual(local.calls.first, .listModels)
    XCTAssertEqual(viewModel.model, "listed-model")
    let qwen = await viewModel.chooseModel("qwen2.5")
    XCTAssertEqual(qwen, .set("qwen2.5"))
    let bad = await viewModel.chooseModel("../etc")
    XCTAssertEqual(bad, .invalid("../etc"))
    XCTAssertEqual(local.calls.filter { $0 == .listModels }.count, 1, "the list is asked for once per chat")
    _ = await ask(viewModel, "Again")
    XCTAssertEqual(local.calls.last, .send(try XCTUnwrap(local.prompts.last), model: "qwen2.5", streaming: false))
    XCTAssertEqual(viewModel.switchBackend(to: "claude"), .unknown("claude"))
    XCTAssertEqual(viewModel.lastReply, "(no answer scripted)")
  }

  func test_slashModel_listsTheServersModels_refusesOneItDoesNotList_andSuggestsTheClosest() async throws {
    let (viewModel, backends, _) = makeSUT()
    let listing = await viewModel.listModels()
    XCTAssertEqual(
      listing, .listed(backends[0].listedModels, current: "gemini-2.5-flash", backend: .gemini), "the current is named")
    let typo = await viewModel.chooseModel("gemini-2.5-pr")
    XCTAssertEqual(typo, .notListed("gemini-2.5-pr", suggestion: "gemini-2.5-pro"))
    let unknown = await viewModel.chooseModel("gpt-9")
    XCTAssertEqual(unknown, .notListed("gpt-9", suggestion: nil))
    XCTAssertEqual(viewModel.model, "gemini-2.5-flash", "a refused model changes nothing")
    XCTAssertEqual(viewModel.completableModels, backends[0].listedModels, "Tab offers what the server listed")
    XCTAssertEqual(backends[0].calls, [.listModels], "asked once")
    XCTAssertEqual(
      AssistantWording.modelChoice(typo), "The server has no model 'gemini-2.5-pr'. Did you mean gemini-2.5-pro?")
  }

  /// What a refused `wayfarer ask --model` is told: the check `/model NAME`
  /// makes, without changing the model; Gemini's refusals of a model and
  /// a compatible server's 404 or 400 are what send it there.
  func test_checkModel_isSlashModelsCheck_changingNothing() async throws {
    let (viewModel, _, _) = makeSUT()
    _ = viewModel.useModel("gemini-2.5-pr")
    let check = await viewModel.checkModel("gemini-2.5-pr")
    XCTAssertEqual(check, .notListed("gemini-2.5-pr", suggestion: "gemini-2.5-pro"))
    XCTAssertEqual(viewModel.model, "gemini-2.5-pr", "checked, not chosen")
    let listed = await viewModel.checkModel("gemini-2.5-pro")
    XCTAssertEqual(listed, .set("gemini-2.5-pro"))
    XCTAssertEqual(viewModel.model, "gemini-2.5-pr")
    let refusals: [AssistantError] = [
      .unknownModel(backend: .gemini, model: "x", variable: "WAYFARER_GEMINI_MODEL"),
      .serverSaid(backend: .openai, status: 404, message: ""), .serverSaid(backend: .openai, status: 400, message: ""),
      .serverSaid(backend: .openai, status: 500, message: ""), .overloaded(backend: .gemini),
    ]
    XCTAssertEqual(refusals.map(\.mayBeAnUnknownModel), [true, true, true, false, false])
  }

  func test_slashModel_withTheStartOfAListedName_suggestsThatName_overANearSpelling() async throws {
    let local = ChatBackendSpy(.openai, model: "m1")
    local.listedModels = ["m1", "m2-large"]
    let (viewModel, _, _) = makeSUT(backends: [local])
    let choice = await viewModel.chooseModel("m2")
    XCTAssertEqual(choice, .notListed("m2", suggestion: "m2-large"))
    XCTAssertEqual(AssistantWording.modelChoice(choice), "The server has no model 'm2'. Did you mean m2-large?")
  }

  func test_slashModel_withTheStartOfSeveralListedNames_listsThemAll() async throws {
    let local = ChatBackendSpy(.openai, model: "gemma3")
    local.listedModels = ["gemma3", "llama3.2", "llama3.1:8b"]
    let (viewModel, _, _) = makeSUT(backends: [local])
    let choice = await viewModel.chooseModel("llama")
    XCTAssertEqual(
      AssistantWording.modelChoice(choice), "The server has no model 'llama'. Did you mean llama3.2 or llama3.1:8b?")
  }

  func test_aListThatCannotBeHad_changesNoModel_andSaysWhy() async throws {
    let (viewModel, backends, _) = makeSUT()
    backends[0].listingFails = .noServer(url: "http://127.0.0.1:9")
    let choice = await viewModel.chooseModel("gemini-2.5-pro")
    XCTAssertEqual(choice, .uncheckable(.noServer(url: "http://127.0.0.1:9")))
    XCTAssertEqual(viewModel.model, "gemini-2.5-flash")
    XCTAssertEqual(
      AssistantWording.modelChoice(choice),
      "No server answers at http://127.0.0.1:9 — is it running? The model was not changed.")
  }

  func test_aConversation_remembersItsBackendAndModel_andOpenRestoresThem() async throws {
    let gemini = ChatBackendSpy(.gemini)
    let local = ChatBackendSpy(.openai, model: "llama3.2")
    let (viewModel, _, _) = makeSUT(backends: [gemini, local])
    _ = await viewModel.chooseModel("gemini-2.5-pro")
    _ = await ask(viewModel, "About Pro")
    viewModel.startNew()
    XCTAssertEqual(viewModel.switchBackend(to: "openai"), .switched(.openai))
    _ = await ask(viewModel, "About Llama")
    guard case .some(let listed) = viewModel.list() else { return XCTFail("two conversations") }
    XCTAssertEqual(listed.map(\.title), ["About Llama", "About Pro"])

    XCTAssertEqual(viewModel.open(2), .opened(title: "About Pro"))
    XCTAssertEqual(viewModel.backend, .gemini)
    XCTAssertEqual(viewModel.model, "gemini-2.5-pro")
    _ = await ask(viewModel, "More")
    XCTAssertEqual(
      gemini.calls.last, .send(try XCTUnwrap(gemini.prompts.last), model: "gemini-2.5-pro", streaming: false))
    XCTAssertEqual(viewModel.open(1), .opened(title: "About Llama"), "numbered as the last /list showed them")
    XCTAssertEqual(viewModel.backend, .openai)
    XCTAssertEqual(viewModel.model, "llama3.2")
  }

  func test_noModelSet_andNoneListed_saysSo_andSendsNothing() async throws {
    let local = ChatBackendSpy(.openai, model: nil)
    local.listedModels = []
    let (viewModel, _, _) = makeSUT(backends: [local])
    let (outcome, _) = await ask(viewModel, "Hello")
    XCTAssertEqual(outcome.reply, .failed(.noModel(url: "http://127.0.0.1:9/v1"), partial: ""))
    XCTAssertEqual(local.calls, [.listModels])
  }

  func test_withNoBackend_nothingIsSentOrKept() async throws {
    let (viewModel, _, store) = makeSUT(backends: [])
    let (outcome, _) = await ask(viewModel, "Hello?")
    XCTAssertEqual(outcome.reply, .notConfigured)
    XCTAssertEqual(try store.conversations(), [])
    XCTAssertEqual(viewModel.switchBackend(to: "gemini"), .notConfigured(.gemini))
  }

  func test_aStoreThatFails_stillAnswers_andSaysTheConversationWasNotSaved() async throws {
    let store = ConversationsSpy()
    let (viewModel, backends, _) = makeSUT(store: store)
    backends[0].answers = [.pieces(["Still here."])]
    store.failure = Failure(description: "the disk is full")
    let (outcome, _) = await ask(viewModel, "Hello")
    XCTAssertEqual(outcome.reply, .answered("Still here."))
    XCTAssertEqual(outcome.notSaved, "the disk is full")
  }

  /// The newest question always goes, even when it alone is over the
  /// budget (else the request would hold no question at all).
  func test_aQuestionLongerThanTheBudget_stillGoes() async throws {
    let (viewModel, backends, _) = makeSUT(turnBudget: 10)
    backends[0].answers = [.pieces(["ok"])]
    _ = await ask(viewModel, "a question much longer than ten characters")

    XCTAssertEqual(backends[0].prompts.first?.turns.map(\.text), ["a question much longer than ten characters"])
  }
}

/// A clock that moves on by `step` seconds each time it is read.
private final class StepClock: @unchecked Sendable {
  private let lock = NSLock()
  private var seconds = 1_800_000_000.0
  private let step: Double

  init(step: Double) { self.step = step }

  var now: @Sendable () -> Date {
    { [self] in
      lock.lock()
      defer { lock.unlock() }
      seconds += step
      return Date(timeIntervalSince1970: seconds)
    }
  }
}
