import Explore
import Networking
import ServiceAccess

/// How Explore reaches GitHub, where it caches, how it opens a browser, and
/// where the assistant's models are.
@MainActor
package struct ExploreEnvironment {
  var github: GitHubAccess?
  var cacheDirectory: String
  var browser: (any WebOpening)?
  /// Nil when neither Gemini nor an OpenAI-compatible server is configured.
  var assistant: AssistantAccess?

  /// No GitHub at all (tests and benchmarks that never search).
  package static let unconnected = ExploreEnvironment(github: nil, cacheDirectory: "/nonexistent", browser: nil)

  /// No GitHub, and the assistant at `assistant` (the turns benchmark).
  package static func assistantOnly(_ assistant: AssistantAccess) -> ExploreEnvironment {
    ExploreEnvironment(github: nil, cacheDirectory: "/nonexistent", browser: nil, assistant: assistant)
  }

  /// Explore's part of the configuration, reaching GitHub and the
  /// assistant's models through `client`.
  init(
    configuration: Configuration, client: any HTTPClient & HTTPStreaming, cacheDirectory: String,
    browser: (any WebOpening)?
  ) {
    let models = configuration.assistant
    if models.gemini != nil || models.openAI != nil {
      assistant = AssistantAccess(
        gemini: models.gemini, openAI: models.openAI, client: client,
        waitSeconds: configuration.timing.assistantWaitSeconds)
    }
    github = configuration.github.baseURL.map { baseURL in
      GitHubAccess(
        baseURL: baseURL, client: client,
        tokens: GitHubTokens(configured: configuration.github.token, searchPath: configuration.searchPath))
    }
    self.cacheDirectory = cacheDirectory
    self.browser = browser
  }

  init(github: GitHubAccess?, cacheDirectory: String, browser: (any WebOpening)?, assistant: AssistantAccess? = nil) {
    self.github = github
    self.cacheDirectory = cacheDirectory
    self.browser = browser
    self.assistant = assistant
  }
}
