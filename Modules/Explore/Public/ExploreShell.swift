import Commands
import FeatureEnvironment
import JSON
import ServiceAccess

/// What Explore's one-shot commands need from the app, asked for only when
/// one runs (so `--help` and completion open no file).
public struct ExploreShellDependencies {
  /// GitHub, or nil when no address may be used.
  public let github: GitHubAccess?
  public let environment: Environment
  /// How a repository is written as JSON: the bookmarks file's record.
  public let records: any RepositoryRecordWriting

  public init(github: GitHubAccess?, environment: Environment, records: any RepositoryRecordWriting) {
    self.github = github
    self.environment = environment
    self.records = records
  }
}

/// Writes a repository as the record the bookmarks file holds, so that
/// `--json` and `export` give one shape.
public protocol RepositoryRecordWriting {
  func write(_ repository: SavedRepository, to writer: inout JSONWriter)
}

extension ExploreBuilder {
  /// Explore's one-shot commands (`wayfarer search`), over the
  /// dependencies `dependencies` makes when one runs (nil: it has said why).
  public static func shellCommands(
    dependencies: @escaping @MainActor () -> ExploreShellDependencies?
  ) -> [ShellCommand] {
    [SearchShellCommand.command(dependencies: dependencies)]
  }
}
