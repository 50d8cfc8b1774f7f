import Diagnostics
import Profile
import TerminalNavigation

extension TabEntry {
  /// The account, Settings (the feature flags), About and logout.
  static let profile = TabEntry(
    name: "profile", title: "Profile",
    links: [
      TabLink(LinkPattern(word: "settings", value: .none, meaning: "Settings")) { coordinator, _ in
        guard let routes = coordinator.routes else { return TabEntry.notReady }
        routes.showSettings()
        return nil
      }
    ],
    shell: { launch in ProfileBuilder.shellCommands(session: launch.profileSession) },
    make: ProfileCoordinator.init)
}

/// Runs the Profile tab and passes its logout up the chain.
@MainActor
final class ProfileCoordinator: TabCoordinator, ProfileFlowDelegate {
  private let context: TabContext
  /// Moves inside the tab, for navigation driven from outside it; nil
  /// until `start()`.
  private(set) var routes: (any ProfileRoutes)?
  private let lifetime = Lifetime(ProfileCoordinator.self)

  init(context: TabContext) {
    self.context = context
  }

  func start() -> NavigationStack {
    let dependencies = ProfileDependencies(
      account: context.account, session: context.services.session, settings: context.flags,
      appVersion: AppInfo.version, credits: AppInfo.credits)
    let tab = ProfileBuilder.build(dependencies: dependencies, flowDelegate: self)
    routes = tab.routes
    return tab.stack
  }

  func profileDidLogOut() {
    context.logOut()
  }
}
