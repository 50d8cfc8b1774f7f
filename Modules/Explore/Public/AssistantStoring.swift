import Foundation

/// One message of a stored conversation.
public struct StoredMessage: Equatable, Sendable {
  public enum Role: String, Sendable {
    case user
    case assistant
  }

  public var role: Role
  public var text: String
  public var time: Date
  /// `gemini` or `openai`: who answered, or who was asked.
  public var backend: String
  public var model: String
  /// A reply stopped with Ctrl-C (or cut off): kept, and marked.
  public var isPartial: Bool
  /// A partial reply the person stopped (Ctrl-C, a signal), not one cut
  /// off or blocked: it keeps the label it was given, "(stopped)".
  public var wasStopped: Bool
  /// For a reply: the tokens it took, as the server counted them, and its time.
  public var usage: ReplyUsage?
  /// Its id once stored (nil before): later reads ask for what came after.
  public var id: Int64?
  /// For a reply, the id of the question it answers: it is listed right
  /// after that question (and any reply it already has), whatever another
  /// Wayfarer added to the conversation in between.
  public var answers: Int64?

  public init(
    role: Role, text: String, time: Date, backend: String, model: String, isPartial: Bool = false,
    wasStopped: Bool = false, usage: ReplyUsage? = nil, id: Int64? = nil, answers: Int64? = nil
  ) {
    self.role = role
    self.text = text
    self.time = time
    self.backend = backend
    self.model = model
    self.isPartial = isPartial
    self.wasStopped = wasStopped
    self.usage = usage
    self.id = id
    self.answers = answers
  }

  /// Where it stands in its conversation: each question with its replies,
  /// in the order the questions were asked.
  public var order: (exchange: Int64, id: Int64) {
    guard let id else { return (.max, .max) }
    return (answers ?? id, id)
  }
}

/// What one reply took: tokens when the server counted them, and seconds
/// from the question sent to the reply's end.
public struct ReplyUsage: Equatable, Sendable {
  /// Tokens read (the prompt, with the conversation sent); nil when not said.
  public var promptTokens: Int?
  /// Tokens written (the reply); nil when not said.
  public var replyTokens: Int?
  public var seconds: Double

  public init(promptTokens: Int?, replyTokens: Int?, seconds: Double) {
    self.promptTokens = promptTokens
    self.replyTokens = replyTokens
    self.seconds = seconds
  }
}

/// A conversation as `/list` shows it.
public struct ConversationSummary: Equatable, Sendable {
  public var id: Int64
  /// Its first question.
  public var title: String
  /// The repository it is about (`owner/name`), if any.
  public var subject: String?
  /// When its last message was added.
  public var updatedAt: Date
  /// How many messages it holds, questions and replies.
  public var messageCount: Int
  /// The model that answered it last (``StoredConversation/lastAnswer(in:)``);
  /// nil before any reply.
  public var model: String?

  public init(
    id: Int64, title: String, subject: String?, updatedAt: Date, messageCount: Int = 0, model: String? = nil
  ) {
    self.id = id
    self.title = title
    self.subject = subject
    self.updatedAt = updatedAt
    self.messageCount = messageCount
    self.model = model
  }
}

/// A whole conversation, to resume.
public struct StoredConversation: Equatable, Sendable {
  public var summary: ConversationSummary
  /// What the model is told about the subject (a repository's facts and README).
  public var context: String?
  /// The person's own system prompt (`/system TEXT`); nil for the default.
  public var systemPrompt: String?
  /// In ``StoredMessage/order``.
  public var messages: [StoredMessage]

  public init(summary: ConversationSummary, context: String?, systemPrompt: String?, messages: [StoredMessage]) {
    self.summary = summary
    self.context = context
    self.systemPrompt = systemPrompt
    self.messages = messages
  }
}

extension StoredConversation {
  /// The last reply of `messages` that names its model: the model that
  /// answered, which `/list` names and a resumed conversation goes on with.
  ///
  /// A question is stored with its model before it is sent, so a question
  /// the server refused (an unknown model, an HTTP error) names a model
  /// that never answered.
  public static func lastAnswer(in messages: [StoredMessage]) -> StoredMessage? {
    messages.last { $0.role == .assistant && !$0.model.isEmpty }
  }
}

/// The person's assistant conversations, as Explore sees them: App keeps
/// them in its database, per account.
@MainActor
public protocol ExploreConversationsStoring: AnyObject {
  /// Starts a conversation and returns its id.
  func createConversation(title: String, subject: String?, context: String?, systemPrompt: String?) throws -> Int64
  /// Adds `message` to conversation `id`, which becomes the newest: a
  /// question at the end, a reply (``StoredMessage/answers``) after its
  /// question. Returns it as stored, with its ``StoredMessage/id``.
  @discardableResult
  func appendMessage(_ message: StoredMessage, to id: Int64) throws -> StoredMessage
  /// The messages of conversation `id` stored after message `messageID`
  /// (all of them when nil), in ``StoredMessage/order``: what changed since
  /// the last read, at a cost that does not grow with the conversation.
  func messages(of id: Int64, after messageID: Int64?) throws -> [StoredMessage]
  /// Sets (or with nil, clears) conversation `id`'s system prompt.
  func setSystemPrompt(_ prompt: String?, of id: Int64) throws
  /// Every conversation, the one with the newest message first.
  func conversations() throws -> [ConversationSummary]
  /// Conversation `id` with its messages; nil when there is none (or it is another person's).
  func conversation(_ id: Int64) throws -> StoredConversation?
  /// Deletes conversation `id` and its messages; deleting nothing is fine.
  func deleteConversation(_ id: Int64) throws
  /// Stores `conversation` again, whole (a deleted one brought back), and
  /// returns its new id: all of it or, when that fails, nothing.
  ///
  /// Its messages get new ids, each reply still after its question.
  func restoreConversation(_ conversation: StoredConversation) throws -> Int64
}

/// Keeps the assistant's choices for later sessions (`/model NAME --save`,
/// `/backend NAME --save`): App writes them to its config file.
@MainActor
public protocol AssistantChoiceSaving: AnyObject {
  /// Saves `model` as the one to use with the backend named `backend`
  /// (`gemini`, `openai`); returns where it was saved.
  func saveModel(_ model: String, forBackend backend: String) throws -> String
  /// Saves the backend named `backend` as the one asked first; returns
  /// where it was saved.
  func saveBackend(_ backend: String) throws -> String
}
