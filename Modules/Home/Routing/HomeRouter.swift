import Diagnostics
import TerminalNavigation

/// Pushes inside the Home tab.
@MainActor
protocol HomeRouting: AnyObject {
  func showDetail(of place: Place)
}

@MainActor
final class HomeRouter: HomeRouting, HomeRoutes {
  private let stack: StackHandle
  private let details: PlaceDetailFactory
  /// The list at the root, for routes that run one of its searches.
  weak var root: NearbyPlacesScreen?
  private let lifetime = Lifetime(HomeRouter.self)

  init(stack: NavigationStack, details: PlaceDetailFactory) {
    self.stack = StackHandle(stack, owner: HomeRouter.self)
    self.details = details
  }

  func showDetail(of place: Place) {
    stack.pushFromRoot(details.makeDetail(of: place))
  }

  func showPlace(id: String) {
    stack.pushFromRoot(details.makeDetail(placeID: id))
  }

  func showCity(matching query: String) {
    stack.popToRoot()
    root?.scheduleCitySearch(query)
  }
}
