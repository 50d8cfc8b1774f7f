import ExploreContracts
import XCTest

@testable import Explore

/// The in-memory double the chat's tests use keeps the same contract as App's store.
@MainActor
final class ConversationsSpyContractTests: XCTestCase {
  func test_theSpy_keepsTheConversationsContract() async throws {
    try ExploreConversationsStoringContract.verify("ConversationsSpy", make: { ConversationsSpy() }, reopen: { $0 })
  }
}
