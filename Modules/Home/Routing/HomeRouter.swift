import TerminalKit

/// Pushes inside the Home tab.
@MainActor
protocol HomeRouting: AnyObject {
  func showDetail(of place: Place)
}

@MainActor
final class HomeRouter: HomeRouting {
  private let stack: StackHandle
  private let repository: any PlacesRepository
  private let favorites: any HomeFavoritesStoring
  private let flags: any HomeFeatureFlagsProviding
  private let lifetime = Lifetime(HomeRouter.self)

  init(
    stack: NavigationStack, repository: any PlacesRepository, favorites: any HomeFavoritesStoring,
    flags: any HomeFeatureFlagsProviding
  ) {
    self.stack = StackHandle(stack, owner: HomeRouter.self)
    self.repository = repository
    self.favorites = favorites
    self.flags = flags
  }

  func showDetail(of place: Place) {
    let viewModel = PlaceDetailViewModel(place: place, repository: repository, favorites: favorites, flags: flags)
    stack.pushFromRoot(PlaceDetailScreen(viewModel: viewModel))
  }
}
