import Foundation
import JSON
import ServiceAccess
import TextSafety

/// Turns GitHub's shapes into repositories and READMEs.
///
/// This is where
/// GitHub's data enters the domain, so each value is checked here: a name
/// must be a valid `owner/name`, counts whole and in range, dates real,
/// texts of a bounded length. An item whose name fails is left out and
/// counted; a field that fails is left unknown.
enum RepositoryMapper {
  /// Longer texts are cut: a description is a line or two, not a book.
  static let longestDescription = 1_000
  static let longestShortText = 200
  static let mostTopics = 30
  /// No repository has a billion stars; a bigger count is not believed.
  static let largestCount = 1_000_000_000

  static func page(from results: SearchResultsDTO) -> SearchPage {
    let mapped = results.items.map(repository(from:))
    let repositories = mapped.compactMap { $0 }
    return SearchPage(
      totalCount: count(results.total_count) ?? repositories.count,
      isIncomplete: results.incomplete_results ?? false,
      repositories: repositories, dropped: mapped.count - repositories.count)
  }

  static func repository(from dto: RepositoryDTO) -> Repository? {
    guard let name = dto.full_name.flatMap(RepositoryName.init) else { return nil }
    return Repository(
      fullName: name.description,
      description: text(dto.description, limit: longestDescription),
      stars: count(dto.stargazers_count),
      forks: count(dto.forks_count),
      watchers: count(dto.subscribers_count),
      openIssues: count(dto.open_issues_count),
      language: text(dto.language, limit: longestShortText),
      licence: text(
        dto.license?.spdx_id.flatMap { $0 == "NOASSERTION" ? nil : $0 } ?? dto.license?.name, limit: longestShortText),
      topics: (dto.topics ?? []).prefix(mostTopics).compactMap { text($0, limit: longestShortText) },
      homepage: webAddress(dto.homepage),
      defaultBranch: branch(dto.default_branch),
      createdAt: date(dto.created_at),
      updatedAt: date(dto.updated_at),
      pushedAt: date(dto.pushed_at),
      isArchived: dto.archived ?? false,
      isFork: dto.fork ?? false)
  }

  /// The README's text: base64 (GitHub wraps it with newlines) decoded as
  /// UTF-8, a byte that is not shown as U+FFFD (as the event stream and
  /// imports do: a few bad bytes do not cost the whole file); nil when it is
  /// not base64.
  static func readme(from dto: ReadmeDTO) -> Readme? {
    guard dto.encoding == nil || dto.encoding == "base64" else { return nil }
    let compact = dto.content.filter { !$0.isWhitespace }
    guard let data = Data(base64Encoded: compact) else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    return Readme(
      text: text, name: self.text(dto.name, limit: longestShortText) ?? "README", webURL: webAddress(dto.html_url))
  }

  /// A whole, non-negative count no larger than ``largestCount``.
  static func count(_ number: Double?) -> Int? {
    guard let number, number.isFinite, number >= 0, number <= Double(largestCount), number.rounded() == number else {
      return nil
    }
    return Int(exactly: number)
  }

  /// Cleaned of escape sequences and controls (it is stored in bookmarks
  /// too, not only shown), trimmed, not empty, cut to `limit` characters.
  static func text(_ value: String?, limit: Int) -> String? {
    TextSanitizer.field(value, limit: limit)
  }

  /// An http(s) address with a host, at most 500 characters of printable
  /// ASCII (what is printed is what a browser is given); nil otherwise.
  static func webAddress(_ value: String?) -> String? {
    guard let value = value.map(Trimming.whitespace), !value.isEmpty, value.utf8.count <= 500,
      value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
      let url = URL(string: value), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host?.isEmpty == false
    else { return nil }
    return value
  }

  /// A branch name as git allows it and a URL path can carry: letters,
  /// digits, `.`, `_`, `-` and single `/` between parts, no `..`, at most
  /// 255 bytes; nil otherwise (links then follow the default branch, HEAD).
  static func branch(_ value: String?) -> String? {
    guard let value, (1...255).contains(value.utf8.count), !value.contains(".."), !value.contains("//"),
      !value.hasPrefix("/"), !value.hasSuffix("/"), !value.hasPrefix("-"), !value.hasPrefix("."),
      value.utf8.allSatisfy({ RepositoryName.isAlphanumeric($0) || Array("._-/".utf8).contains($0) })
    else { return nil }
    return value
  }

  /// `2013-01-05T17:58:47Z`; nil for anything else, or a time outside 2000–2200.
  static func date(_ text: String?) -> Date? {
    guard let text, let date = Timestamp.date(from: text) else { return nil }
    return (946_684_800...7_258_118_400).contains(date.timeIntervalSince1970) ? date : nil
  }
}
