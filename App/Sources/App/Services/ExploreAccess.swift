import Explore
import ServiceAccess

/// Where Explore reaches GitHub and the assistant's models, and the
/// browser (Home's `web` uses it too).
@MainActor
package struct ExploreAccess {
  var github: GitHubAccess?
  var browser: Browser?
  /// Nil when neither Gemini nor an OpenAI-compatible server is configured.
  var assistant: AssistantAccess?

  /// No GitHub at all (tests and benchmarks that never search).
  package static let unconnected = ExploreAccess(github: nil, browser: nil)

  /// No GitHub, and the assistant at `assistant` (the turns benchmark).
  package static func assistantOnly(_ assistant: AssistantAccess) -> ExploreAccess {
    ExploreAccess(github: nil, browser: nil, assistant: assistant)
  }

  /// Explore's part of the configuration.
  init(configuration: Configuration, browser: Browser?) {
    let models = configuration.assistant
    if models.gemini != nil || models.openAI != nil {
      assistant = AssistantAccess(
        gemini: models.gemini, openAI: models.openAI, waitSeconds: configuration.timing.assistantWaitSeconds,
        prefersOpenAI: models.prefersOpenAI)
    }
    github = configuration.github.baseURL.map { baseURL in
      GitHubAccess(
        baseURL: baseURL,
        tokens: GitHubTokens(configured: configuration.github.token, searchPath: configuration.searchPath))
    }
    self.browser = browser
  }

  init(github: GitHubAccess?, browser: Browser?, assistant: AssistantAccess? = nil) {
    self.github = github
    self.browser = browser
    self.assistant = assistant
  }
}
