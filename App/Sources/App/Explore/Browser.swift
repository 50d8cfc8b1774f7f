import Explore
import Foundation

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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = [url]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return true
    } catch {
      return false
    }
  }
}
