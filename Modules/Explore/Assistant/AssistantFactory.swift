import Diagnostics
import FeatureEnvironment
import Foundation
import ServiceAccess
import TerminalNavigation

/// Makes the assistant's chat, about nothing in particular or about a
/// repository, over the configured backends (Gemini first).
@MainActor
final class AssistantFactory {
  private let access: AssistantAccess?
  private let store: any ExploreConversationsStoring
  private let environment: Environment
  private let choices: (any AssistantChoiceSaving)?
  /// One for all the chats made here: `/undo` reaches past the chat that cleared.
  private let cleared = ClearedConversations()
  private let lifetime = Lifetime(AssistantFactory.self)

  init(
    access: AssistantAccess?, store: any ExploreConversationsStoring, environment: Environment,
    choices: (any AssistantChoiceSaving)? = nil
  ) {
    self.access = access
    self.store = store
    self.environment = environment
    self.choices = choices
  }

  /// The chat; with `detail`, a new conversation about its repository,
  /// whose README is read through the detail's (cached) repository layer.
  func makeChat(about detail: RepositoryDetailViewModel? = nil) -> Screen {
    let subject = detail.map { detail in
      ChatViewModel.Subject(name: detail.repository.fullName) { [weak detail] in
        guard let detail else { return "" }
        await detail.loadReadme()
        let readme: String? = if case .loaded(let readme) = detail.readme { readme.text } else { nil }
        return RepositoryContext.text(of: detail.repository, readme: readme)
      }
    }
    let viewModel = ChatViewModel(
      backends: makeBackends(), store: store, subject: subject, now: environment.now, choices: choices,
      cleared: cleared)
    return ChatScreen(viewModel: viewModel)
  }

  func makeBackends() -> [any ChatBackend] {
    guard let access else { return [] }
    var backends: [any ChatBackend] = []
    if let gemini = access.gemini {
      backends.append(GeminiBackend(settings: gemini, client: environment.client, waitSeconds: access.waitSeconds))
    }
    if let openAI = access.openAI {
      backends.append(OpenAIBackend(settings: openAI, client: environment.client, waitSeconds: access.waitSeconds))
    }
    return access.prefersOpenAI ? backends.reversed() : backends
  }
}
