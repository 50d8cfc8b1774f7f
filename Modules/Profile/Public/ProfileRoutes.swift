/// Where App can take the person inside the Profile tab, for navigation
/// driven from outside the tab (deep links).
///
/// Each route shows its screen right above the tab's root, in place of
/// whatever the tab showed.
@MainActor
public protocol ProfileRoutes: AnyObject {
  /// Shows Settings: the feature flags.
  func showSettings()
}
