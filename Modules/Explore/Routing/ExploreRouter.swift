import Foundation
import TerminalKit

/// Moves inside the Explore tab.
@MainActor
protocol ExploreRouting: AnyObject {
  func showRepository(_ repository: Repository)
  func showReadme(of detail: RepositoryDetailViewModel)
}

@MainActor
final class ExploreRouter: ExploreRouting {
  private let stack: StackHandle
  private let service: any GitHubService
  private let bookmarks: any ExploreBookmarksStoring
  private let browser: (any WebOpening)?
  private let now: @Sendable () -> Date
  private let lifetime = Lifetime(ExploreRouter.self)

  init(
    stack: NavigationStack, service: any GitHubService, bookmarks: any ExploreBookmarksStoring,
    browser: (any WebOpening)?, now: @escaping @Sendable () -> Date
  ) {
    self.stack = StackHandle(stack, owner: ExploreRouter.self)
    self.service = service
    self.bookmarks = bookmarks
    self.browser = browser
    self.now = now
  }

  func showRepository(_ repository: Repository) {
    guard
      let viewModel = RepositoryDetailViewModel(
        repository: repository, service: service, bookmarks: bookmarks, router: self)
    else { return }
    stack.pushFromRoot(RepositoryDetailScreen(viewModel: viewModel, browser: browser, now: now))
  }

  func showReadme(of detail: RepositoryDetailViewModel) {
    stack.present(ReadmeScreen(viewModel: detail))
  }
}
