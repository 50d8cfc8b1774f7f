import Explore
import Foundation
import Home
import TerminalIO

/// Opens addresses with `xdg-open` (as `gh browse` does), without waiting
/// for it: the REPL never blocks on a browser.
@MainActor
final class Browser: WebOpening, PlaceWebOpening {
  private let searchPath: String?
  /// Looked for on the first `web`, not at launch (most runs never open one).
  private lazy var program: String? = GitHubTokens.executable(named: "xdg-open", in: searchPath)

  init(searchPath: String?) {
    self.searchPath = searchPath
  }

  func open(_ url: String) -> Bool {
    guard let program, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "")
    else { return false }
    return Subprocess.start([program, url])
  }
}
