import Explore
import XCTest

/// What every store behind `ExploreConversationsStoring` promises.
@MainActor
public enum ExploreConversationsStoringContract {
  public static func message(
    _ role: StoredMessage.Role, _ text: String, at seconds: TimeInterval = 1_800_000_000, partial: Bool = false
  ) -> StoredMessage {
    StoredMessage(
      role: role, text: text, time: Date(timeIntervalSince1970: seconds), backend: "gemini",
      model: "gemini-2.5-flash", isPartial: partial)
  }

  public static func verify(
    _ name: String, make: () throws -> any ExploreConversationsStoring,
    reopen: (any ExploreConversationsStoring) throws -> any ExploreConversationsStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let store = try make()
    XCTAssertEqual(try store.conversations(), [], "\(name): none yet", file: file, line: line)
    XCTAssertNil(try store.conversation(42), "\(name): no such conversation", file: file, line: line)

    let first = try store.createConversation(
      title: "What is an index fund?", subject: nil, context: nil, systemPrompt: nil)
    let question = try store.appendMessage(message(.user, "What is an index fund?"), to: first)
    var reply = message(.assistant, "A basket of shares.", partial: true)
    reply.answers = question.id
    reply.wasStopped = true
    reply.usage = ReplyUsage(promptTokens: 120, replyTokens: nil, seconds: 7.25)
    let answer = try store.appendMessage(reply, to: first)
    XCTAssertNotNil(question.id, "\(name): a stored message has its id", file: file, line: line)
    XCTAssertNotEqual(question.id, answer.id, file: file, line: line)
    let second = try store.createConversation(
      title: "How do I build it?", subject: "dtrupenn/Tetris", context: "README: # Tetris", systemPrompt: "Be brief.")
    try store.appendMessage(message(.user, "How do I build it?"), to: second)

    let reopened = try reopen(store)
    XCTAssertEqual(
      try reopened.conversations().map(\.id), [second, first], "\(name): the newest first", file: file, line: line)
    let whole = try XCTUnwrap(try reopened.conversation(first), file: file, line: line)
    XCTAssertEqual(whole.summary.title, "What is an index fund?", file: file, line: line)
    XCTAssertEqual(
      whole.messages, [question, answer],
      "\(name): messages in order with role, text, time, backend, model, the partial and stopped marks, usage and the question answered",
      file: file, line: line)
    let about = try XCTUnwrap(try reopened.conversation(second), file: file, line: line)
    XCTAssertEqual(about.summary.subject, "dtrupenn/Tetris", file: file, line: line)
    XCTAssertEqual(about.context, "README: # Tetris", file: file, line: line)
    XCTAssertEqual(about.systemPrompt, "Be brief.", file: file, line: line)

    try store.appendMessage(message(.user, "And a bond?", at: 1_700_000_000), to: first)
    XCTAssertEqual(
      try reopen(store).conversations().map(\.id), [first, second],
      "\(name): a conversation added to is the newest again, whatever the clock says", file: file, line: line)

    try store.setSystemPrompt("Answer in French.", of: first)
    XCTAssertEqual(try reopen(store).conversation(first)?.systemPrompt, "Answer in French.", file: file, line: line)
    try store.setSystemPrompt(nil, of: first)
    XCTAssertNil(try reopen(store).conversation(first)?.systemPrompt, file: file, line: line)

    XCTAssertEqual(
      try reopen(store).conversations().map { "\($0.messageCount) \($0.model ?? "-")" },
      ["3 gemini-2.5-flash", "1 -"],
      "\(name): each with its count and the model of its last reply (none yet for a question alone)", file: file,
      line: line)
    let deleted = try XCTUnwrap(try store.conversation(second), file: file, line: line)
    try store.deleteConversation(second)
    XCTAssertNil(try reopen(store).conversation(second), "\(name): deleted for good", file: file, line: line)
    try verifyRestoring(deleted, name, store: store, reopen: reopen, file: file, line: line)
    try store.deleteConversation(try XCTUnwrap(try store.conversations().first?.id, file: file, line: line))
    XCTAssertEqual(try reopen(store).conversations().map(\.id), [first], file: file, line: line)
    XCTAssertNoThrow(try store.deleteConversation(second), "\(name): deleting nothing is fine", file: file, line: line)
    XCTAssertThrowsError(
      try store.appendMessage(message(.user, "hello"), to: second), "\(name): no adding to a deleted one", file: file,
      line: line)
    XCTAssertEqual(try store.messages(of: second, after: nil), [], file: file, line: line)
    try verifyExchanges(name, store: store, reopen: reopen, file: file, line: line)
    try verifyAnsweringModel(name, store: store, reopen: reopen, file: file, line: line)
  }

