import TerminalKit

/// Pushes inside the Home tab.
@MainActor
protocol HomeRouting: AnyObject {
  func showDetail(of place: Place)
}

@MainActor
final class HomeRouter: HomeRouting {
  weak var rootScreen: Screen?
  private let repository: any PlacesRepository
  private let favorites: any HomeFavoritesStoring
  private let flags: any HomeFeatureFlagsProviding
  private let lifetime = Lifetime(HomeRouter.self)

  init(repository: any PlacesRepository, favorites: any HomeFavoritesStoring, flags: any HomeFeatureFlagsProviding) {
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
  }

  func showDetail(of place: Place) {
    let viewModel = PlaceDetailViewModel(place: place, repository: repository, favorites: favorites, flags: flags)
    rootScreen?.navigationStack?.pushFromRoot(PlaceDetailScreen(viewModel: viewModel))
  }
}
