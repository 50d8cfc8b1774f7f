import FeatureEnvironment
import Foundation
import Locking
import Networking
import ServiceAccess

/// What Explore asks of GitHub.
protocol GitHubService: Sendable {
  /// Page `page` (from 1) of the repositories matching `query`.
  func search(_ query: String, sort: SearchSort, page: Int) async throws -> SearchPage
  /// The full record of one repository.
  func repository(_ name: RepositoryName) async throws -> Repository
  /// The README, or nil when the repository has none.
  func readme(of name: RepositoryName) async throws -> Readme?
  /// What the last answer said about the rate limit, when it said anything.
  var rateLimit: RateLimit? { get }
}

/// GitHub's REST API over the shared HTTP client.
///
/// Repository records and
/// READMEs are revalidated with their ETag; searches are not cached.
final class LiveGitHubService: GitHubService {
  private let access: GitHubAccess
  private let client: any HTTPClient
  private let requests: GitHubRequests
  private let cache: ETagCache
  private let now: @Sendable () -> Date
  private let state = Locked(State())

  private struct State {
    /// Asked once, by whichever request comes first; the others wait for it.
    var token: Task<GitHubToken?, Never>?
    var rateLimit: RateLimit?
  }

  /// GitHub at `access`, through `environment`'s client and clock, caching
  /// under its cache folder's `github/`.
  init(access: GitHubAccess, environment: Environment) {
    self.access = access
    client = environment.client
    requests = GitHubRequests(baseURL: access.baseURL)
    cache = ETagCache(directory: environment.cacheDirectory + "/github")
    now = environment.now
  }

  var rateLimit: RateLimit? { state.withLock { $0.rateLimit } }

  func search(_ query: String, sort: SearchSort, page: Int) async throws -> SearchPage {
    let token = await token()
    let response: HTTPResponse
    do {
      response = try await send(requests.search(query, sort: sort, page: page, token: token), token: token)
    } catch GitHubError.notFound {
      // Search is not about one repository: a 404 means the address is wrong.
      throw GitHubError.rejected(status: 404, message: "Not Found; is WAYFARER_GITHUB_URL right?")
    }
    return RepositoryMapper.page(from: try GitHubError.decode(SearchResultsDTO.self, from: response.body))
  }

  func repository(_ name: RepositoryName) async throws -> Repository {
    let token = await token()
    let body = try await revalidated(.repository, name, requests.repository(name, token: token), token: token)
    guard let repository = RepositoryMapper.repository(from: try GitHubError.decode(RepositoryDTO.self, from: body))
    else { throw GitHubError.unreadable }
    return repository
  }

  func readme(of name: RepositoryName) async throws -> Readme? {
    let token = await token()
    let body: Data
    do {
      body = try await revalidated(.readme, name, requests.readme(name, token: token), token: token)
    } catch GitHubError.notFound {
      return nil
    }
    guard let readme = RepositoryMapper.readme(from: try GitHubError.decode(ReadmeDTO.self, from: body)) else {
      throw GitHubError.unreadable
    }
    return readme
  }

  /// The body, from the cache when GitHub says it has not changed.
  private func revalidated(
    _ kind: ETagCache.Kind, _ name: RepositoryName, _ request: HTTPRequest, token: GitHubToken?
  ) async throws -> Data {
    let cached = cache.load(kind, name)
    let response = try await send(cached.map { request.ifNoneMatch($0.etag) } ?? request, token: token)
    if response.isNotModified, let cached {
      cache.touch(kind, name)
      return cached.body
    }
    if let etag = response.header("etag") { cache.save(kind, name, etag: etag, body: response.body) }
    return response.body
  }

  private func send(_ request: HTTPRequest, token: GitHubToken?) async throws -> HTTPResponse {
    let response = try await client.send(request)
    let remaining = response.header("x-ratelimit-remaining").flatMap(Int.init)
    if let remaining, remaining >= 0 {
      let limit = RateLimit(remaining: remaining, resetsAt: GitHubError.resetTime(response), withToken: token != nil)
      state.withLock { $0.rateLimit = limit }
    }
    return try GitHubError.checked(response, token: token, now: now())
  }

  /// The token, asked for once.
  private func token() async -> GitHubToken? {
    let tokens = access.tokens
    let lookup = state.withLock { state in
      if let task = state.token { return task }
      let task = Task { await tokens.token() }
      state.token = task
      return task
    }
    return await lookup.value
  }
}

/// GitHub when no address may be used (WAYFARER_GITHUB_URL was refused):
/// every request says so, and nothing is sent.
struct UnconfiguredGitHubService: GitHubService {
  func search(_ query: String, sort: SearchSort, page: Int) async throws -> SearchPage {
    throw GitHubError.notConfigured
  }

  func repository(_ name: RepositoryName) async throws -> Repository {
    throw GitHubError.notConfigured
  }

  func readme(of name: RepositoryName) async throws -> Readme? {
    throw GitHubError.notConfigured
  }

  var rateLimit: RateLimit? { nil }
}
