import ProfileContracts
import XCTest

@testable import Profile

/// The settings double Profile's tests use keeps the promises of App's
/// real store (AppTests runs the same contract against that).
@MainActor
final class DoublesContractTests: XCTestCase {
  func test_settingsStub_keepsTheSettingsContract() async throws {
    try ProfileSettingsStoringContract.verify("SettingsStub", make: { SettingsStub() }, reopen: { $0 })
  }
}
