import Foundation
import TerminalKit

/// Moves inside the Explore tab (or, for a detail made for another tab,
/// inside that tab's stack).
@MainActor
protocol ExploreRouting: AnyObject {
  func showRepository(_ repository: Repository)
  func showReadme(of detail: RepositoryDetailViewModel)
}

@MainActor
final class ExploreRouter: ExploreRouting {
  private let stack: StackHandle
  private let details: RepositoryDetailFactory
  private let lifetime = Lifetime(ExploreRouter.self)

  init(stack: NavigationStack, details: RepositoryDetailFactory) {
    self.stack = StackHandle(stack, owner: ExploreRouter.self)
    self.details = details
  }

  func showRepository(_ repository: Repository) {
    guard let screen = details.makeDetail(of: repository, router: self) else { return }
    stack.pushFromRoot(screen)
  }

  func showReadme(of detail: RepositoryDetailViewModel) {
    stack.present(ReadmeScreen(viewModel: detail))
  }
}
