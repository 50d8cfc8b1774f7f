import Diagnostics
import TerminalNavigation

/// Makes place details, for Home's own stack and for any other tab's: one
/// place that knows what a detail needs.
@MainActor
final class PlaceDetailFactory: PlaceDetailMaking {
  private let repository: any PlacesRepository
  private let favorites: any HomeFavoritesStoring
  private let flags: any HomeFeatureFlagsProviding
  private let browser: (any PlaceWebOpening)?
  private let lifetime = Lifetime(PlaceDetailFactory.self)

  init(
    repository: any PlacesRepository, favorites: any HomeFavoritesStoring, flags: any HomeFeatureFlagsProviding,
    browser: (any PlaceWebOpening)? = nil
  ) {
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
    self.browser = browser
  }

  func makeDetail(of place: Place) -> Screen {
    PlaceDetailScreen(
      viewModel: PlaceDetailViewModel(place: place, repository: repository, favorites: favorites, flags: flags),
      browser: browser)
  }

  func makeDetail(placeID: String) -> Screen {
    PlaceDetailScreen(
      viewModel: PlaceDetailViewModel(placeID: placeID, repository: repository, favorites: favorites, flags: flags),
      browser: browser)
  }

  func makePlaceDetail(for saved: FavoritePlace) -> Screen {
    // A place saved without a usable position is looked up by its id.
    Place(saved: saved).map(makeDetail(of:)) ?? makeDetail(placeID: saved.id)
  }
}
