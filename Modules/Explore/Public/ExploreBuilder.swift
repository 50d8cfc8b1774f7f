import FeatureEnvironment
import Foundation
import ServiceAccess
import TerminalNavigation

/// Builds the Explore tab: GitHub repository search at its root, a
/// repository's detail pushed from it, its README presented over that; the
/// assistant's chat (`ask`) pushed from any of them.
public enum ExploreBuilder {
  /// The tab over `dependencies`, in `environment` (its clock, client and
  /// cache, GitHub's under `github/`).
  @MainActor
  public static func build(dependencies: ExploreDependencies, environment: Environment) -> ExploreTab {
    let service: any GitHubService =
      dependencies.github.map { LiveGitHubService(access: $0, environment: environment) } ?? UnconfiguredGitHubService()
    let assistant = AssistantFactory(
      access: dependencies.assistant, store: dependencies.conversations, environment: environment,
      choices: dependencies.assistantChoices)
    let details = RepositoryDetailFactory(
      service: service, bookmarks: dependencies.bookmarks, flags: dependencies.flags, browser: dependencies.browser,
      assistant: assistant, now: environment.now)
    var router: ExploreRouter?
    let stack = NavigationStack { stack in
      let made = ExploreRouter(stack: stack, details: details, assistant: assistant)
      router = made
      let screen = SearchScreen(viewModel: SearchViewModel(service: service, router: made), now: environment.now)
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
  public let bookmarks: any ExploreBookmarksStoring
  public let flags: any ExploreFeatureFlagsProviding
  /// Opens addresses in a browser (`web` on a terminal); nil when none can.
  public let browser: (any WebOpening)?
  /// The assistant's models; nil (or no backend in it) when none is
  /// configured: the chat then says how to configure one.
  public let assistant: AssistantAccess?
  /// Where the person's conversations are kept.
  public let conversations: any ExploreConversationsStoring
  /// Where `/model` and `/backend` keep a choice with `--save`; nil: nowhere.
  public let assistantChoices: (any AssistantChoiceSaving)?

  public init(
    github: GitHubAccess?, bookmarks: any ExploreBookmarksStoring, flags: any ExploreFeatureFlagsProviding,
    browser: (any WebOpening)?, assistant: AssistantAccess?, conversations: any ExploreConversationsStoring,
    assistantChoices: (any AssistantChoiceSaving)? = nil
  ) {
    self.assistantChoices = assistantChoices
    self.github = github
    self.bookmarks = bookmarks
    self.flags = flags
    self.browser = browser
    self.assistant = assistant
    self.conversations = conversations
  }
}
