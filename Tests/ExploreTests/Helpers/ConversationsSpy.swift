import Foundation

@testable import Explore

/// Conversations in memory, honouring the contract App's store keeps.
@MainActor
final class ConversationsSpy: ExploreConversationsStoring {
  private var stored: [Int64: StoredConversation] = [:]
  /// Ids in the order they were last added to.
  private var order: [Int64] = []
  private var nextID: Int64 = 1
  private var nextMessageID: Int64 = 1
  var failure: (any Error)?
  /// How many times messages were read, and how many rows came back.
  private(set) var reads: [Int] = []

  func createConversation(title: String, subject: String?, context: String?, systemPrompt: String?) throws -> Int64 {
    if let failure { throw failure }
    let id = nextID
    nextID += 1
    stored[id] = StoredConversation(
      summary: ConversationSummary(id: id, title: title, subject: subject, updatedAt: .distantPast), context: context,
      systemPrompt: systemPrompt, messages: [])
    order.insert(id, at: 0)
    return id
  }

  func appendMessage(_ message: StoredMessage, to id: Int64) throws -> StoredMessage {
    if let failure { throw failure }
    guard stored[id] != nil else { throw CocoaError(.fileNoSuchFile) }
    var saved = message
    saved.id = nextMessageID
    nextMessageID += 1
    stored[id]?.messages.append(saved)
    stored[id]?.messages.sort { $0.order < $1.order }
    stored[id]?.summary.updatedAt = message.time
    order.removeAll { $0 == id }
    order.insert(id, at: 0)
    return saved
  }

  func messages(of id: Int64, after messageID: Int64?) throws -> [StoredMessage] {
    if let failure { throw failure }
    let fresh = (stored[id]?.messages ?? []).filter { ($0.id ?? 0) > (messageID ?? 0) }
    reads.append(fresh.count)
    return fresh
  }

  func setSystemPrompt(_ prompt: String?, of id: Int64) throws {
    if let failure { throw failure }
    stored[id]?.systemPrompt = prompt
  }

  func conversations() throws -> [ConversationSummary] {
    if let failure { throw failure }
    return order.compactMap { stored[$0].map(Self.counted) }
  }

  /// The summary with what the store works out: the count, the last model.
  private static func counted(_ conversation: StoredConversation) -> ConversationSummary {
    var summary = conversation.summary
    summary.messageCount = conversation.messages.count
    summary.model = StoredConversation.lastAnswer(in: conversation.messages)?.model
    return summary
  }

  func restoreConversation(_ conversation: StoredConversation) throws -> Int64 {
    if let failure { throw failure }
    let id = nextID
    nextID += 1
    var newIDs: [Int64: Int64] = [:]
    var messages: [StoredMessage] = []
    for var message in conversation.messages {
      let old = message.id
      message.id = nextMessageID
      message.answers = message.answers.flatMap { newIDs[$0] }
      if let old { newIDs[old] = nextMessageID }
      nextMessageID += 1
      messages.append(message)
    }
    var summary = conversation.summary
    summary.id = id
    stored[id] = StoredConversation(
      summary: summary, context: conversation.context, systemPrompt: conversation.systemPrompt, messages: messages)
    order.insert(id, at: 0)
    return id
  }

  func conversation(_ id: Int64) throws -> StoredConversation? {
    if let failure { throw failure }
    return stored[id].map {
      StoredConversation(
        summary: Self.counted($0), context: $0.context, systemPrompt: $0.systemPrompt, messages: $0.messages)
    }
  }

  func deleteConversation(_ id: Int64) throws {
    if let failure { throw failure }
    stored[id] = nil
    order.removeAll { $0 == id }
  }
}
