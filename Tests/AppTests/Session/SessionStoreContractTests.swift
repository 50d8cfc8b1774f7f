import Foundation
import Storage
import TestSupport
import XCTest

@testable import App

/// The behaviour every session store must have, run against each one.
@MainActor
final class SessionStoreContractTests: XCTestCase {
  /// A store, and a way to open it again as a relaunch would.
  private struct Implementation {
    let name: String
    let make: @MainActor () -> any AppSessionStoring
    let reopen: @MainActor (any AppSessionStoring) -> any AppSessionStoring
  }

  private func implementations() throws -> [Implementation] {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let path = directory.file("state/session.json")
    return [
      Implementation(
        name: "file", make: { FileSessionStore(path: path) }, reopen: { _ in FileSessionStore(path: path) }),
      Implementation(name: "in-memory", make: { InMemorySessionStore() }, reopen: { $0 }),
    ]
  }

  func test_newStore_isLoggedOut() async throws {
    for implementation in try implementations() {
      XCTAssertNil(implementation.make().currentAccountID, implementation.name)
    }
  }

  func test_markLoggedIn_isRememberedAcrossReopen() async throws {
    for implementation in try implementations() {
      let store = implementation.make()
      try store.markLoggedIn(accountID: "7")
      XCTAssertEqual(implementation.reopen(store).currentAccountID, "7", implementation.name)
    }
  }

  func test_markLoggedIn_again_replacesTheAccount() async throws {
    for implementation in try implementations() {
      let store = implementation.make()
      try store.markLoggedIn(accountID: "7")
      try store.markLoggedIn(accountID: "8")
      XCTAssertEqual(implementation.reopen(store).currentAccountID, "8", implementation.name)
    }
  }

  func test_markLoggedOut_isRememberedAcrossReopen() async throws {
    for implementation in try implementations() {
      let store = implementation.make()
      try store.markLoggedIn(accountID: "7")
      try store.markLoggedOut()
      XCTAssertNil(store.currentAccountID, implementation.name)
      XCTAssertNil(implementation.reopen(store).currentAccountID, implementation.name)
    }
  }

  func test_markLoggedOut_whenLoggedOut_succeeds() async throws {
    for implementation in try implementations() {
      XCTAssertNoThrow(try implementation.make().markLoggedOut(), implementation.name)
    }
  }
}

/// What only the file store promises: its file's mode, atomic replacement and
/// surviving damage.
@MainActor
final class FileSessionStoreTests: XCTestCase {
  private func makeSUT(file: String = "state/session.json") throws -> (FileSessionStore, String, TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    addTeardownBlock { directory.remove() }
    let path = directory.file(file)
    let store = FileSessionStore(path: path)
    trackForMemoryLeaks(store)
    return (store, path, directory)
  }

  func test_markLoggedIn_writesAFileOnlyTheUserCanRead() async throws {
    let (store, path, _) = try makeSUT()
    try store.markLoggedIn(accountID: "1")
    XCTAssertEqual(Directories.mode(of: path), 0o600)
  }

  func test_markLoggedIn_createsTheMissingFolder() async throws {
    let (store, path, _) = try makeSUT(file: "deep/er/state/session.json")
    try store.markLoggedIn(accountID: "1")
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  func test_replace_leavesNoTemporaryFilesAndAWholeRecord() async throws {
    let (store, path, directory) = try makeSUT()
    try store.markLoggedIn(accountID: "1")
    try store.markLoggedIn(accountID: "22")

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("state"))
    XCTAssertEqual(files.sorted(), ["session.json", "session.json.lock"], "no temporary file is left")
    let record = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    XCTAssertEqual(record?["accountID"] as? String, "22")
    XCTAssertEqual(record?["version"] as? Int, 1)
  }

  func test_corruptFile_meansLoggedOutWithOneWarning() async throws {
    let (_, path, _) = try makeSUT()
    try Directories.prepare(String(path.dropLast("/session.json".count)))
    try Data("{\"accountID\": 3, garbage".utf8).write(to: URL(fileURLWithPath: path))

    let store = FileSessionStore(path: path)

    XCTAssertNil(store.currentAccountID)
    XCTAssertEqual(
      store.warning, "The session file \(path) is damaged, so you are logged out. Logging in again replaces it.")
  }

  func test_corruptFile_isReplacedByTheNextLogin() async throws {
    let (_, path, _) = try makeSUT()
    try Directories.prepare(String(path.dropLast("/session.json".count)))
    try Data([0xFF, 0x00, 0x13]).write(to: URL(fileURLWithPath: path))

    try FileSessionStore(path: path).markLoggedIn(accountID: "5")

    XCTAssertEqual(FileSessionStore(path: path).currentAccountID, "5")
    XCTAssertNil(FileSessionStore(path: path).warning)
  }

  func test_unreadableFile_meansLoggedOutWithAWarning() async throws {
    let (_, path, _) = try makeSUT()
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)

    let store = FileSessionStore(path: path)

    XCTAssertNil(store.currentAccountID)
    XCTAssertTrue(store.warning?.hasPrefix("The session file could not be read") == true, store.warning ?? "no warning")
  }

  /// Two Wayfarers on one home: the one logging out must not remove a
  /// session the other wrote since, even for the same account.
  func test_logout_removesTheFileOnlyWhileItHoldsThisProcesssSession() async throws {
    let (ann, path, _) = try makeSUT()
    try ann.markLoggedIn(accountID: "1")
    let bob = FileSessionStore(path: path)
    try bob.markLoggedIn(accountID: "2")

    try ann.markLoggedOut()

    XCTAssertNil(ann.currentAccountID)
    XCTAssertEqual(FileSessionStore(path: path).currentAccountID, "2", "bob's session stays")

    let again = FileSessionStore(path: path)
    try again.markLoggedIn(accountID: "2")
    try bob.markLoggedOut()
    XCTAssertEqual(FileSessionStore(path: path).currentAccountID, "2", "a newer login of the same account stays too")

    try again.markLoggedOut()
    XCTAssertNil(FileSessionStore(path: path).currentAccountID)
  }

  func test_logout_ofASessionReadAtLaunch_removesIt() async throws {
    let (first, path, _) = try makeSUT()
    try first.markLoggedIn(accountID: "1")

    try FileSessionStore(path: path).markLoggedOut()

    XCTAssertNil(FileSessionStore(path: path).currentAccountID)
  }

  func test_missingFile_isLoggedOutWithoutWarning() async throws {
    let (store, _, _) = try makeSUT()
    XCTAssertNil(store.currentAccountID)
    XCTAssertNil(store.warning)
  }
}
