import Diagnostics
import TerminalNavigation

/// Moves inside the Profile tab, and out of the tab flow on logout.
@MainActor
protocol ProfileRouting: AnyObject {
  func showSettings()
  func showAbout()
  func finishAfterLogout()
}

@MainActor
final class ProfileRouter: ProfileRouting, ProfileRoutes {
  private let stack: StackHandle
  private weak var flowDelegate: (any ProfileFlowDelegate)?
  private let dependencies: ProfileDependencies
  private let lifetime = Lifetime(ProfileRouter.self)

  init(stack: NavigationStack, dependencies: ProfileDependencies, flowDelegate: any ProfileFlowDelegate) {
    self.stack = StackHandle(stack, owner: ProfileRouter.self)
    self.dependencies = dependencies
    self.flowDelegate = flowDelegate
  }

  func showSettings() {
    show(SettingsScreen(viewModel: SettingsViewModel(settings: dependencies.settings), logOut: logOutAction))
  }

  func showAbout() {
    show(
      AboutScreen(
        viewModel: AboutViewModel(version: dependencies.appVersion, credits: dependencies.credits), logOut: logOutAction
      ))
  }

  /// `logout` on Settings and About, as on the Profile screen.
  private var logOutAction: @MainActor () -> ProfileViewModel.LogoutResult {
    let session = dependencies.session
    return { [weak self] in
      guard let self else { return .failed(reason: "the Profile tab is closing") }
      return ProfileViewModel.logOut(session: session, router: self)
    }
  }

  func finishAfterLogout() {
    flowDelegate?.profileDidLogOut()
  }

  private func show(_ screen: Screen) {
    stack.pushFromRoot(screen)
  }
}
