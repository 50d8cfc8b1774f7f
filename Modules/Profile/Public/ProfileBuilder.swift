import Commands
import Foundation
import TerminalNavigation

/// Builds the Profile tab: the account, Settings and About pushed from it, and
/// logout.
public enum ProfileBuilder {
  /// The tab's stack, the account at its root, and its routes.
  ///
  /// The tab flow
  /// ends through `flowDelegate` when the person logs out.
  @MainActor
  public static func build(
    dependencies: ProfileDependencies,
    flowDelegate: any ProfileFlowDelegate
  ) -> ProfileTab {
    var router: ProfileRouter?
    let stack = NavigationStack { stack in
      let made = ProfileRouter(stack: stack, dependencies: dependencies, flowDelegate: flowDelegate)
      router = made
      let viewModel = ProfileViewModel(account: dependencies.account, session: dependencies.session, router: made)
      return ProfileScreen(viewModel: viewModel)
    }
    guard let router else { preconditionFailure("NavigationStack(makeRoot:) makes its root before it returns") }
    return ProfileTab(stack: stack, routes: router)
  }
}

/// What the Profile tab needs from the app.
public struct ProfileDependencies {
  public let account: any ProfileAccountProviding
  public let session: any ProfileSessionStoring
  public let settings: any ProfileSettingsStoring
  /// Shown on About.
  public let appVersion: String
  /// Shown on About: what Wayfarer is built on, and each one's licence.
  public let credits: [Credit]

  public init(
    account: any ProfileAccountProviding,
    session: any ProfileSessionStoring,
    settings: any ProfileSettingsStoring,
    appVersion: String,
    credits: [Credit]
  ) {
    self.account = account
    self.session = session
    self.settings = settings
    self.appVersion = appVersion
    self.credits = credits
  }
}

extension ProfileBuilder {
  /// Profile's one-shot commands (`wayfarer logout`), over the session
  /// made when one runs (nil: it has said why).
  public static func shellCommands(
    session: @escaping @MainActor () -> (any ProfileSessionStoring, isLoggedIn: Bool)?
  ) -> [ShellCommand] {
    [LogoutShellCommand.command(session: session)]
  }
}
