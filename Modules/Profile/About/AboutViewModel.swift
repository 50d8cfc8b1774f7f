import Diagnostics

/// Version and credits.
@MainActor
final class AboutViewModel {
  let version: String
  let credits: [Credit]
  private let lifetime = Lifetime(AboutViewModel.self)

  init(version: String, credits: [Credit]) {
    self.version = version
    self.credits = credits
  }
}
