import Diagnostics
import PreLogin
import TerminalNavigation

@MainActor
protocol PreLoginCoordinatorDelegate: AnyObject {
  func preLoginCoordinatorDidFinish(_ coordinator: PreLoginCoordinator)
}

/// Runs Welcome, Login and Register until someone is logged in.
@MainActor
final class PreLoginCoordinator: Coordinator, PreLoginFlowDelegate {
  weak var delegate: (any PreLoginCoordinatorDelegate)?
  private let window: Window
  private let services: AppServices
  private var stack: NavigationStack?
  private let lifetime = Lifetime(PreLoginCoordinator.self)

  init(window: Window, services: AppServices) {
    self.window = window
    self.services = services
  }

  func start() {
    let dependencies = PreLoginDependencies(
      session: services.session, accounts: services.accounts, attempts: services.accounts)
    let stack = PreLoginBuilder.build(dependencies: dependencies, environment: services.environment, flowDelegate: self)
    self.stack = stack
    window.setRoot(.stack(stack))
  }

  func preLoginDidFinish() {
    delegate?.preLoginCoordinatorDidFinish(self)
  }
}
