import Passwords
import PreLoginContracts
import ProfileContracts
import Storage
import TestSupport
import XCTest

@testable import App

/// App's SQLite stores behind PreLogin's and Profile's protocols keep their
/// contracts, across a reopened database.
@MainActor
final class AccountStoresContractTests: XCTestCase {
  private func makeDatabasePath() throws -> String {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    return directory.file("wayfarer.sqlite")
  }

  func test_theAccountStore_keepsTheAccountsContract() async throws {
    let path = try makeDatabasePath()
    try await PreLoginAuthenticatingContract.verify(
      "AccountStore", make: { AccountStore(database: AppDatabase.at(path), hasher: PasswordHasher(cost: .minimum)) })
  }

  func test_theAccountStore_keepsTheAttemptsContract() async throws {
    let path = try makeDatabasePath()
    let open = { AccountStore(database: AppDatabase.at(path), hasher: PasswordHasher(cost: .minimum)) }
    try PreLoginAttemptsStoringContract.verify("AccountStore", make: open, reopen: { _ in open() })
  }

  func test_theSettingsStore_keepsTheSettingsContract_perAccount() async throws {
    let path = try makeDatabasePath()
    try AppDatabase.at(path).execute(
      "INSERT INTO accounts (id, name, surname, email, password_hash, created_at) VALUES (1, 'A', 'B', 'a@example.com', 'x', 0), (2, 'C', 'D', 'c@example.com', 'x', 0)"
    )
    let flags = { (account: String) in
      let database = AppDatabase.at(path)
      return FeatureFlags(store: AccountSettingsStore(database: database, accountID: account), database: database)
    }
    let open = { flags("1") }
    try ProfileSettingsStoringContract.verify("FeatureFlags", make: open, reopen: { _ in open() })
    try flags("2").setFeatureFlag("map", isOn: false)
    XCTAssertEqual(try open().featureFlags().first { $0.key == "map" }?.isOn, true, "per account")
  }
}
