import Foundation
import Locking
import Networking
import ServiceAccess
import TestSupport

@testable import Explore

/// GitHub answering from a script, recording what it was asked.
final class GitHubServiceSpy: GitHubService, @unchecked Sendable {
  enum Call: Equatable {
    case search(String, SearchSort, page: Int)
    case repository(String)
    case readme(String)
  }

  private let lock = Lock()
  private var _calls: [Call] = []
  var pages: [Result<SearchPage, any Error>] = []
  var repositoryResult: Result<Repository, any Error> = .failure(GitHubError.notFound)
  var readmeResult: Result<Readme?, any Error> = .success(nil)
  var rateLimit: RateLimit?

  var calls: [Call] { lock.withLock { _calls } }

  func search(_ query: String, sort: SearchSort, page: Int) async throws -> SearchPage {
    lock.withLock { _calls.append(.search(query, sort, page: page)) }
    guard !pages.isEmpty else { return SearchPage(totalCount: 0, isIncomplete: false, repositories: []) }
    return try pages.removeFirst().get()
  }

  func repository(_ name: RepositoryName) async throws -> Repository {
    lock.withLock { _calls.append(.repository(name.description)) }
    return try repositoryResult.get()
  }

  func readme(of name: RepositoryName) async throws -> Readme? {
    lock.withLock { _calls.append(.readme(name.description)) }
    return try readmeResult.get()
  }
}

/// A token source that counts how often it was asked.
final class TokenSpy: GitHubTokenProviding {
  private let asked = Locked(0)
  let token: GitHubToken?

  init(_ token: GitHubToken?) {
    self.token = token
  }

  var timesAsked: Int { asked.withLock { $0 } }

  func token() async -> GitHubToken? {
    asked.withLock { $0 += 1 }
    try? await Task.sleep(for: .milliseconds(10))
    return token
  }
}

/// Saved repositories in memory, honouring the contract App's store keeps.
@MainActor
final class BookmarksSpy: ExploreBookmarksStoring {
  private(set) var saved: [String: SavedRepository] = [:]
  var failure: (any Error)?

  func isBookmarked(repository fullName: String) throws -> Bool {
    if let failure { throw failure }
    return saved[fullName.lowercased()] != nil
  }

  func saveRepository(_ repository: SavedRepository) throws {
    if let failure { throw failure }
    saved[repository.fullName.lowercased()] = repository
  }

  func removeRepository(fullName: String) throws {
    if let failure { throw failure }
    saved[fullName.lowercased()] = nil
  }
}

@MainActor
final class ExploreRouterSpy: ExploreRouting {
  private(set) var shown: [String] = []
  private(set) var readmes: [String] = []
  func showRepository(_ repository: Repository) { shown.append(repository.fullName) }
  func showReadme(of detail: RepositoryDetailViewModel) { readmes.append(detail.repository.fullName) }
  private(set) var assistants: [String?] = []
  func showAssistant(about detail: RepositoryDetailViewModel?) { assistants.append(detail?.repository.fullName) }
}

extension Repository {
  static func sample(_ fullName: String, stars: Int? = 10) -> Repository {
    Repository(
      fullName: fullName, description: "About \(fullName)", stars: stars, forks: 1, watchers: nil, openIssues: 0,
      language: "Swift", licence: "MIT", topics: [], homepage: nil,
      defaultBranch: "main", createdAt: nil, updatedAt: nil, pushedAt: nil, isArchived: false, isFork: false)
  }
}

extension SearchPage {
  /// `count` repositories named `owner/repo-N` from `first`.
  static func sample(total: Int, count: Int, first: Int = 1, dropped: Int = 0) -> SearchPage {
    SearchPage(
      totalCount: total, isIncomplete: false,
      repositories: (first..<(first + count)).map { Repository.sample("owner/repo-\($0)") }, dropped: dropped)
  }
}

/// The favorites flag as Profile › Settings sets it.
@MainActor
final class ExploreFlagsStub: ExploreFeatureFlagsProviding {
  var areBookmarksEnabled = true
}

@MainActor
final class BrowserSpy: WebOpening {
  private(set) var opened: [String] = []

  func open(_ url: String) -> Bool {
    opened.append(url)
    return true
  }
}
