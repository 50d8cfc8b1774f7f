import Foundation
import ServiceAccess
import TerminalNavigation

/// Builds the Explore tab: GitHub repository search at its root, a
/// repository's detail pushed from it, its README presented over that; the
/// assistant's chat (`ask`) pushed from any of them.
public enum ExploreBuilder {
  @MainActor
  public static func build(dependencies: ExploreDependencies) -> ExploreTab {
    let service: any GitHubService =
      dependencies.github.map {
        LiveGitHubService(access: $0, cacheDirectory: dependencies.cacheDirectory, now: dependencies.now)
      } ?? UnconfiguredGitHubService()
    let assistant = AssistantFactory(
      access: dependencies.assistant, store: dependencies.conversations, now: dependencies.now)
    let details = RepositoryDetailFactory(
      service: service, bookmarks: dependencies.bookmarks, flags: dependencies.flags, browser: dependencies.browser,
      assistant: assistant, now: dependencies.now)
    var router: ExploreRouter?
    let stack = NavigationStack { stack in
      let made = ExploreRouter(stack: stack, details: details, assistant: assistant)
      router = made
      let screen = SearchScreen(viewModel: SearchViewModel(service: service, router: made), now: dependencies.now)
      made.root = screen
      return screen
    }
    guard let router else { preconditionFailure("NavigationStack(makeRoot:) calls makeRoot at once") }
    return ExploreTab(stack: stack, routes: router, repositoryDetails: details)
  }
}

/// What the Explore tab needs from the app.
public struct ExploreDependencies {
  /// GitHub, or nil when no address may be used (each search then says why).
  public let github: GitHubAccess?
  /// Where repository records and READMEs are kept with their ETags.
  public let cacheDirectory: String
  public let bookmarks: any ExploreBookmarksStoring
  public let flags: any ExploreFeatureFlagsProviding
  /// Opens addresses in a browser (`web` on a terminal); nil when none can.
  public let browser: (any WebOpening)?
  /// The assistant's models; nil (or no backend in it) when none is
  /// configured: the chat then says how to configure one.
  public let assistant: AssistantAccess?
  /// Where the person's conversations are kept.
  public let conversations: any ExploreConversationsStoring
  public let now: @Sendable () -> Date

  public init(
    github: GitHubAccess?, cacheDirectory: String, bookmarks: any ExploreBookmarksStoring,
    flags: any ExploreFeatureFlagsProviding, browser: (any WebOpening)?, assistant: AssistantAccess?,
    conversations: any ExploreConversationsStoring,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.github = github
    self.cacheDirectory = cacheDirectory
    self.bookmarks = bookmarks
    self.flags = flags
    self.browser = browser
    self.assistant = assistant
    self.conversations = conversations
    self.now = now
  }
}
