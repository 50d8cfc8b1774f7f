import Diagnostics
import Foundation
import ServiceAccess
import TerminalNavigation

/// Makes repository details, for Explore's stack and any other tab's.
@MainActor
final class RepositoryDetailFactory: RepositoryDetailMaking {
  private let service: any GitHubService
  private let bookmarks: any ExploreBookmarksStoring
  private let flags: any ExploreFeatureFlagsProviding
  private let browser: (any WebOpening)?
  private let now: @Sendable () -> Date
  /// The chat a detail's `ask` opens, on whichever stack shows the detail.
  let assistant: AssistantFactory
  private let lifetime = Lifetime(RepositoryDetailFactory.self)

  init(
    service: any GitHubService, bookmarks: any ExploreBookmarksStoring, flags: any ExploreFeatureFlagsProviding,
    browser: (any WebOpening)?, assistant: AssistantFactory, now: @escaping @Sendable () -> Date
  ) {
    self.service = service
    self.bookmarks = bookmarks
    self.flags = flags
    self.browser = browser
    self.assistant = assistant
    self.now = now
  }

  /// The detail of `repository`, whose README goes through `router`.
  func makeDetail(of repository: Repository, router: any ExploreRouting) -> Screen? {
    guard
      let viewModel = RepositoryDetailViewModel(
        repository: repository, service: service, bookmarks: bookmarks, flags: flags, router: router, browser: browser)
    else { return nil }
    return RepositoryDetailScreen(viewModel: viewModel, now: now)
  }

  func makeRepositoryDetail(for saved: SavedRepository, on stack: NavigationStack) -> Screen? {
    makeDetail(
      of: Repository(saved: saved), router: ExploreRouter(stack: stack, details: self, assistant: assistant))
  }
}

extension Repository {
  /// A repository known only by its name (a link), until GitHub answers.
  init(named name: RepositoryName) {
    self.init(
      saved: SavedRepository(
        fullName: name.description, description: nil, stars: nil, forks: nil, language: nil, licence: nil, topics: [],
        webURL: Repository.webURL(of: name.description), defaultBranch: nil))
  }

  /// A saved repository as the detail shows it before GitHub answers.
  init(saved: SavedRepository) {
    self.init(
      fullName: saved.fullName, description: saved.description, stars: saved.stars, forks: saved.forks, watchers: nil,
      openIssues: nil, language: saved.language, licence: saved.licence, topics: saved.topics, homepage: nil,
      defaultBranch: RepositoryMapper.branch(saved.defaultBranch), createdAt: nil, updatedAt: nil, pushedAt: nil,
      isArchived: false, isFork: false)
  }
}
