import TerminalKit

/// Version and credits.
@MainActor
final class AboutViewModel {
  let version: String
  let credits: [(name: String, licence: String)]
  private let lifetime = Lifetime(AboutViewModel.self)

  init(version: String, credits: [(name: String, licence: String)]) {
    self.version = version
    self.credits = credits
  }
}
