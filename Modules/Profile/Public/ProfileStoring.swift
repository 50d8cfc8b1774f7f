import Foundation

/// The one thing Profile does to the session: end it.
@MainActor
public protocol ProfileSessionStoring: AnyObject {
  func markLoggedOut() throws
}

/// The logged-in account, as Profile shows it.
public protocol ProfileAccountProviding: Sendable {
  var fullName: String { get }
  var email: String { get }
  var memberSince: Date { get }
}

/// The person's feature flags, stored per account.
@MainActor
public protocol ProfileSettingsStoring: AnyObject {
  /// Every flag, in a stable order.
  func featureFlags() throws -> [FeatureFlagState]
  func setFeatureFlag(_ key: String, isOn: Bool) throws
}
