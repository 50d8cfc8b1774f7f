import Commands
import FeatureEnvironment
import Foundation
import TerminalNavigation

/// Builds the pre-login flow: Welcome, with Login and Register pushed from it.
public enum PreLoginBuilder {
  /// The flow's navigation stack, Welcome at its root.
  ///
  /// The flow leaves
  /// through `flowDelegate` once the person is logged in.
  @MainActor
  public static func build(
    dependencies: PreLoginDependencies,
    environment: Environment,
    flowDelegate: any PreLoginFlowDelegate
  ) -> NavigationStack {
    NavigationStack { stack in
      let router = PreLoginRouter(
        stack: stack, dependencies: dependencies, now: environment.now, flowDelegate: flowDelegate)
      return WelcomeScreen(viewModel: WelcomeViewModel(router: router))
    }
  }
}

/// What the pre-login flow needs from the app.
public struct PreLoginDependencies {
  public let session: any PreLoginSessionStoring
  public let accounts: any PreLoginAuthenticating
  public let attempts: any PreLoginAttemptsStoring

  public init(
    session: any PreLoginSessionStoring,
    accounts: any PreLoginAuthenticating,
    attempts: any PreLoginAttemptsStoring
  ) {
    self.session = session
    self.accounts = accounts
    self.attempts = attempts
  }
}

extension PreLoginBuilder {
  /// The pre-login flow's one-shot commands (`wayfarer login`), over the
  /// dependencies made when one runs (nil: it has said why).
  public static func shellCommands(
    dependencies: @escaping @MainActor () -> (PreLoginDependencies, Environment)?
  ) -> [ShellCommand] {
    [LoginShellCommand.command(dependencies: dependencies)]
  }
}
