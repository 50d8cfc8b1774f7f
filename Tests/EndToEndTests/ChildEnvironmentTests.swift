import Foundation
import TestSupport
import XCTest

/// Programs Wayfarer starts get none of its keys: `gh` (asked for a token),
/// and in a terminal the pager (a long README) and `xdg-open` (`web`),
/// whose browser may outlive Wayfarer.
///
/// Each fake program writes the
/// environment it got to a file.
final class ChildEnvironmentTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let keys = [
    "GEOAPIFY_API_KEY": "geo-child-key-12345", "GEMINI_API_KEY": "AIzaChildKey123456",
    "GOOGLE_API_KEY": "AIzaOther99999",
    "OPENAI_API_KEY": "sk-child-key-123456", "WAYFARER_OPENAI_URL": "http://127.0.0.1:9/v1",
  ]

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-child-env")
  }

  override func tearDown() {
    home.remove()
  }

  /// A program at `bin/name` that writes its environment to `name.env`,
  /// then runs `then` (shell).
  private func fake(_ name: String, then: String = "") throws -> String {
    let bin = home.path + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let script = "#!/bin/sh\nenv > \"\(home.path)/\(name).env\"\n\(then)\n"
    try script.write(toFile: bin + "/" + name, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: bin + "/" + name)
    return bin + "/" + name
  }

  /// The names of the variables in the environment `name` got.
  private func inherited(by name: String) throws -> Set<String> {
    let text = try String(contentsOfFile: home.path + "/\(name).env", encoding: .utf8)
    return Set(text.split(separator: "\n").map { String($0.prefix { $0 != "=" }) })
  }

  private func makeGitHub(readmeLines: Int = 3) throws -> LoopbackHTTPServer {
    let readme = "# Tetris\n\n" + (1...readmeLines).map { "Line \($0) of the README." }.joined(separator: "\n\n")
    return try makeLoopbackServer { request in
      switch request.path {
      case "/search/repositories":
        .json(GitHubFixtures.search(total: 1, items: [GitHubFixtures.item("dtrupenn/Tetris")]))
      case "/repos/dtrupenn/Tetris": .json(GitHubFixtures.tetris)
      case "/repos/dtrupenn/Tetris/readme": .json(GitHubFixtures.readme(readme))
      default: .json(GitHubFixtures.notFound, status: 404)
      }
    }
  }

  func test_gh_getsNoneOfTheOtherKeys() throws {
    let server = try makeGitHub()
    _ = try fake("gh", then: "echo gho_childTokenFromCLI")
    let run = try WayfarerBinary.run(
      script: [
        "register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "explore",
        "search tetris", "quit",
      ],
      home: home.path,
      environment: keys.merging(["WAYFARER_GITHUB_URL": server.baseURL, "PATH": home.path + "/bin:/usr/bin:/bin"]) {
        $1
      })

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(server.requests.first?.headers["authorization"], "Bearer gho_childTokenFromCLI")
    let seen = try inherited(by: "gh")
    XCTAssertTrue(seen.contains("PATH"), "gh still gets the rest: \(seen)")
    for name in ["GEOAPIFY_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "OPENAI_API_KEY"] {
      XCTAssertFalse(seen.contains(name), "gh got \(name)")
    }
  }

  func test_thePagerAndXdgOpen_getNoKeyAtAll() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let server = try makeGitHub(readmeLines: 80)
    let pager = try fake("pager", then: "cat > /dev/null")
    _ = try fake("xdg-open")
    try WayfarerBinary.registerAda(home: home.path)
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: keys.merging([
        "WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "WAYFARER_GITHUB_URL": server.baseURL, "GITHUB_TOKEN": "ghp_childToken12345", "PAGER": pager,
        "PATH": home.path + "/bin:/usr/bin:/bin",
      ]) { $1 }, columns: 100, rows: 30)
    try terminal.answer("home>", with: "explore")
    try terminal.answer("explore>", with: "search tetris")
    try terminal.waitFor("dtrupenn/Tetris")
    try terminal.answer("explore>", with: "open 1")
    try terminal.answer("explore/repo>", with: "web")
    try terminal.waitFor("Opened in your browser.")
    try terminal.type("readme")
    try terminal.send("Enter")
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: home.path + "/pager.env") { usleep(10_000) }
    try terminal.waitFor("explore/repo/readme>")
    try terminal.type("quit")
    try terminal.send("Enter")
    try terminal.waitFor("EXITED:0")

    for program in ["xdg-open", "pager"] {
      let seen = try inherited(by: program)
      XCTAssertTrue(seen.contains("HOME"), "\(program) still gets the rest: \(seen)")
      for name in Array(keys.keys.filter { $0.hasSuffix("_KEY") }) + ["GITHUB_TOKEN", "GH_TOKEN"] {
        XCTAssertFalse(seen.contains(name), "\(program) got \(name)")
      }
    }
  }
}
