import Explore
import Home

/// What a tab's coordinator is made with: the account, the app's services,
/// the flags in memory, and what the tabs started before it offer (Bookmarks
/// pushes Home's place detail and Explore's repository detail on its stack).
@MainActor
struct TabContext {
  let account: Account
  let services: AppServices
  let flags: FeatureFlags
  /// Ends the tab flow (Profile's logout).
  let logOut: @MainActor () -> Void
  /// Home's place detail, for another tab's stack.
  var placeDetails: (any PlaceDetailMaking)?
  /// Explore's repository detail, for another tab's stack.
  var repositoryDetails: (any RepositoryDetailMaking)?
}
