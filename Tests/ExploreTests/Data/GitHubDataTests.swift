import Foundation
import Networking
import Secrets
import ServiceAccess
import TestSupport
import XCTest

@testable import Explore

final class GitHubRequestsTests: XCTestCase {
  private let requests = GitHubRequests(baseURL: URL(string: "http://127.0.0.1:8080/api")!)
  private let token = GitHubToken(value: "ghp_secret", source: "GITHUB_TOKEN")

  private func items(_ url: URL) -> [String: String] {
    Dictionary(
      uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
        ($0.name, $0.value ?? "")
      })
  }

  func test_search_sendsTheQueryAsTyped_30APage_andTheOrder() {
    let best = requests.search("c++ stars:>100 language:swift", sort: .best, page: 1, token: nil)
    XCTAssertEqual(best.url.path, "/api/search/repositories")
    XCTAssertEqual(items(best.url), ["q": "c++ stars:>100 language:swift", "per_page": "30", "page": "1"])
    XCTAssertTrue(best.url.query?.contains("c%2B%2B") == true, "a + is not a space: \(best.url)")

    let stars = requests.search("tui", sort: .stars, page: 3, token: nil)
    XCTAssertEqual(items(stars.url), ["q": "tui", "sort": "stars", "order": "desc", "per_page": "30", "page": "3"])
  }

  func test_everyRequest_asksForGitHubsJSON_andVersion_andCarriesTheTokenOnlyInItsHeader() {
    let name = RepositoryName("dtrupenn/Tetris")!
    for request in [
      requests.search("x", sort: .best, page: 1, token: token), requests.repository(name, token: token),
      requests.readme(name, token: token),
    ] {
      let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
      XCTAssertEqual(headers["Accept"], "application/vnd.github+json")
      XCTAssertEqual(headers["X-GitHub-Api-Version"], "2022-11-28")
      XCTAssertEqual(headers["Authorization"], "Bearer ghp_secret")
      XCTAssertFalse(request.url.absoluteString.contains("ghp_secret"))
    }
    XCTAssertEqual(requests.repository(name, token: nil).url.path, "/api/repos/dtrupenn/Tetris")
    XCTAssertEqual(requests.readme(name, token: nil).url.path, "/api/repos/dtrupenn/Tetris/readme")
    XCTAssertFalse(requests.readme(name, token: nil).headers.contains { $0.name == "Authorization" })
  }

  func test_aToken_describesItselfByItsSourceOnly() {
    for text in [
      "\(token)", String(reflecting: token), "\([token])", "\(Mirror(reflecting: token).children.map(\.value))",
    ] {
      XCTAssertFalse(text.contains("ghp_secret"), text)
    }
    XCTAssertEqual("\(token)", "the secret from GITHUB_TOKEN")
  }

  func test_repositoryNames_followGitHubsRules() {
    for good in ["dtrupenn/Tetris", "a/b", "apple/swift-nio", "user-1/x.y_z", "o/.github"] {
      XCTAssertNotNil(RepositoryName(good), good)
    }
    for bad in [
      "", "a", "a/b/c", "/b", "a/", "../x", "a/..", "a/.", "-a/b", "a b/c", "a/b?c", "a/b#c", "ä/b", "a/\u{1B}[2J",
      String(repeating: "a", count: 40) + "/b", "a/" + String(repeating: "b", count: 101), "orgs/x", "Settings/y",
    ] {
      XCTAssertNil(RepositoryName(bad), bad)
    }
  }
}

final class RepositoryMapperTests: XCTestCase {
  private func decode(_ json: String) throws -> SearchPage {
    RepositoryMapper.page(from: try GitHubError.decode(SearchResultsDTO.self, from: Data(json.utf8)))
  }

  func test_theDocumentedItem_becomesARepository() throws {
    let page = try decode(GitHubFixtures.search(total: 40, items: [GitHubFixtures.item("dtrupenn/Tetris")]))

    XCTAssertEqual(page.totalCount, 40)
    XCTAssertFalse(page.isIncomplete)
    let tetris = try XCTUnwrap(page.repositories.first)
    XCTAssertEqual(tetris.fullName, "dtrupenn/Tetris")
    XCTAssertEqual(tetris.description, "A C implementation of Tetris")
    XCTAssertEqual(tetris.stars, 1)
    XCTAssertEqual(tetris.language, "Assembly")
    XCTAssertEqual(tetris.licence, "MIT")
    XCTAssertEqual(tetris.topics, ["game"])
    XCTAssertEqual(tetris.webURL, "https://github.com/dtrupenn/Tetris")
    XCTAssertEqual(tetris.updatedAt, Date(timeIntervalSince1970: 1_357_408_727))
    XCTAssertNil(tetris.homepage)
  }

