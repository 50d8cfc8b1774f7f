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
    try store.appendMessage(message(.user, "What is an index fund?"), to: first)
    try store.appendMessage(message(.assistant, "A basket of shares.", partial: true), to: first)
    let second = try store.createConversation(
      title: "How do I build it?", subject: "dtrupenn/Tetris", context: "README: # Tetris", systemPrompt: "Be brief.")
    try store.appendMessage(message(.user, "How do I build it?"), to: second)

    let reopened = try reopen(store)
    XCTAssertEqual(
      try reopened.conversations().map(\.id), [second, first], "\(name): the newest first", file: file, line: line)
    let whole = try XCTUnwrap(try reopened.conversation(first), file: file, line: line)
    XCTAssertEqual(whole.summary.title, "What is an index fund?", file: file, line: line)
    XCTAssertEqual(
      whole.messages,
      [message(.user, "What is an index fund?"), message(.assistant, "A basket of shares.", partial: true)],
      "\(name): messages in order with role, text, time, backend, model and the partial mark", file: file, line: line)
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

    try store.deleteConversation(second)
    XCTAssertNil(try reopen(store).conversation(second), "\(name): deleted for good", file: file, line: line)
    XCTAssertEqual(try reopen(store).conversations().map(\.id), [first], file: file, line: line)
    XCTAssertNoThrow(try store.deleteConversation(second), "\(name): deleting nothing is fine", file: file, line: line)
    XCTAssertThrowsError(
      try store.appendMessage(message(.user, "hello"), to: second), "\(name): no adding to a deleted one", file: file,
      line: line)
  }
}