  /// A question is stored with its model before it is sent: one the server
  /// refused (an unknown model, an HTTP error) does not become the model
  /// the conversation is listed with; the last that answered does.
  private static func verifyAnsweringModel(
    _ name: String, store: any ExploreConversationsStoring,
    reopen: (any ExploreConversationsStoring) throws -> any ExploreConversationsStoring, file: StaticString,
    line: UInt
  ) throws {
    var refused = message(.user, "Hi again")
    refused.model = "gemini-9"
    let answered = try store.createConversation(title: "Answered", subject: nil, context: nil, systemPrompt: nil)
    let question = try store.appendMessage(message(.user, "Hi"), to: answered)
    var reply = message(.assistant, "Hello.")
    reply.answers = question.id
    try store.appendMessage(reply, to: answered)
    try store.appendMessage(refused, to: answered)
    let never = try store.createConversation(title: "Never answered", subject: nil, context: nil, systemPrompt: nil)
    try store.appendMessage(refused, to: never)

    let listed = try reopen(store).conversations()
    XCTAssertEqual(
      listed.first { $0.id == answered }?.model, "gemini-2.5-flash", "\(name): the model that answered, not gemini-9",
      file: file, line: line)
    XCTAssertEqual(listed.first { $0.id == never }.map { $0.model ?? "-" }, "-", file: file, line: line)
    XCTAssertEqual(try reopen(store).conversation(answered)?.summary.model, "gemini-2.5-flash", file: file, line: line)
    XCTAssertNil(try reopen(store).conversation(never)?.summary.model, file: file, line: line)
  }

  /// A deleted conversation stored again (`/undo` after `/clear`): whole,
  /// newest, replies still after their questions.
  private static func verifyRestoring(
    _ deleted: StoredConversation, _ name: String, store: any ExploreConversationsStoring,
    reopen: (any ExploreConversationsStoring) throws -> any ExploreConversationsStoring, file: StaticString,
    line: UInt
  ) throws {
    var whole = deleted
    let question = message(.user, "And tests?")
    whole.messages.append(
      StoredMessage(
        role: .user, text: "And tests?", time: question.time, backend: "openai", model: "llama3.2", id: 900))
    var answer = message(.assistant, "make test", partial: true)
    answer.id = 901
    answer.answers = 900
    answer.wasStopped = true
    whole.messages.append(answer)
    let id = try store.restoreConversation(whole)
    let back = try XCTUnwrap(try reopen(store).conversation(id), file: file, line: line)
    XCTAssertEqual(
      try reopen(store).conversations().first?.id, id, "\(name): restored as the newest", file: file, line: line)
    XCTAssertEqual(back.summary.title, deleted.summary.title, file: file, line: line)
    XCTAssertEqual(back.summary.subject, "dtrupenn/Tetris", file: file, line: line)
    XCTAssertEqual(back.context, deleted.context, file: file, line: line)
    XCTAssertEqual(back.systemPrompt, "Be brief.", file: file, line: line)
    XCTAssertEqual(back.summary.model, "gemini-2.5-flash", file: file, line: line)
    XCTAssertEqual(
      back.messages.map { "\($0.role.rawValue) \($0.text) \($0.model) \($0.wasStopped)" },
      [
        "user How do I build it? gemini-2.5-flash false", "user And tests? llama3.2 false",
        "assistant make test gemini-2.5-flash true",
      ], "\(name): every message, in order", file: file, line: line)
    XCTAssertEqual(
      back.messages.last?.answers, back.messages[1].id, "\(name): the reply names its new question", file: file,
      line: line)
  }

  /// Two Wayfarers asking in one conversation at once: each question is
  /// stored when it is sent, each reply when it is over, and every reply
  /// is read right after its own question.
  ///
  /// A read after a message gives
  /// only what came later.
  private static func verifyExchanges(
    _ name: String, store: any ExploreConversationsStoring,
    reopen: (any ExploreConversationsStoring) throws -> any ExploreConversationsStoring, file: StaticString,
    line: UInt
  ) throws {
    let id = try store.createConversation(title: "Two at once", subject: nil, context: nil, systemPrompt: nil)
    let mine = try store.appendMessage(message(.user, "Mine?"), to: id)
    let theirs = try store.appendMessage(message(.user, "Theirs?"), to: id)
    var theirReply = message(.assistant, "Their answer.")
    theirReply.answers = theirs.id
    try store.appendMessage(theirReply, to: id)
    var myReply = message(.assistant, "My answer.")
    myReply.answers = mine.id
    try store.appendMessage(myReply, to: id)

    let texts = try XCTUnwrap(try reopen(store).conversation(id), file: file, line: line).messages.map(\.text)
    XCTAssertEqual(
      texts, ["Mine?", "My answer.", "Theirs?", "Their answer."], "\(name): each reply after its question",
      file: file, line: line)
    XCTAssertEqual(
      try reopen(store).messages(of: id, after: theirs.id).map(\.text), ["My answer.", "Their answer."],
      "\(name): what was stored after a message, in conversation order", file: file, line: line)
    XCTAssertEqual(
      try reopen(store).messages(of: id, after: nil).map(\.text), texts, "\(name): all of them", file: file, line: line)
  }
}
