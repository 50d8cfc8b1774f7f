import Explore
import Foundation
import Storage

/// One account's assistant conversations in the database.
///
/// Another
/// account's conversation is never read, changed or deleted through it,
/// whatever id it is asked about.
@MainActor
final class ConversationStore: ExploreConversationsStoring {
  private let database: SQLiteDatabase
  private let accountID: Int64
  private let now: @Sendable () -> Date

  init(database: SQLiteDatabase, accountID: String, now: @escaping @Sendable () -> Date = { Date() }) {
    self.database = database
    self.accountID = Int64(accountID) ?? -1
    self.now = now
  }

  func createConversation(title: String, subject: String?, context: String?, systemPrompt: String?) throws -> Int64 {
    let time = now().timeIntervalSince1970
    let rows = try database.execute(
      """
      INSERT INTO conversations (account_id, title, subject, context, system_prompt, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
      """,
      [
        .integer(accountID), .text(title), Self.optional(subject), Self.optional(context), Self.optional(systemPrompt),
        .real(time), .real(time),
      ])
    guard let id = rows.first?.integer("id") else { throw ConversationStoreError.notSaved }
    return id
  }

  func appendMessage(_ message: StoredMessage, to id: Int64) throws -> StoredMessage {
    try database.transaction { transaction in
      let updated = try transaction.execute(
        "UPDATE conversations SET updated_at = ? WHERE id = ? AND account_id = ? RETURNING id",
        [.real(message.time.timeIntervalSince1970), .integer(id), .integer(accountID)])
      guard !updated.isEmpty else { throw ConversationStoreError.noSuchConversation }
      let inserted = try transaction.execute(
        Self.insertMessage,
        Self.values(of: message, in: id, answers: message.answers))
      guard let messageID = inserted.first?.integer("id") else { throw ConversationStoreError.notSaved }
      var stored = message
      stored.id = messageID
      return stored
    }
  }

  func messages(of id: Int64, after messageID: Int64?) throws -> [StoredMessage] {
    // The conversation must be this account's; the messages' index then
    // reads only the rows after `messageID`.
    try database.execute(
      """
      SELECT m.id, m.role, m.text, m.created_at, m.backend, m.model, m.partial, m.answers, m.prompt_tokens,
        m.reply_tokens, m.seconds
      FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.conversation_id = ? AND c.account_id = ? AND m.id > ?
      ORDER BY COALESCE(m.answers, m.id), m.id
      """,
      [.integer(id), .integer(accountID), .integer(messageID ?? 0)]
    ).compactMap(Self.message)
  }

  func setSystemPrompt(_ prompt: String?, of id: Int64) throws {
    try database.execute(
      "UPDATE conversations SET system_prompt = ? WHERE id = ? AND account_id = ?",
      [Self.optional(prompt), .integer(id), .integer(accountID)])
  }

  /// Newest first by the order messages were added, which a clock set back cannot change;
  /// each with the model of its last reply, as ``StoredConversation/lastAnswer(in:)`` picks it.
  func conversations() throws -> [ConversationSummary] {
    try database.execute(
      """
      SELECT id, title, subject, updated_at,
        (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = conversations.id) AS message_count,
        (SELECT m.model FROM conversation_messages m WHERE m.conversation_id = conversations.id
          AND m.role = 'assistant' AND m.model != '' ORDER BY m.id DESC LIMIT 1) AS model
      FROM conversations WHERE account_id = ?
      ORDER BY (SELECT MAX(m.id) FROM conversation_messages m WHERE m.conversation_id = conversations.id) DESC,
        id DESC
      """,
      [.integer(accountID)]
    ).compactMap(Self.summary)
  }

  func conversation(_ id: Int64) throws -> StoredConversation? {
    guard
      let row = try database.execute(
        """
        SELECT id, title, subject, context, system_prompt, updated_at FROM conversations
        WHERE id = ? AND account_id = ?
        """,
        [.integer(id), .integer(accountID)]
      ).first, let summary = Self.summary(row)
    else { return nil }
    let messages = try self.messages(of: id, after: nil)
    var whole = summary
    whole.messageCount = messages.count
    whole.model = StoredConversation.lastAnswer(in: messages)?.model
    return StoredConversation(
      summary: whole, context: row.text("context"), systemPrompt: row.text("system_prompt"), messages: messages)
  }

