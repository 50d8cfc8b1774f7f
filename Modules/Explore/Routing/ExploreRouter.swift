import Diagnostics
import Foundation
import ServiceAccess
import TerminalNavigation

/// Moves inside the Explore tab (or, for a detail made for another tab,
/// inside that tab's stack).
@MainActor
protocol ExploreRouting: AnyObject {
  func showRepository(_ repository: Repository)
  func showReadme(of detail: RepositoryDetailViewModel)
  /// The assistant's chat; with `detail`, about its repository.
  func showAssistant(about detail: RepositoryDetailViewModel?)
}

@MainActor
final class ExploreRouter: ExploreRouting, ExploreRoutes {
  private let stack: StackHandle
  private let details: RepositoryDetailFactory
  private let assistant: AssistantFactory
  /// The search at the root, for a route that runs one (nil for a router
  /// made for another tab's stack).
  weak var root: SearchScreen?
  private let lifetime = Lifetime(ExploreRouter.self)

  init(stack: NavigationStack, details: RepositoryDetailFactory, assistant: AssistantFactory) {
    self.stack = StackHandle(stack, owner: ExploreRouter.self)
    self.details = details
    self.assistant = assistant
  }

  func showRepository(_ repository: Repository) {
    guard let screen = details.makeDetail(of: repository, router: self) else { return }
    stack.pushFromRoot(screen)
  }

  func showRepository(fullName: String) -> Bool {
    guard let name = RepositoryName(fullName) else { return false }
    showRepository(Repository(named: name))
    return true
  }

  func search(for query: String) {
    stack.popToRoot()
    root?.scheduleSearch(query)
  }

  func showReadme(of detail: RepositoryDetailViewModel) {
    stack.present(ReadmeScreen(viewModel: detail))
  }

  func showAssistant(about detail: RepositoryDetailViewModel?) {
    // Asked from a README, the README closes first: the chat goes above the detail.
    stack.target?.dismiss()
    stack.push(assistant.makeChat(about: detail))
  }
}
