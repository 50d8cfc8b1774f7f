/// The switches a person can flip on Profile › Settings.
enum FeatureFlag: String, CaseIterable, Sendable {
  case favorites
  case map
  case categoryFilter = "category-filter"

  var title: String {
    switch self {
    case .favorites: "Bookmarks (save places and repos)"
    case .map: "Map view on Home"
    case .categoryFilter: "Category filter on Home"
    }
  }

  var isOnByDefault: Bool {
    switch self {
    case .favorites, .map: true
    case .categoryFilter: false
    }
  }
}
