/// One feature flag as Settings lists it.
public struct FeatureFlagState: Equatable, Sendable {
  /// What identifies it to the store and to `toggle NAME` (`map`).
  public let key: String
  /// What people read (`Map view on Home`).
  public let title: String
  public let isOn: Bool

  public init(key: String, title: String, isOn: Bool) {
    self.key = key
    self.title = title
    self.isOn = isOn
  }
}
