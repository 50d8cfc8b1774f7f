import Diagnostics
import Foundation
import Home
import TerminalNavigation
import TextSafety

extension TabEntry {
  /// Nearby places, a city search and a place's detail.
  static let home = TabEntry(
    name: "home", title: "Home",
    links: [
      TabLink(
        LinkPattern(
          word: "place",
          value: .path(label: "ID", parts: 1) { id in
            PlaceIdentifier.isValid(id) ? nil : "'\(TextSanitizer.clean(id, limit: 30))' is not a place id"
          },
          meaning: "a place's detail on Home (Geoapify's id, or the catalog's `offline-0004`)")
      ) { coordinator, id in
        guard let routes = coordinator.routes else { return TabEntry.notReady }
        routes.showPlace(id: id)
        return nil
      },
      TabLink(
        LinkPattern(
          word: "city", value: .query(label: "NAME", what: "city's name", limit: 100),
          meaning: "Home's city search for NAME (`use N` then moves there)")
      ) { coordinator, query in
        guard let routes = coordinator.routes else { return TabEntry.notReady }
        routes.showCity(matching: query)
        return nil
      },
    ],
    shell: { launch in HomeBuilder.shellCommands(placeRecord: ShellRecords.place, dependencies: launch.home) },
    make: HomeCoordinator.init)
}

/// Runs the Home tab.
@MainActor
final class HomeCoordinator: TabCoordinator {
  private let context: TabContext
  /// What other flows may ask of Home (deep links), once started.
  private(set) var routes: (any HomeRoutes)?
  /// Home's place detail, for another tab's stack.
  private(set) var placeDetails: (any PlaceDetailMaking)?
  private let lifetime = Lifetime(HomeCoordinator.self)

  init(context: TabContext) {
    self.context = context
  }

  func start() -> NavigationStack {
    let services = context.services
    let tab = HomeBuilder.build(
      dependencies: HomeDependencies(
        geoapify: services.home.geoapify, fixedLocation: services.home.fixedLocation,
        favorites: services.bookmarks(for: context.account.id), locations: services.settings(for: context.account.id),
        featureFlags: context.flags, browser: services.explore.browser),
      environment: services.environment)
    routes = tab.routes
    placeDetails = tab.placeDetails
    return tab.stack
  }

  func offer(to context: inout TabContext) {
    context.placeDetails = placeDetails
  }
}

extension PlaceBookmark {
  /// Home's place detail, shown from what was saved.
  @MainActor
  func detailScreen(savedAt: Date?, in context: TabContext, on stack: NavigationStack) -> Screen? {
    context.placeDetails?.makePlaceDetail(for: favoritePlace(savedAt: savedAt))
  }
}
