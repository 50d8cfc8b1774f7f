import TextSafety

/// The sentences of a place's detail.
enum PlaceDetailWording {
  static func sentence(for toggle: PlaceDetailViewModel.FavoriteToggle) -> String {
    switch toggle {
    case .saved(let name): "Saved \(name) to your bookmarks."
    case .removed(let name): "Removed \(name) from your bookmarks."
    case .favoritesOff: "Favorites are off. Turn them on in Profile › Settings (toggle favorites)."
    case .failed(let reason): "Could not save favorite. Please try again. (\(reason))"
    }
  }

  /// Why the details did not come, after "Details are unavailable: ".
  static func reason(_ failure: LoadFailure) -> String {
    switch failure {
    case .cancelled: "loading was cancelled"
    case .failed(let reason, _): reason
    }
  }

  static let cancelled = "Loading the details was cancelled; type back, then open the place again to retry."

  static func notFound(id: String) -> String {
    "No place has the id \(TextSanitizer.clean(id, limit: 80))."
  }
}
