import Explore
import Foundation
import Secrets
import ServiceAccess
import TerminalIO

/// The person's GitHub token: GITHUB_TOKEN, else GH_TOKEN (both read at
/// launch), else what `gh auth token` prints when the GitHub CLI is installed
/// and logged in — asked only when the first request needs it, and given
/// two seconds.
struct GitHubTokens: GitHubTokenProviding {
  let configured: GitHubToken?
  /// Where to look for `gh` (the PATH Wayfarer was started with).
  let searchPath: String?
  var timeout: Duration = .seconds(2)

  func token() async -> GitHubToken? {
    if let configured { return configured }
    guard let gh = Self.executable(named: "gh", in: searchPath) else { return nil }
    // gh may read GitHub's own variables; no other key of Wayfarer's
    // reaches it (Subprocess withholds them).
    let output = await Subprocess.output(
      of: [gh, "auth", "token"], timeout: timeout, keeping: ["GITHUB_TOKEN", "GH_TOKEN"])
    guard let value = output?.trimmingCharacters(in: .whitespacesAndNewlines),
      let token = GitHubToken.checked(value, source: "gh auth token")
    else { return nil }
    SecretText.hide(token.value, naming: token.source)
    return token
  }

  /// The first executable file called `name` in `path`'s folders.
  static func executable(named name: String, in path: String?) -> String? {
    for folder in (path ?? "").split(separator: ":") where folder.hasPrefix("/") {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return String(candidate) }
    }
    return nil
  }

}
