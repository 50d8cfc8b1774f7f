import Commands
import FeatureEnvironment
import JSON
import ServiceAccess
import TerminalText

/// What Explore's one-shot commands need from the app, asked for only when
/// one runs (so `--help` and completion open no file).
public struct ExploreShellDependencies {
  /// GitHub, or nil when no address may be used.
  public let github: GitHubAccess?
  public let environment: Environment
  /// Opens addresses in a browser (`repo --web`); nil when none can.
  public let browser: (any WebOpening)?
  /// Where a README is shown: the terminal (through the pager) or a pipe.
  public let display: any TextDisplaying
  /// The assistant's models; nil when none is configured.
  public let assistant: AssistantAccess?
  /// The logged-in account's conversations (`ask`); nil when logged out.
  public let conversations: (any ExploreConversationsStoring)?

  public init(
    github: GitHubAccess?, environment: Environment, browser: (any WebOpening)?, display: any TextDisplaying,
    assistant: AssistantAccess?,
    conversations: (any ExploreConversationsStoring)?
  ) {
    self.github = github
    self.environment = environment
    self.browser = browser
    self.display = display
    self.assistant = assistant
    self.conversations = conversations
  }
}

/// Shows rendered text on standard output: through the pager on a
/// terminal when it is longer than the window, plainly when piped.
@MainActor
public protocol TextDisplaying {
  /// The width and capabilities to render for.
  var context: RenderContext { get }
  func show(_ lines: [StyledLine]) async
}

extension ExploreBuilder {
  /// Explore's one-shot commands (`wayfarer search`), over the
  /// dependencies `dependencies` makes when one runs (nil: it has said why).
  ///
  /// `repositoryRecord` is how `--json` writes a repository: the record
  /// the bookmarks file holds, so that `--json` and `export` give one
  /// shape; its fields are what `--json=FIELDS` may name.
  public static func shellCommands(
    repositoryRecord: JSONFields<SavedRepository>,
    dependencies: @escaping @MainActor () -> ExploreShellDependencies?
  ) -> [ShellCommand] {
    let record = repositoryRecord.of { (repository: Repository) in repository.saved }
    return [
      SearchShellCommand.command(record: record, dependencies: dependencies),
      RepositoryShellCommand.command(record: record, dependencies: dependencies),
      AskShellCommand.command(dependencies: dependencies),
    ]
  }
}
