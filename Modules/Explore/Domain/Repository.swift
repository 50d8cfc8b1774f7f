import Foundation

/// A GitHub repository as Explore shows it.
///
/// Everything but the name may be
/// unknown; numbers are checked where they enter (``RepositoryMapper``).
struct Repository: Equatable, Sendable {
  /// `owner/name`.
  var fullName: String
  var description: String?
  /// Counts are nil when GitHub did not send a believable number.
  var stars: Int?
  var forks: Int?
  /// Watchers (GitHub's `subscribers_count`); known only from the full record.
  var watchers: Int?
  var openIssues: Int?
  var language: String?
  /// The licence's SPDX id (`MIT`), or its name when it has none.
  var licence: String?
  var topics: [String]
  var homepage: String?
  var defaultBranch: String?
  var createdAt: Date?
  var updatedAt: Date?
  var pushedAt: Date?
  var isArchived: Bool
  var isFork: Bool

  /// The repository on github.com, built from its checked name: whatever
  /// address a record or an imported bookmark holds, `web` opens this one,
  /// on the host its menu names.
  var webURL: String { Self.webURL(of: fullName) }

  /// `https://github.com/OWNER/NAME` for a checked `owner/name`.
  static func webURL(of fullName: String) -> String { "https://github.com/\(fullName)" }

  var owner: Substring { fullName.prefix { $0 != "/" } }
  var name: Substring { fullName.drop { $0 != "/" }.dropFirst() }
}

/// How GitHub orders a search.
enum SearchSort: String, CaseIterable, Sendable {
  // In the order `sort` offers them.
  case stars
  case forks
  case updated
  /// GitHub's own ranking (no `sort` parameter).
  case best
}

/// One page of a repository search.
struct SearchPage: Equatable, Sendable {
  /// GitHub's count of every match (it serves at most 1,000 of them).
  var totalCount: Int
  /// GitHub stopped searching before it was done (a timeout on its side).
  var isIncomplete: Bool
  var repositories: [Repository]
  /// Items left out because a field that must be there was not.
  var dropped: Int = 0
}

/// A repository's README, as GitHub serves it.
struct Readme: Equatable, Sendable {
  /// The Markdown (or other text) of the file.
  var text: String
  /// The file's name (`README.md`): Markdown or not.
  var name: String
  /// Where it can be read on github.com.
  var webURL: String?
}

/// What GitHub said about the rate limit with the last answer.
struct RateLimit: Equatable, Sendable {
  var remaining: Int
  var resetsAt: Date?
  /// Whether the requests carried a token (the advice to set one is then
  /// left out).
  var withToken = false
}
