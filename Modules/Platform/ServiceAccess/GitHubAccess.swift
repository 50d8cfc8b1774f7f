import Foundation
import Networking

/// Where Explore reaches GitHub: the API's base URL, and where a token
/// comes from (asked once, when the first request needs it).
public struct GitHubAccess: Sendable {
  public let baseURL: URL
  public let tokens: any GitHubTokenProviding

  public init(baseURL: URL, tokens: any GitHubTokenProviding) {
    self.baseURL = baseURL
    self.tokens = tokens
  }
}

/// Finds the person's GitHub token (GITHUB_TOKEN, GH_TOKEN, `gh auth token`).
public protocol GitHubTokenProviding: Sendable {
  /// The token, or nil to send requests without one. Asked once.
  func token() async -> GitHubToken?
}

/// A GitHub token; `source` is `GITHUB_TOKEN`, `GH_TOKEN` or `gh auth token`.
public typealias GitHubToken = Secret
