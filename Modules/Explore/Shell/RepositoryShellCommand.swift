import Commands
import Components
import Foundation
import JSON
import ServiceAccess
import TextSafety

/// `wayfarer repo OWNER/NAME`: a repository's facts, as Explore's detail
/// shows them, its README rendered with `--readme`, opened with `--web`.
enum RepositoryShellCommand {
  static func spec(fields: [String]) -> ShellCommandSpec {
    ShellCommandSpec(
      ["repo"], summary: "Show a GitHub repository, and with --readme its README",
      parameters: [Parameter("OWNER/NAME", .word, meaning: "OWNER/NAME is a repository on GitHub, like apple/swift")],
      options: [
        ShellOption("--readme", summary: "Show the README too (through the pager on a terminal)"),
        ShellOption("--web", summary: "Open the repository in the browser"),
        .json(fields: fields, of: "the repository"),
      ],
      examples: [
        "wayfarer repo apple/swift", "wayfarer repo apple/swift --readme", "wayfarer repo apple/swift --json",
        "wayfarer repo apple/swift --json description,stars",
      ])
  }

  static func command(
    record: JSONFields<Repository>, dependencies: @escaping @MainActor () -> ExploreShellDependencies?
  ) -> ShellCommand {
    let spec = Self.spec(fields: record.names)
    return ShellCommand(spec) { arguments, io in
      let typed = arguments.words.first ?? ""
      guard let name = RepositoryName(typed) else {
        io.say("\(ShellCommandSpec.quoted(typed)) is not a GitHub name like owner/name.\nUsage: \(spec.usage)")
        return .usage
      }
      guard let dependencies = dependencies() else { return .failure }
      if arguments.has("--web") { return openInBrowser(name, dependencies: dependencies, io: io) }
      let service: any GitHubService =
        dependencies.github.map { LiveGitHubService(access: $0, environment: dependencies.environment) }
        ?? UnconfiguredGitHubService()
      let repository: Repository
      let readme: Readme?
      do {
        repository = try await service.repository(name)
        readme = arguments.has("--readme") ? try await service.readme(of: name) : nil
      } catch GitHubError.notFound {
        io.say("GitHub has no repository \(name.description).")
        return .failure
      } catch {
        if case .failed(let reason) = ExploreFailure(error) {
          io.say("\(name.description) could not be loaded: \(reason)")
        }
        return .failure
      }
      if arguments.wantsJSON {
        io.write(bytes: json(repository, readme: readme, record: record, picked: arguments.jsonFields))
        return .success
      }
      io.write(ShellRows.lines(facts(of: repository), aligned: io.outputIsTerminal))
      guard arguments.has("--readme") else { return .success }
      guard let readme else {
        io.say("\(name.description) has no README.")
        return .success
      }
      let display = dependencies.display
      await display.show(ReadmeScreen.lines(of: readme, base: repository.readmeBaseURL, in: display.context))
      return .success
    }
  }

  @MainActor
  static func openInBrowser(_ name: RepositoryName, dependencies: ExploreShellDependencies, io: any ShellIO)
    -> ShellStatus
  {
    let address = Repository.webURL(of: name.description)
    io.write(address + "\n")
    guard io.outputIsTerminal, let browser = dependencies.browser, browser.open(address) else {
      if io.outputIsTerminal { io.say("No browser could be opened; the address is above.") }
      return .success
    }
    return .success
  }

  /// A row per fact that is known: name, then what the detail lists.
  static func facts(of repository: Repository) -> [[String]] {
    let rows: [(String, String?)] = [
      ("name", repository.fullName), ("description", repository.description),
      ("stars", repository.stars.map(String.init)), ("forks", repository.forks.map(String.init)),
      ("language", repository.language), ("licence", repository.licence),
      ("topics", repository.topics.isEmpty ? nil : repository.topics.joined(separator: ", ")),
      ("homepage", repository.homepage), ("archived", repository.isArchived ? "yes" : nil),
      ("web", repository.webURL),
    ]
    return rows.compactMap { label, value in value.map { [label, TextSanitizer.clean($0, limit: 400)] } }
  }

  /// `{"schema_version": 1, "repository": record, "readme": text or null}`,
  /// the record whole or of the `picked` fields.
  static func json(_ repository: Repository, readme: Readme?, record: JSONFields<Repository>, picked: [String]?)
    -> [UInt8]
  {
    var writer = JSONWriter(pretty: true)
    writer.object { object in
      object.member("schema_version", ShellJSON.schemaVersion)
      object.key("repository")
      record.write(repository, picked: picked, to: &object)
      if let readme { object.member("readme", readme.text) }
    }
    return writer.bytes + [UInt8(ascii: "\n")]
  }
}
