import Diagnostics
import TerminalNavigation

/// Makes place details, for Home's own stack and for any other tab's: one
/// place that knows what a detail needs.
@MainActor
final class PlaceDetailFactory: PlaceDetailMaking {
  private let repository: any PlacesRepository
  private let favorites: any HomeFavoritesStoring
  private let flags: any HomeFeatureFlagsProviding
  private let lifetime = Lifetime(PlaceDetailFactory.self)

  init(repository: any PlacesRepository, favorites: any HomeFavoritesStoring, flags: any HomeFeatureFlagsProviding) {
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
  }

  func makeDetail(of place: Place) -> Screen {
    PlaceDetailScreen(
      viewModel: PlaceDetailViewModel(place: place, repository: repository, favorites: favorites, flags: flags))
  }

  func makeDetail(placeID: String) -> Screen {
    PlaceDetailScreen(
      viewModel: PlaceDetailViewModel(placeID: placeID, repository: repository, favorites: favorites, flags: flags))
  }

  func makePlaceDetail(for saved: FavoritePlace) -> Screen {
    // A place saved without a usable position is looked up by its id.
    Place(saved: saved).map(makeDetail(of:)) ?? makeDetail(placeID: saved.id)
  }
}
