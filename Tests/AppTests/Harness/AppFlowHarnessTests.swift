import AppHarness
import Passwords
import PreLogin
import TestSupport
import XCTest

@testable import App

@MainActor
final class AppFlowHarnessTests: XCTestCase {
  func test_aDatabaseTheHarnessUsedBefore_logsInToTheSameAccount() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("wayfarer.sqlite")
    _ = try await AppFlowHarness(databasePath: path)

    let again = try await AppFlowHarness(databasePath: path)
    try await again.logIn()

    XCTAssertEqual(again.path, "home")
  }

  func test_aDatabaseWithTheHarnessEmailUnderAnotherPassword_isRefused() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("wayfarer.sqlite")
    let accounts = AccountStore(database: AppDatabase.at(path), hasher: PasswordHasher(cost: .minimum))
    _ = try await accounts.register(
      Registration(name: "Someone", surname: "Else", email: "harness@wayfarer.invalid", password: "not the harness's"))

    do {
      _ = try await AppFlowHarness(databasePath: path)
      XCTFail("the harness started on someone else's account")
    } catch let error as AppFlowHarnessError {
      XCTAssertEqual(
        "\(error)",
        "The database \(path) already has an account for harness@wayfarer.invalid with another password; give the harness a database of its own."
      )
    }
  }
}
