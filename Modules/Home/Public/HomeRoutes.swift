import TerminalNavigation

/// What App can ask of the Home tab from outside it (a deep link, say):
/// Home shows it on its own stack, above the list.
@MainActor
public protocol HomeRoutes: AnyObject {
  /// Shows the place Geoapify (or the offline catalog) knows by `id`; it
  /// loads on the detail.
  func showPlace(id: String)
  /// Returns to the list and searches for cities called `query`, as `city
  /// NAME` there does (the matches are listed; `use N` moves there).
  func showCity(matching query: String)
}

/// Makes Home's place detail for another tab's stack (Bookmarks pushes a
/// saved place's detail on its own).
@MainActor
public protocol PlaceDetailMaking: AnyObject {
  /// The detail of a saved place: shown at once from what was saved (so it
  /// works offline), then completed from the service when it answers.
  func makePlaceDetail(for place: FavoritePlace) -> Screen
}

/// The Home tab as its builder hands it to App.
@MainActor
public struct HomeTab {
  /// The list at the root, details pushed above it.
  public let stack: NavigationStack
  public let routes: any HomeRoutes
  public let placeDetails: any PlaceDetailMaking
}
