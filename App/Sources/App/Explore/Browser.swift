import Explore
import Foundation
import TerminalKit

/// Opens addresses with `xdg-open` (as `gh browse` does), without waiting
/// for it: the REPL never blocks on a browser.
@MainActor
final class Browser: WebOpening {
  private let program: String

  /// Nil when there is no `xdg-open` in `searchPath`.
  init?(searchPath: String?) {
    guard let program = GitHubTokens.executable(named: "xdg-open", in: searchPath) else { return nil }
    self.program = program
  }

  func open(_ url: String) -> Bool {
    guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
      return false
    }
    return Subprocess.start([program, url])
  }
}
