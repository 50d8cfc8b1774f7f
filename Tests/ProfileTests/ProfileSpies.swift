import Foundation

@testable import Profile

@MainActor
final class ProfileRouterSpy: ProfileRouting {
  enum Message: Equatable { case showSettings, showAbout, finishAfterLogout }
  private(set) var messages: [Message] = []
  func showSettings() { messages.append(.showSettings) }
  func showAbout() { messages.append(.showAbout) }
  func finishAfterLogout() { messages.append(.finishAfterLogout) }
}

@MainActor
final class ProfileSessionSpy: ProfileSessionStoring {
  private(set) var loggedOut = 0
  var failure: (any Error)?
  func markLoggedOut() throws {
    if let failure { throw failure }
    loggedOut += 1
  }
}

@MainActor
final class SettingsStub: ProfileSettingsStoring {
  var flags = [
    FeatureFlagState(key: "favorites", title: "Favorites", isOn: true),
    FeatureFlagState(key: "map", title: "Map view", isOn: false),
  ]
  /// Fails reads and writes.
  var failure: (any Error)?
  /// Fails writes only.
  var writeFailure: (any Error)?
  private(set) var writes: [String] = []

  func featureFlags() throws -> [FeatureFlagState] {
    if let failure { throw failure }
    return flags
  }

  func setFeatureFlag(_ key: String, isOn: Bool) throws {
    if let failure = failure ?? writeFailure { throw failure }
    writes.append("\(key)=\(isOn)")
    flags = flags.map { $0.key == key ? FeatureFlagState(key: key, title: $0.title, isOn: isOn) : $0 }
  }
}

struct AccountStub: ProfileAccountProviding {
  var fullName = "Ada Lovelace"
  var email = "ada@example.com"
  var memberSince = Date(timeIntervalSince1970: 1_795_910_400)  // 2026-11-29
}

/// A store's failure, with a sentence as SQLite's errors have.
struct DiskFull: Error, CustomStringConvertible, LocalizedError {
  var description: String { "the disk is full" }
  var errorDescription: String? { description }
}

@MainActor
final class ProfileFlowDelegateSpy: ProfileFlowDelegate {
  private(set) var loggedOut = 0
  func profileDidLogOut() { loggedOut += 1 }
}
