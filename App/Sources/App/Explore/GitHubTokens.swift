import Explore
import Foundation

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
    let output = await Self.run(gh, arguments: ["auth", "token"], timeout: timeout)
    guard let value = output?.trimmingCharacters(in: .whitespacesAndNewlines), (1...255).contains(value.utf8.count),
      value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else { return nil }
    return GitHubToken(value: value, source: "gh auth token")
  }

  /// The first executable file called `name` in `path`'s folders.
  static func executable(named name: String, in path: String?) -> String? {
    for folder in (path ?? "").split(separator: ":") where folder.hasPrefix("/") {
      let candidate = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: candidate) { return String(candidate) }
    }
    return nil
  }

  /// What `program` prints (up to 4 KiB) when it exits with 0 within
  /// `timeout`; nil otherwise (it is then stopped).
  static func run(_ program: String, arguments: [String], timeout: Duration) async -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let exited = AsyncStream<Void> { continuation in
      process.terminationHandler = { _ in continuation.finish() }
    }
    do { try process.run() } catch { return nil }
    let finished = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await _ in exited {}
        return true
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard finished else {
      process.terminate()
      return nil
    }
    guard process.terminationStatus == 0 else { return nil }
    let data = (try? output.fileHandleForReading.read(upToCount: 4_096)) ?? nil
    return data.map { String(decoding: $0, as: UTF8.self) }
  }
}
