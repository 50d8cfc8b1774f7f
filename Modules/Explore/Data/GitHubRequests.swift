import Foundation
import Networking
import ServiceAccess

/// The requests of GitHub's REST API that Explore makes.
struct GitHubRequests: Sendable {
  static let pageSize = 30
  /// GitHub serves the first 1,000 results of a search and no more.
  static let searchCap = 1_000

  let baseURL: URL

  func search(_ query: String, sort: SearchSort, page: Int, token: GitHubToken?) -> HTTPRequest {
    var items = [("q", query)]
    if sort != .best { items += [("sort", sort.rawValue), ("order", "desc")] }
    items += [("per_page", String(Self.pageSize)), ("page", String(page))]
    return request(path: "/search/repositories", items, token: token)
  }

  func repository(_ name: RepositoryName, token: GitHubToken?) -> HTTPRequest {
    request(path: "/repos/\(name.owner)/\(name.name)", [], token: token)
  }

  func readme(_ name: RepositoryName, token: GitHubToken?) -> HTTPRequest {
    request(path: "/repos/\(name.owner)/\(name.name)/readme", [], token: token)
  }

  private func request(path: String, _ items: [(String, String)], token: GitHubToken?) -> HTTPRequest {
    let headers = [
      HTTPHeader("Accept", "application/vnd.github+json"), HTTPHeader("X-GitHub-Api-Version", "2022-11-28"),
    ]
    let request = HTTPRequest(url: url(path, items), headers: headers)
    return token.map { request.sending($0, inHeader: "Authorization", prefix: "Bearer ") } ?? request
  }

  private func url(_ path: String, _ items: [(String, String)]) -> URL {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
    let base = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    components.path = base.isEmpty ? path : "/" + base + path
    if !items.isEmpty {
      components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
      // URLComponents leaves '+' (a space, to a server) and ':' as they are;
      // '+' must be escaped so `stars:>100 c++` reaches GitHub as typed.
      components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
    }
    return components.url ?? baseURL
  }
}
