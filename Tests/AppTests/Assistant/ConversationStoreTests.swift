import Explore
import ExploreContracts
import Storage
import TestSupport
import XCTest

@testable import App

/// App's SQLite conversation store keeps the contract, per account, across
/// a reopened database.
@MainActor
final class ConversationStoreTests: XCTestCase {
  func test_theStore_keepsTheConversationsContract() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    try ExploreConversationsStoringContract.verify(
      "ConversationStore", make: { ConversationStore(database: AppDatabase.at(path), accountID: "1") },
      reopen: { _ in ConversationStore(database: AppDatabase.at(path), accountID: "1") })
  }

  func test_anotherAccountsConversations_areNeitherListedReadChangedNorDeleted() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    let ada = ConversationStore(database: AppDatabase.at(path), accountID: "1")
    let bob = ConversationStore(database: AppDatabase.at(path), accountID: "2")
    let id = try ada.createConversation(title: "Mine", subject: nil, context: nil, systemPrompt: nil)
    _ = try ada.appendMessage(ExploreConversationsStoringContract.message(.user, "Mine"), to: id)

    XCTAssertEqual(try bob.conversations(), [])
    XCTAssertNil(try bob.conversation(id))
    XCTAssertThrowsError(try bob.appendMessage(ExploreConversationsStoringContract.message(.user, "x"), to: id))
    try bob.setSystemPrompt("Hijacked", of: id)
    try bob.deleteConversation(id)

    let mine = try XCTUnwrap(try ada.conversation(id))
    XCTAssertNil(mine.systemPrompt)
    XCTAssertEqual(mine.messages.map(\.text), ["Mine"])
  }

  func test_deletingAnAccount_deletesItsConversationsAndMessages() async throws {
    let path = try makeDatabasePathWithTwoAccounts()
    let database = AppDatabase.at(path)
    let ada = ConversationStore(database: database, accountID: "1")
    let id = try ada.createConversation(title: "Mine", subject: nil, context: nil, systemPrompt: nil)
    _ = try ada.appendMessage(ExploreConversationsStoringContract.message(.user, "Mine"), to: id)
    try database.execute("DELETE FROM accounts WHERE id = 1")
    XCTAssertEqual(try database.execute("SELECT COUNT(*) AS n FROM conversation_messages").first?.integer("n"), 0)
  }
}
