import Diagnostics

/// Welcome's choices: log in or register.
@MainActor
final class WelcomeViewModel {
  private let router: any PreLoginRouting
  private let lifetime = Lifetime(WelcomeViewModel.self)

  init(router: any PreLoginRouting) {
    self.router = router
  }

  func selectLogin() {
    router.showLogin()
  }

  func selectRegister() {
    router.showRegister()
  }
}
