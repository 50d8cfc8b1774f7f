import Foundation

/// GitHub's documented shapes (../shared/reference/apis.md), for tests and
/// the loopback GitHub of the end-to-end tests.
public enum GitHubFixtures {
  /// A search item as documented, with its nullable fields given.
  public static func item(
    _ fullName: String, stars: Int = 1, description: String? = "A C implementation of Tetris",
    language: String? = "Assembly", updatedAt: String = "2013-01-05T17:58:47Z"
  ) -> String {
    """
    {"id":3081286,"name":"\(fullName.split(separator: "/").last ?? "")","full_name":"\(fullName)",
     "owner":{"login":"\(fullName.split(separator: "/").first ?? "")","html_url":"https://github.com/\(fullName.split(separator: "/").first ?? "")"},
     "html_url":"https://github.com/\(fullName)","description":\(json(description)),
     "fork":false,"created_at":"2012-01-01T00:31:50Z","updated_at":"\(updatedAt)",
     "homepage":null,"stargazers_count":\(stars),"forks_count":0,"open_issues_count":0,"language":\(json(language)),
     "default_branch":"master","topics":["game"],"archived":false,
     "license":{"key":"mit","name":"MIT License","spdx_id":"MIT"}}
    """
  }

  /// A page of search results: `items`, and GitHub's count of every match.
  public static func search(total: Int, items: [String], incomplete: Bool = false) -> String {
    #"{"total_count":\#(total),"incomplete_results":\#(incomplete),"items":[\#(items.joined(separator: ","))]}"#
  }

  /// `count` items named `owner/repo-N` from `first`.
  public static func page(total: Int, count: Int, first: Int = 1) -> String {
    search(total: total, items: (first..<(first + count)).map { item("owner/repo-\($0)", stars: 1_000 - $0) })
  }

  /// The full record of `GET /repos/OWNER/NAME`: a search item plus watchers and pushed_at.
  public static let tetris = """
    {"id":3081286,"name":"Tetris","full_name":"dtrupenn/Tetris",
     "owner":{"login":"dtrupenn","html_url":"https://github.com/dtrupenn"},
     "html_url":"https://github.com/dtrupenn/Tetris","description":"A C implementation of Tetris",
     "fork":false,"created_at":"2012-01-01T00:31:50Z","updated_at":"2013-01-05T17:58:47Z",
     "pushed_at":"2013-01-05T17:58:47Z","homepage":null,"stargazers_count":1234,"forks_count":5,
     "open_issues_count":2,"watchers_count":1234,"subscribers_count":7,"network_count":5,"size":120,
     "language":"Assembly","default_branch":"master","topics":["game","c"],"archived":true,
     "license":{"key":"mit","name":"MIT License","spdx_id":"MIT"}}
    """

  /// `GET /repos/OWNER/NAME/readme`: `markdown` as base64 wrapped at 60 columns, as GitHub sends it.
  public static func readme(_ markdown: String, name: String = "README.md") -> String {
    let base64 = Data(markdown.utf8).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
      .replacingOccurrences(of: "\n", with: "\\n")
    return
      #"{"type":"file","encoding":"base64","name":"\#(name)","path":"\#(name)","content":"\#(base64)","sha":"3d21ec53","html_url":"https://github.com/dtrupenn/Tetris/blob/master/\#(name)"}"#
  }

  public static let notFound =
    #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}"#
  public static let badCredentials =
    #"{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest","status":"401"}"#
  public static let rateLimited =
    #"{"message":"API rate limit exceeded for 127.0.0.1.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api"}"#
  public static let validationFailed =
    #"{"message":"Validation Failed","errors":[{"message":"The search is longer than 256 characters.","resource":"Search","field":"q","code":"invalid"}],"documentation_url":"https://docs.github.com/v3/search/","status":"422"}"#

  private static func json(_ text: String?) -> String {
    guard let text else { return "null" }
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\""
  }
}
