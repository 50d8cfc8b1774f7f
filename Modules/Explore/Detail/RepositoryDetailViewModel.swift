import Diagnostics
import ErrorSentences
import Foundation
import ServiceAccess

/// One repository: the search row at once, the full record when it comes,
/// its README on demand, and whether it is bookmarked.
@MainActor
final class RepositoryDetailViewModel {
  enum Record: Equatable {
    case loading
    case full
    /// GitHub has no such repository (a 404: gone, renamed away, private).
    case missing
    case unavailable(ExploreFailure)
  }

  enum ReadmeState: Equatable {
    case notLoaded
    case loaded(Readme)
    /// The repository has no README (404).
    case none
    case failed(ExploreFailure)
  }

  enum BookmarkToggle: Equatable {
    case saved(name: String)
    case removed(name: String)
    case failed(reason: String)
  }

  private(set) var repository: Repository
  /// The name requests use: the repository's own, so a renamed or moved
  /// one follows GitHub's answer (the name opened is the fallback, though
  /// every `Repository` already holds a checked name).
  var name: RepositoryName { RepositoryName(repository.fullName) ?? openedName }
  private let openedName: RepositoryName
  private(set) var record: Record = .loading
  private(set) var readme: ReadmeState = .notLoaded
  private let service: any GitHubService
  private let bookmarks: any ExploreBookmarksStoring
  private let flags: any ExploreFeatureFlagsProviding
  private let router: any ExploreRouting
  private let browser: (any WebOpening)?
  private let lifetime = Lifetime(RepositoryDetailViewModel.self)

  init?(
    repository: Repository, service: any GitHubService, bookmarks: any ExploreBookmarksStoring,
    flags: any ExploreFeatureFlagsProviding, router: any ExploreRouting, browser: (any WebOpening)? = nil
  ) {
    self.browser = browser
    guard let name = RepositoryName(repository.fullName) else { return nil }
    self.repository = repository
    self.openedName = name
    self.service = service
    self.bookmarks = bookmarks
    self.flags = flags
    self.router = router
  }

  /// Asks for the full record once; a failure leaves the search row as it is.
  func loadRecord() async {
    guard record == .loading else { return }
    do {
      repository = try await service.repository(name)
      record = .full
    } catch GitHubError.notFound {
      record = .missing
    } catch {
      record = .unavailable(ExploreFailure(error))
    }
  }

  /// Asks for the README unless it is already here.
  func loadReadme() async {
    if case .loaded = readme { return }
    if readme == .none { return }
    do {
      readme = try await service.readme(of: name).map(ReadmeState.loaded) ?? .none
    } catch {
      readme = .failed(ExploreFailure(error))
    }
  }

  /// Asks the browser to open `address` (`web`, on the detail and on the
  /// README); false when there is none.
  func openInBrowser(_ address: String) -> Bool {
    browser?.open(address) ?? false
  }

  func showReadme() {
    router.showReadme(of: self)
  }

  /// The assistant, about this repository.
  func askAssistant() {
    router.showAssistant(about: self)
  }

  /// Where relative links and images of the README lead: the file tree of
  /// the default branch on github.com.
  var readmeBaseURL: URL? { repository.readmeBaseURL }

  /// Whether `bookmark` is offered (the favorites flag, Profile › Settings);
  /// for a repository GitHub does not have, only to remove a bookmark.
  var areBookmarksOffered: Bool { flags.areBookmarksEnabled && (record != .missing || isBookmarked) }

  /// Whether `readme` and `ask` are offered: not for a repository GitHub
  /// does not have.
  var isOnGitHub: Bool { record != .missing }

  var isBookmarked: Bool { (try? bookmarks.isBookmarked(repository: repository.fullName)) ?? false }

  func toggleBookmark() -> BookmarkToggle {
    do {
      if try bookmarks.isBookmarked(repository: repository.fullName) {
        try bookmarks.removeRepository(fullName: repository.fullName)
        return .removed(name: repository.fullName)
      }
      try bookmarks.saveRepository(saved)
      return .saved(name: repository.fullName)
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  private var saved: SavedRepository { repository.saved }
}

extension Repository {
  /// Where the README's relative links point: its folder on github.com.
  var readmeBaseURL: URL? {
    URL(string: "https://github.com/\(fullName)/blob/\(defaultBranch ?? "HEAD")/")
  }

  /// What is saved (and written as a record) of it.
  var saved: SavedRepository {
    SavedRepository(
      fullName: fullName, description: description, stars: stars, forks: forks, language: language, licence: licence,
      topics: topics, webURL: webURL, defaultBranch: defaultBranch)
  }
}
