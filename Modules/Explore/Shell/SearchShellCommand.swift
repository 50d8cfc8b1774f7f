import Commands
import JSON
import TextSafety

/// `wayfarer search QUERY…`: Explore's search from the shell, its rows as
/// tab-separated fields (aligned on a terminal) or its records as JSON.
enum SearchShellCommand {
  static let sorts = SearchSort.allCases.filter { $0 != .best }.map(\.rawValue)

  static func spec(fields: [String]) -> ShellCommandSpec {
    ShellCommandSpec(
      ["search"], summary: "Search GitHub's repositories",
      parameters: [
        Parameter("QUERY", .text, meaning: "what to look for; GitHub's qualifiers work (\(SearchWording.example))")
      ],
      options: [
        ShellOption(
          "--sort", Parameter("KEY", .choice(sorts), meaning: "one of \(Phrase.list(sorts, "or"))"),
          summary: "Order by \(Phrase.list(sorts, "or")) (default: GitHub's best match)"),
        .limit(of: "repositories", defaultCount: GitHubRequests.pageSize),
        .json(fields: fields, of: "each repository"),
      ],
      examples: [
        "wayfarer search harbor lights", "wayfarer search language:swift tui --sort stars --limit 5 --json",
        "wayfarer search swift --json=fullName,stars",
      ])
  }

  static func command(
    record: JSONFields<Repository>, dependencies: @escaping @MainActor () -> ExploreShellDependencies?
  ) -> ShellCommand {
    ShellCommand(spec(fields: record.names)) { arguments, io in
      guard let dependencies = dependencies() else { return .failure }
      let service: any GitHubService =
        dependencies.github.map { LiveGitHubService(access: $0, environment: dependencies.environment) }
        ?? UnconfiguredGitHubService()
      let sort = arguments.value("--sort").flatMap(SearchSort.init(rawValue:)) ?? .best
      let limit = arguments.number("--limit") ?? GitHubRequests.pageSize
      let found: (repositories: [Repository], total: Int)
      do {
        found = try await search(arguments.text, sort: sort, limit: limit, in: service)
      } catch {
        if case .failed(let reason) = ExploreFailure(error) { io.say("The search failed: \(reason)") }
        return .failure
      }
      if arguments.wantsJSON {
        io.write(
          bytes: json(
            found.repositories, query: arguments.text, total: found.total, record: record,
            picked: arguments.jsonFields))
      } else if found.repositories.isEmpty {
        io.say("No repositories match \(TextSanitizer.clean(arguments.text, limit: 60)).")
      } else {
        io.write(rows(found.repositories, aligned: io.outputIsTerminal))
      }
      return .success
    }
  }

  /// Pages of `query` until `limit` repositories or the last page.
  static func search(_ query: String, sort: SearchSort, limit: Int, in service: any GitHubService) async throws
    -> (repositories: [Repository], total: Int)
  {
    var repositories: [Repository] = []
    var total = 0
    // The pages `limit` needs and no more: a page whose items were all
    // unreadable still counts, so a broken server is asked a few times only.
    let pages = (limit + GitHubRequests.pageSize - 1) / GitHubRequests.pageSize
    for page in 1...max(1, pages) where repositories.count < limit {
      let found = try await service.search(query, sort: sort, page: page)
      total = found.totalCount
      repositories += found.repositories
      if found.repositories.count + found.dropped < GitHubRequests.pageSize { break }
    }
    return (Array(repositories.prefix(limit)), total)
  }

  /// `{"schema_version": 1, "query", "total_count", "repositories": [records]}`,
  /// each record whole or of the `picked` fields.
  static func json(
    _ repositories: [Repository], query: String, total: Int, record: JSONFields<Repository>, picked: [String]?
  ) -> [UInt8] {
    var writer = JSONWriter(pretty: true)
    writer.object { object in
      object.member("schema_version", ShellJSON.schemaVersion)
      object.member("query", query)
      object.member("total_count", total)
      object.key("repositories")
      object.array { list in
        for repository in repositories { record.write(repository, picked: picked, to: &list) }
      }
    }
    return writer.bytes + [UInt8(ascii: "\n")]
  }

  /// A line per repository: name, stars (a number, for `sort -n`),
  /// language, description.
  static func rows(_ repositories: [Repository], aligned: Bool) -> String {
    let fields = repositories.map { repository in
      [
        TextSanitizer.clean(repository.fullName, limit: 140),
        repository.stars.map(String.init) ?? "",
        TextSanitizer.clean(repository.language ?? "", limit: 40),
        TextSanitizer.clean(repository.description ?? "", limit: 300),
      ]
    }
    return ShellRows.lines(fields, aligned: aligned)
  }
}