  func test_nullsAreUnknown_andTheFullRecordAddsWatchers() throws {
    let page = try decode(
      GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("a/b", description: nil, language: nil)]))
    XCTAssertNil(page.repositories.first?.description)
    XCTAssertNil(page.repositories.first?.language)

    let full = RepositoryMapper.repository(
      from: try GitHubError.decode(RepositoryDTO.self, from: Data(GitHubFixtures.tetris.utf8)))
    XCTAssertEqual(full?.watchers, 7)
    XCTAssertEqual(full?.forks, 5)
    XCTAssertEqual(full?.openIssues, 2)
    XCTAssertEqual(full?.isArchived, true)
    XCTAssertEqual(full?.topics, ["game", "c"])
    XCTAssertNotNil(full?.pushedAt)
  }

  func test_itemsWithoutAValidName_areLeftOutAndCounted_andOddNumbersAreUnknown() throws {
    let json = #"""
      {"total_count":1e400,"incomplete_results":true,"items":[
       {"full_name":"../../etc","stargazers_count":5},
       {"full_name":"evil/\u001b[2Jx"},
       7,
       {"full_name":"ok/one","stargazers_count":-3,"forks_count":1e300,"open_issues_count":2.5,
        "updated_at":"yesterday","created_at":"9999-01-01T00:00:00Z","homepage":"javascript:alert(1)",
        "html_url":"file:///etc/passwd","license":{"spdx_id":"NOASSERTION","name":"Other"}}]}
      """#
    let page = try decode(json)

    XCTAssertEqual(page.repositories.map(\.fullName), ["ok/one"])
    XCTAssertEqual(page.dropped, 3)
    XCTAssertTrue(page.isIncomplete)
    XCTAssertEqual(page.totalCount, 1, "an unbelievable count falls back to what came")
    let one = page.repositories[0]
    XCTAssertNil(one.stars)
    XCTAssertNil(one.forks)
    XCTAssertNil(one.openIssues)
    XCTAssertNil(one.updatedAt)
    XCTAssertNil(one.createdAt)
    XCTAssertNil(one.homepage)
    XCTAssertEqual(one.webURL, "https://github.com/ok/one")
    XCTAssertEqual(one.licence, "Other")
  }

  /// What is stored (bookmarks) and handed to a browser is what is shown:
  /// clean text, printable addresses, branch names a URL can carry.
  func test_hostileTextAddressesAndBranches_areCleanedWhereTheyEnter() throws {
    let json = #"""
      {"total_count":1,"items":[{"full_name":"acme/norepo","description":"Evil\u001b]52;c;QUJD\u0007 text\u202e",
       "html_url":"https://github.com/acme/norepo\u001b]52;c;QUJD\u0007\u202e","homepage":"https://example.org/ a",
       "default_branch":"../../etc\u001b[31m","topics":["ok","\u001b[2Jbad"]}]}
      """#
    let repository = try XCTUnwrap(try decode(json).repositories.first)

    XCTAssertEqual(repository.description, "Evil text")
    XCTAssertEqual(repository.webURL, "https://github.com/acme/norepo")
    XCTAssertNil(repository.homepage)
    XCTAssertNil(repository.defaultBranch)
    XCTAssertEqual(repository.topics, ["ok", "bad"])
    for good in ["main", "release/1.2", "feature_x-y"] { XCTAssertEqual(RepositoryMapper.branch(good), good) }
    for bad in ["", "../x", "a//b", "/a", "a/", "-x", "a b", "ä"] { XCTAssertNil(RepositoryMapper.branch(bad), bad) }
  }

  func test_aLongDescription_isCut() throws {
    let long = String(repeating: "word ", count: 1_000)
    let page = try decode(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("a/b", description: long)]))
    XCTAssertEqual(page.repositories.first?.description?.count, RepositoryMapper.longestDescription + 1)
  }

  func test_aReadme_isBase64WithNewlines_decodedAsUTF8() throws {
    let markdown = "# Título\n\nÜnïcödé and `code`.\n" + String(repeating: "long line ", count: 30)
    let dto = try GitHubError.decode(ReadmeDTO.self, from: Data(GitHubFixtures.readme(markdown).utf8))
    XCTAssertTrue(dto.content.contains("\n"), "the fixture wraps as GitHub does")

    let readme = RepositoryMapper.readme(from: dto)

    XCTAssertEqual(readme?.text, markdown)
    XCTAssertEqual(readme?.name, "README.md")
    XCTAssertEqual(readme?.webURL, "https://github.com/dtrupenn/Tetris/blob/master/README.md")
    XCTAssertNil(RepositoryMapper.readme(from: ReadmeDTO(name: "R", encoding: "base64", content: "%%%", html_url: nil)))
    // "ok " 0xFF 0xFE " fine": two bytes that are no UTF-8 in a README
    // otherwise fine are each shown as U+FFFD, not the whole file refused.
    let mixed = Data([0x6F, 0x6B, 0x20, 0xFF, 0xFE, 0x20, 0x66, 0x69, 0x6E, 0x65]).base64EncodedString()
    XCTAssertEqual(
      RepositoryMapper.readme(from: ReadmeDTO(name: "R", encoding: "base64", content: mixed, html_url: nil))?.text,
      "ok \u{FFFD}\u{FFFD} fine")
  }

  func test_counts_andRelativeTimes_readTheSameEverywhere() {
    XCTAssertEqual(ExploreFormatting.count(0), "0")
    XCTAssertEqual(ExploreFormatting.count(999), "999")
    XCTAssertEqual(ExploreFormatting.count(1_000), "1,000")
    XCTAssertEqual(ExploreFormatting.count(1_234_567), "1,234,567")
    XCTAssertEqual(ExploreFormatting.count(1, "star"), "1 star")
    XCTAssertEqual(ExploreFormatting.count(2_000, "star"), "2,000 stars")
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertEqual(ExploreFormatting.relative(now + 500, now: now), "just now")
    XCTAssertEqual(ExploreFormatting.relative(now - 59, now: now), "just now")
    XCTAssertEqual(ExploreFormatting.relative(now - 120, now: now), "2 minutes ago")
    XCTAssertEqual(ExploreFormatting.relative(now - 3_600, now: now), "1 hour ago")
    XCTAssertEqual(ExploreFormatting.relative(now - 2 * 86_400, now: now), "2 days ago")
    XCTAssertEqual(ExploreFormatting.relative(now - 400 * 86_400, now: now), "1 year ago")
    XCTAssertEqual(ExploreFormatting.day(Date(timeIntervalSince1970: 1_357_408_727)), "2013-01-05")
  }
}

final class GitHubErrorTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  private func error(_ status: Int, _ body: String, headers: [String: String] = [:], token: String? = nil) -> String {
    do {
      _ = try GitHubError.checked(
        HTTPResponse(status: status, headers: headers, body: Data(body.utf8)),
        token: token.map { GitHubToken(value: "ghp_secret", source: $0) }, now: now)
      return "no error"
    } catch {
      return String(describing: error)
    }
  }

  private func clock(_ date: Date) -> String {
    let time = Calendar.current.dateComponents([.hour, .minute], from: date)
    return String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
  }

  func test_anExhaustedLimit_saysWhenItResets_on403And429() {
    let reset = now + 12 * 60
    let headers = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Int(reset.timeIntervalSince1970))]
    let expected =
      "GitHub rate limit reached; it resets at \(clock(reset)) (in 12 min). Set GITHUB_TOKEN for a higher limit."
    XCTAssertEqual(error(403, GitHubFixtures.rateLimited, headers: headers), expected)
    XCTAssertEqual(error(429, GitHubFixtures.rateLimited, headers: headers), expected)
    XCTAssertEqual(
      error(403, GitHubFixtures.rateLimited, headers: headers, token: "GH_TOKEN"),
      "GitHub rate limit reached; it resets at \(clock(reset)) (in 12 min).")
    XCTAssertEqual(
      error(403, GitHubFixtures.rateLimited, headers: ["retry-after": "90"]),
      "GitHub rate limit reached; it resets at \(clock(now + 90)) (in 2 min). Set GITHUB_TOKEN for a higher limit.")
  }

  func test_otherStatuses_becomeSentences_andTheTokenIsNamedNeverShown() {
    XCTAssertEqual(
      error(401, GitHubFixtures.badCredentials, token: "GH_TOKEN"),
      "GitHub refused the token in GH_TOKEN. Check it (or unset it to search without one).")
    XCTAssertEqual(
      error(422, GitHubFixtures.validationFailed),
      "GitHub could not run that search: Validation Failed: The search is longer than 256 characters.")
    XCTAssertEqual(
      error(403, #"{"message":"Resource not accessible"}"#, headers: ["x-ratelimit-remaining": "4999"]),
      "GitHub did not accept the request (HTTP 403: Resource not accessible).")
    XCTAssertEqual(error(503, "<html>"), "GitHub is having trouble (HTTP 503). Try again in a moment.")
    XCTAssertEqual(error(404, GitHubFixtures.notFound), "GitHub has no such repository (or it is private).")
    XCTAssertEqual(error(304, ""), "no error")
    XCTAssertEqual(
      error(418, #"{"message":"\u001b]52;c;ZXZpbA==\u0007teapot"}"#),
      "GitHub did not accept the request (HTTP 418: teapot).")
    SecretText.hide("ghp_secret", naming: "GITHUB_TOKEN")
    XCTAssertEqual(
      error(400, #"{"message":"Bad header: Bearer ghp_secret"}"#, token: "GITHUB_TOKEN"),
      "GitHub did not accept the request (HTTP 400: Bad header: Bearer [GITHUB_TOKEN]).", "a server echoing the token")
    XCTAssertEqual(
      error(401, GitHubFixtures.badCredentials),
      "GitHub wants a token for this (HTTP 401). Set GITHUB_TOKEN, or log in with gh auth login.")
    XCTAssertEqual(
      error(401, GitHubFixtures.badCredentials, token: "gh auth token"),
      "GitHub refused the token the GitHub CLI gave (gh auth token). Log in again with gh auth login, or set GITHUB_TOKEN."
    )
    XCTAssertEqual(
      error(422, #"{"message":"Validation Failed","errors":[{"resource":"Search","field":"q","code":"invalid"}]}"#),
      "GitHub could not run that search: Validation Failed: q: invalid")
  }
}
