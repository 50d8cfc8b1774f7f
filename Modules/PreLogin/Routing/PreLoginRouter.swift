import Diagnostics
import Foundation
import TerminalNavigation

/// Moves inside the pre-login flow, and out of it.
@MainActor
protocol PreLoginRouting: AnyObject {
  func showLogin()
  func showRegister()
  /// Back to Welcome, after a form was cancelled.
  func closeForm()
  /// Logged in: hand over to the app.
  func finish()
}

@MainActor
final class PreLoginRouter: PreLoginRouting {
  private let stack: StackHandle
  private weak var flowDelegate: (any PreLoginFlowDelegate)?
  private let dependencies: PreLoginDependencies
  /// The clock the login throttle counts with.
  private let now: @Sendable () -> Date
  private let lifetime = Lifetime(PreLoginRouter.self)

  init(
    stack: NavigationStack, dependencies: PreLoginDependencies, now: @escaping @Sendable () -> Date,
    flowDelegate: any PreLoginFlowDelegate
  ) {
    self.stack = StackHandle(stack, owner: PreLoginRouter.self)
    self.dependencies = dependencies
    self.now = now
    self.flowDelegate = flowDelegate
  }

  func showLogin() {
    let viewModel = LoginViewModel(
      accounts: dependencies.accounts, session: dependencies.session,
      throttle: LoginThrottle(attempts: dependencies.attempts, now: now), router: self)
    push(LoginScreen(viewModel: viewModel))
  }

  func showRegister() {
    let viewModel = RegisterViewModel(accounts: dependencies.accounts, session: dependencies.session, router: self)
    push(RegisterScreen(viewModel: viewModel))
  }

  func closeForm() {
    stack.popToRoot()
  }

  func finish() {
    flowDelegate?.preLoginDidFinish()
  }

  private func push(_ screen: Screen) {
    stack.pushFromRoot(screen)
  }
}
