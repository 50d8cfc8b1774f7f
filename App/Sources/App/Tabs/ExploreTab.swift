import Diagnostics
import Explore
import Foundation
import ServiceAccess
import TerminalNavigation
import TextSafety

extension TabEntry {
  /// GitHub search, a repository's detail and README, and the assistant.
  static let explore = TabEntry(
    name: "explore", title: "Explore",
    links: [
      TabLink(
        LinkPattern(
          word: repositoryWord,
          value: .path(label: "OWNER/NAME", parts: 2) { fullName in
            // The first part may be a page of GitHub's own (an address copied
            // from github.com/orgs/NAME): said as such, not as a bad name.
            if let owner = fullName.split(separator: "/").first, RepositoryName.isSitePage(owner) {
              return "github.com/\(owner.lowercased())/… is one of GitHub's own pages, not a repository's address"
            }
            return RepositoryName(fullName) != nil
              ? nil : "'\(TextSanitizer.visible(fullName, limit: 40))' is not a GitHub name like owner/name"
          },
          meaning: "a repository's detail in Explore", webAddress: "https://github.com/")
      ) { coordinator, fullName in
        guard let routes = coordinator.routes else { return TabEntry.notReady }
        return routes.showRepository(fullName: fullName) ? nil : "it does not name a GitHub repository"
      },
      TabLink(
        LinkPattern(
          word: "search", value: .query(label: "QUERY", what: "search", limit: 256),
          meaning: "Explore's search for QUERY")
      ) { coordinator, query in
        guard let routes = coordinator.routes else { return TabEntry.notReady }
        routes.search(for: query)
        return nil
      },
    ],
    shell: { launch in
      ExploreBuilder.shellCommands(repositoryRecord: ShellRecords.repository, dependencies: launch.explore)
    },
    make: ExploreCoordinator.init)
}

extension TabEntry {
  /// The link word of a repository's detail (`wayfarer://explore/repo/…`).
  static let repositoryWord = "repo"

  /// `open OWNER/NAME` typed at any prompt (Home's, Bookmarks', Explore's):
  /// the repository's link.
  static func repositoryLink(_ text: String) -> String? {
    RepositoryName(text.trimmingCharacters(in: .whitespaces)).map {
      "\(DeepLink.scheme)://\(explore.name)/\(repositoryWord)/\($0)"
    }
  }
}

/// Runs the Explore tab.
@MainActor
final class ExploreCoordinator: TabCoordinator {
  private let context: TabContext
  /// What other flows may ask of Explore (deep links), once started.
  private(set) var routes: (any ExploreRoutes)?
  /// Explore's repository detail, for another tab's stack.
  private(set) var repositoryDetails: (any RepositoryDetailMaking)?
  private let lifetime = Lifetime(ExploreCoordinator.self)

  init(context: TabContext) {
    self.context = context
  }

  func start() -> NavigationStack {
    let (services, account) = (context.services, context.account)
    let explore = services.explore
    let tab = ExploreBuilder.build(
      dependencies: ExploreDependencies(
        github: explore.github, bookmarks: services.bookmarks(for: account.id), flags: context.flags,
        browser: explore.browser, assistant: explore.assistant, conversations: services.conversations(for: account.id),
        assistantChoices: services.configFile.map(ConfigChoices.init)),
      environment: services.environment)
    routes = tab.routes
    repositoryDetails = tab.repositoryDetails
    return tab.stack
  }

  func offer(to context: inout TabContext) {
    context.repositoryDetails = repositoryDetails
  }
}

extension RepositoryBookmark {
  /// Explore's repository detail, shown from what was saved.
  @MainActor
  func detailScreen(savedAt: Date?, in context: TabContext, on stack: NavigationStack) -> Screen? {
    context.repositoryDetails?.makeRepositoryDetail(for: savedRepository(savedAt: savedAt), on: stack)
  }
}