  /// One transaction: the conversation and every message, or nothing.
  func restoreConversation(_ conversation: StoredConversation) throws -> Int64 {
    try database.transaction { transaction in
      let time = conversation.summary.updatedAt.timeIntervalSince1970
      let rows = try transaction.execute(
        """
        INSERT INTO conversations (account_id, title, subject, context, system_prompt, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id
        """,
        [
          .integer(accountID), .text(conversation.summary.title), Self.optional(conversation.summary.subject),
          Self.optional(conversation.context), Self.optional(conversation.systemPrompt), .real(time), .real(time),
        ])
      guard let id = rows.first?.integer("id") else { throw ConversationStoreError.notSaved }
      // Old ids to new: a reply names its question by id.
      var newIDs: [Int64: Int64] = [:]
      for message in conversation.messages {
        let inserted = try transaction.execute(
          Self.insertMessage,
          Self.values(of: message, in: id, answers: message.answers.flatMap { newIDs[$0] }))
        guard let newID = inserted.first?.integer("id") else { throw ConversationStoreError.notSaved }
        if let old = message.id { newIDs[old] = newID }
      }
      return id
    }
  }

  func deleteConversation(_ id: Int64) throws {
    try database.execute(
      "DELETE FROM conversations WHERE id = ? AND account_id = ?", [.integer(id), .integer(accountID)])
  }

  private static func message(_ row: SQLiteRow) -> StoredMessage? {
    guard let role = row.text("role").flatMap(StoredMessage.Role.init(rawValue:)), let text = row.text("text"),
      let time = row.real("created_at")
    else { return nil }
    let partial = row.integer("partial") ?? 0
    return StoredMessage(
      role: role, text: text, time: Date(timeIntervalSince1970: time), backend: row.text("backend") ?? "",
      model: row.text("model") ?? "", isPartial: partial != 0, wasStopped: partial == 2, usage: usage(row),
      id: row.integer("id"), answers: row.integer("answers"))
  }

  /// One message in; its columns are ``values(of:in:answers:)``.
  private static let insertMessage = """
    INSERT INTO conversation_messages (
      conversation_id, role, text, created_at, backend, model, partial, answers, prompt_tokens, reply_tokens, seconds)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
    """

  /// A message's columns, in the order ``insertMessage`` names them.
  private static func values(of message: StoredMessage, in id: Int64, answers: Int64?) -> [SQLiteValue] {
    [
      .integer(id), .text(message.role.rawValue), .text(message.text), .real(message.time.timeIntervalSince1970),
      .text(message.backend), .text(message.model), .integer(partialColumn(message)),
      answers.map { .integer($0) } ?? .null, message.usage?.promptTokens.map { .integer(Int64($0)) } ?? .null,
      message.usage?.replyTokens.map { .integer(Int64($0)) } ?? .null,
      message.usage.map { .real($0.seconds) } ?? .null,
    ]
  }

  /// 0 whole, 1 cut off or blocked, 2 stopped by the person.
  private static func partialColumn(_ message: StoredMessage) -> Int64 {
    message.isPartial ? (message.wasStopped ? 2 : 1) : 0
  }

  /// A reply's usage; nil for a question, or a reply stored before usage was kept.
  private static func usage(_ row: SQLiteRow) -> ReplyUsage? {
    guard let seconds = row.real("seconds") else { return nil }
    return ReplyUsage(
      promptTokens: row.integer("prompt_tokens").flatMap { Int(exactly: $0) },
      replyTokens: row.integer("reply_tokens").flatMap { Int(exactly: $0) }, seconds: seconds)
  }

  private static func summary(_ row: SQLiteRow) -> ConversationSummary? {
    guard let id = row.integer("id"), let title = row.text("title"), let updated = row.real("updated_at") else {
      return nil
    }
    return ConversationSummary(
      id: id, title: title, subject: row.text("subject"), updatedAt: Date(timeIntervalSince1970: updated),
      messageCount: row.integer("message_count").flatMap { Int(exactly: $0) } ?? 0, model: row.text("model"))
  }

  private static func optional(_ text: String?) -> SQLiteValue {
    text.map { .text($0) } ?? .null
  }
}

/// What the conversation store can refuse.
enum ConversationStoreError: LocalizedError, Equatable {
  case noSuchConversation
  case notSaved

  var errorDescription: String? {
    switch self {
    case .noSuchConversation: "that conversation is no longer in the database"
    case .notSaved: "the database did not save the conversation"
    }
  }
}
