import Foundation
import TestSupport
import XCTest

/// Issue 20 §1: the one-shot commands, run as a script runs them: data on
/// standard output, sentences on standard error, gh's exit statuses, and
/// each command's JSON compared with a file in Golden/shell/ (record again
/// with `WAYFARER_RECORD_GOLDEN=1` after a deliberate change).
final class ShellCommandTests: XCTestCase {
  private var home: TemporaryDirectory!
  private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden/shell")
  private let token = "ghp_shellSecretToken123"

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-shell-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  private func wayfarer(
    _ arguments: [String], input: [String] = [], environment: [String: String] = [:],
    output: WayfarerBinary.Output = .captured, rawInput: [UInt8] = []
  ) throws -> WayfarerBinary.Run {
    try WayfarerBinary.run(
      script: input, home: home.path, arguments: arguments, environment: environment, output: output,
      rawInput: rawInput)
  }

  private func gitHub(status: Int = 200) throws -> LoopbackHTTPServer {
    try makeLoopbackServer { request in
      if request.path == "/repos/dtrupenn/Tetris" { return .json(GitHubFixtures.tetris) }
      if request.path == "/repos/dtrupenn/Tetris/readme" {
        return .json(GitHubFixtures.readme("# Tetris\n\nA *small* game, [built](docs/BUILD.md) in C.\n"))
      }
      guard request.path == "/search/repositories" else { return .json(GitHubFixtures.notFound, status: 404) }
      if status != 200 { return .json(GitHubFixtures.badCredentials, status: status) }
      let page = Int(request.query["page"] ?? "1") ?? 1
      let first = (page - 1) * 30 + 1
      return .json(GitHubFixtures.page(total: 45, count: page == 1 ? 30 : 15, first: first))
    }
  }

  private func compare(_ text: String, with name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let url = Self.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["WAYFARER_RECORD_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    XCTAssertEqual(text, expected, "\(name) differs from its golden file", file: file, line: line)
  }

  func test_search_printsRowsOrRecords_andTheTokenGoesNowhereElse() throws {
    let server = try gitHub()
    let environment = ["WAYFARER_GITHUB_URL": server.baseURL, "GITHUB_TOKEN": token]

    let rows = try wayfarer(["search", "repo", "--limit", "3"], environment: environment)
    XCTAssertEqual(rows.status, 0, rows.stderr)
    XCTAssertEqual(
      rows.stdout,
      "owner/repo-1\t999\tAssembly\tA C implementation of Tetris\n"
        + "owner/repo-2\t998\tAssembly\tA C implementation of Tetris\n"
        + "owner/repo-3\t997\tAssembly\tA C implementation of Tetris\n")
    XCTAssertEqual(rows.stderr, "")

    let json = try wayfarer(["search", "repo", "--sort=stars", "--limit", "31", "--json"], environment: environment)
    XCTAssertEqual(json.status, 0, json.stderr)
    XCTAssertEqual(json.stdout.components(separatedBy: "\"fullName\"").count - 1, 31, "a second page was fetched")
    try compare(json.stdout, with: "search.json")
    XCTAssertTrue(server.requests.contains { $0.query["sort"] == "stars" && $0.query["page"] == "2" })
    XCTAssertTrue(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(token)" })
    XCTAssertFalse((rows.stdout + rows.stderr + json.stdout + json.stderr).contains(token))

    // A refusal of the command line echoes what was typed: the token in it is hidden there too.
    for arguments in [["search", "x", "--sort", token], [token], ["places", "--json=" + token]] {
      let refused = try wayfarer(arguments, environment: environment)
      XCTAssertNotEqual(refused.status, 0, refused.stderr)
      XCTAssertFalse(refused.stderr.contains(token), refused.stderr)
      XCTAssertTrue(refused.stderr.contains("[GITHUB_TOKEN]"), refused.stderr)
    }
    // So are the keys it does not use: a second variable, a config line the
    // environment overrides in a file refused as not the person's alone
    // (CR LF and quotes), and every key when no home folder is known.
    let second = "ghp_SECONDtoken0987654321"
    let unused = "ghp_CONFIGfiletoken1234567"
    try FileManager.default.createDirectory(atPath: home.path + "/config", withIntermediateDirectories: true)
    try Data("GITHUB_TOKEN = \"\(unused)\"\r\n".utf8).write(to: URL(fileURLWithPath: home.path + "/config/config"))
    chmod(home.path + "/config/config", 0o644)
    let homeless = environment.merging(["WAYFARER_HOME": "", "HOME": ""]) { $1 }
    for (typed, variables, shown) in [
      (second, environment.merging(["GH_TOKEN": second]) { $1 }, "[GH_TOKEN]"),
      (unused, environment, "[GITHUB_TOKEN (config line 1)]"), (token, homeless, "[GITHUB_TOKEN]"),
    ] {
      let refused = try wayfarer(["search", "x", "--sort", typed], environment: variables)
      XCTAssertFalse(refused.stderr.contains(typed), refused.stderr)
      XCTAssertTrue(refused.stderr.contains(shown), refused.stderr)
    }
    // A CR LF file is read line by line, each key named by its own line.
    let third = "ghp_LINEtwoToken1234567890"
    try Data("# keys\r\nGH_TOKEN = '\(third)'\r\n".utf8).write(to: URL(fileURLWithPath: home.path + "/config/config"))
    let lineTwo = try wayfarer(["search", "x", "--sort", third], environment: environment)
    XCTAssertFalse(lineTwo.stderr.contains(third), lineTwo.stderr)
    XCTAssertTrue(lineTwo.stderr.contains("[GH_TOKEN (config line 2)]"), lineTwo.stderr)
  }

  func test_repo_showsTheFacts_theReadmeRendered_orTheRecord() throws {
    let server = try gitHub()
    let environment = ["WAYFARER_GITHUB_URL": server.baseURL]

    let facts = try wayfarer(["repo", "dtrupenn/Tetris", "--readme"], environment: environment)
    XCTAssertEqual(facts.status, 0, facts.stderr)
    XCTAssertTrue(facts.stdout.hasPrefix("name\tdtrupenn/Tetris\n"), facts.stdout)
    XCTAssertTrue(facts.stdout.contains("web\thttps://github.com/dtrupenn/Tetris\n"), facts.stdout)
    XCTAssertTrue(facts.stdout.contains("A small game, built"), "the README, rendered: \(facts.stdout)")
    XCTAssertFalse(facts.stdout.contains("*small*"), facts.stdout)

    let json = try wayfarer(["repo", "dtrupenn/Tetris", "--readme", "--json"], environment: environment)
    XCTAssertEqual(json.status, 0, json.stderr)
    try compare(json.stdout, with: "repo.json")

    let missing = try wayfarer(["repo", "nobody/nothing"], environment: environment)
    XCTAssertEqual(missing.status, 1)
    XCTAssertEqual(missing.stderr, "wayfarer: GitHub has no repository nobody/nothing.\n")
    XCTAssertEqual(try wayfarer(["repo", "not a name"], environment: environment).status, 2)
  }

  func test_search_whenGitHubRefuses_saysWhyWithStatus1() throws {
    let server = try gitHub(status: 401)
    let run = try wayfarer(["search", "x"], environment: ["WAYFARER_GITHUB_URL": server.baseURL])
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(run.stderr.hasPrefix("wayfarer: The search failed: "), run.stderr)
  }

  func test_badArguments_areRefusedWithStatus2AndTheUsage() throws {
    for (arguments, expected) in [
      (["search"], "Missing QUERY"), (["search", "x", "--limit", "0"], "--limit: 0 is out of range"),
      (["search", "x", "--limit", "-5"], "--limit: -5 is out of range"),
      (["search", "x", "--limit", "1e99"], "--limit: '1e99' is not a whole number"),
      (["search", "x", "--limit"], "--limit needs a value"),
      (["search", "x", "--colour"], "Unknown option '--colour'"),
      (["search", "x", "--sort", "size"], "--sort: 'size' is not one of stars, forks or updated"),
      (["places", "--near", "95,10"], "--near: 95,10 is not a position on the map"),
      (["places", "--near", "1,2", "--city", "Lisbon"], "Give --near or --city, not both"),
      (["search", "a\u{1B}[31mb"], "control characters are not taken"),
      (["bookmarks", "sync"], "Unknown bookmarks command 'sync'"), (["harbor"], "Unknown command 'harbor'"),
      (["completion", "tcsh"], "'tcsh' is not one of bash, zsh or fish"),
    ] {
      let run = try wayfarer(arguments)
      XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
      XCTAssertEqual(run.stdout, "", "\(arguments)")
      XCTAssertTrue(run.stderr.contains(expected), "\(arguments): \(run.stderr)")
      XCTAssertFalse(run.stderr.contains("\u{1B}"), "no escape sequence is echoed")
    }
  }

  func test_everyCommand_hasHelpOnStandardOutput() throws {
    for command in [
      "login", "places", "search", "repo", "bookmarks list", "bookmarks export", "bookmarks import", "logout",
      "config list", "config set", "ask",
      "memory-check",
      "completion",
    ] {
      let run = try wayfarer(command.split(separator: " ").map(String.init) + ["--help"])
      XCTAssertEqual(run.status, 0, command)
      XCTAssertTrue(run.stdout.contains("Usage: wayfarer \(command)"), "\(command): \(run.stdout)")
      XCTAssertEqual(run.stderr, "", command)
    }
    let top = try wayfarer(["--help"])
    XCTAssertTrue(top.stdout.contains("  memory-check        Run login"), top.stdout)
  }

  func test_places_offline_nearAPoint_givesTheCatalogsRecords() throws {
    let rows = try wayfarer(["places", "--near", "-23.5505,-46.6333", "--limit", "2"])
    XCTAssertEqual(rows.status, 0, rows.stderr)
    XCTAssertEqual(rows.stdout.split(separator: "\n").count, 2, rows.stdout)
    XCTAssertTrue(rows.stdout.hasPrefix("Catedral da Sé\ttourism\t"), rows.stdout)

    let json = try wayfarer([
      "places", "--near", "-23.5505,-46.6333", "--category", "catering", "--limit", "3", "--json",
    ])
    XCTAssertEqual(json.status, 0, json.stderr)
    try compare(json.stdout, with: "places.json")
  }

  func test_places_fromGeoapify_hostileTextIsCleaned_inRowsAndSentences() throws {
    let hostile = "tour\u{1B}]0;PWNED\u{07}\u{1B}[31mism"
    let server = try makeLoopbackServer { request in
      switch request.path {
      case "/v2/places":
        return .json(
          GeoapifyFixtures.collection([
            GeoapifyFixtures.feature(
              name: "Evil\u{1B}[2J", id: "p1", latitude: 10.001, longitude: 10, category: hostile + ".x")
          ]))
      case "/v1/geocode/autocomplete", "/v1/geocode/search":
        return .json(
          #"{"results":[{"formatted":"Evil","city":"Evil\u001b]0;T\u0007town","country":"X","result_type":"city","lat":1,"lon":2}]}"#
        )
      default: return .json("{}", status: 404)
      }
    }
    let environment = ["GEOAPIFY_API_KEY": "geo-key-1234567", "WAYFARER_GEOAPIFY_URL": server.baseURL]
    let rows = try wayfarer(["places", "--near", "10,10"], environment: environment)
    XCTAssertEqual(rows.status, 0, rows.stderr)
    XCTAssertFalse(rows.stdout.contains("\u{1B}") || rows.stdout.contains("\u{07}"), rows.stdout)
    XCTAssertTrue(rows.stdout.hasPrefix("Evil\t"), rows.stdout)
    let city = try wayfarer(["places", "--city", "evil"], environment: environment)
    XCTAssertFalse((city.stdout + city.stderr).contains("\u{1B}"), city.stdout + city.stderr)
  }

  func test_bookmarks_needALogin_thenImportListExportRoundTrip() throws {
    let before = try wayfarer(["bookmarks"])
    XCTAssertEqual(before.status, 4)
    XCTAssertEqual(before.stderr, "wayfarer: Log in first: wayfarer login\n")

    try WayfarerBinary.registerAda(home: home.path)
    XCTAssertEqual(try wayfarer(["logout"]).stderr, "wayfarer: Logged out.\n")
    let wrong = try wayfarer(["login", "--email", "ada@example.com", "--password-stdin"], input: ["wrong horse"])
    XCTAssertEqual(wrong.status, 1)
    XCTAssertEqual(wrong.stderr, "wayfarer: E-mail or password is incorrect.\n")
    let right = try wayfarer(["login", "--email", "ada@example.com", "--password-stdin"], input: ["correct horse"])
    XCTAssertEqual(right.status, 0, right.stderr)
    XCTAssertEqual(right.stderr, "wayfarer: Logged in as ada@example.com.\n")

    let file = """
      {"format": "wayfarer-bookmarks", "version": 1, "places": [{"version": 3, "id": "p1", "name": "Sé",
       "category": "tourism.sights", "latitude": -23.55, "longitude": -46.63, "savedAt": "2026-11-01T10:00:00.000Z"}],
       "repositories": [{"version": 2, "fullName": "apple/swift", "stars": 5, "savedAt": "2026-11-02T10:00:00.000Z"}]}
      """
    let imported = try wayfarer(["bookmarks", "import", "-"], input: [file])
    XCTAssertEqual(imported.status, 0, imported.stderr)
    XCTAssertEqual(imported.stderr, "wayfarer: Added 2 bookmarks.\n")

    let list = try wayfarer(["bookmarks", "list", "--json"])
    XCTAssertEqual(list.status, 0, list.stderr)
    try compare(list.stdout, with: "bookmarks.json")

    let exported = try wayfarer(["bookmarks", "export", "-"])
    XCTAssertEqual(exported.status, 0, exported.stderr)
    XCTAssertTrue(exported.stdout.contains(#""format": "wayfarer-bookmarks""#), exported.stdout)
    XCTAssertEqual(exported.stderr, "wayfarer: Wrote 1 place and 1 repository to standard output.\n")
    let again = try wayfarer(["bookmarks", "import", "-"], input: [exported.stdout])
    XCTAssertEqual(again.stderr, "wayfarer: Added 0 bookmarks; skipped 2 already saved or listed twice.\n")

    // Bytes that are not UTF-8 are refused where they are, from a pipe as from a file.
    let notText = try wayfarer(
      ["bookmarks", "import", "-"], rawInput: Array("{\n  \"format\": \"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8))
    XCTAssertEqual(notText.status, 1)
    XCTAssertEqual(
      notText.stderr,
      "wayfarer: standard input is not a bookmarks file Wayfarer can read: it is not JSON: bytes that are not UTF-8 text (line 2, byte 15). Nothing was imported.\n"
    )
    XCTAssertEqual(try wayfarer(["bookmarks"]).stdout.split(separator: "\n").count, 2, "nothing saved was lost")

    // Wayfarer's own files are never an export's target, --force or not
    // (the database was once replaced by JSON, every account with it).
    for target in [home.path + "/data/wayfarer.sqlite", home.path + "/data/../state//history.json"] {
      let refused = try wayfarer(["bookmarks", "export", target, "--force"])
      XCTAssertEqual(refused.status, 1, target)
      XCTAssertTrue(refused.stderr.contains("where Wayfarer keeps its own files"), refused.stderr)
    }
    XCTAssertEqual(try wayfarer(["bookmarks"]).stdout.split(separator: "\n").count, 2, "the database still opens")
  }

  func test_config_setGetListUnset_keysShownInPart_theFilePrivate() throws {
    let key = "AIzaSyConfigSecret987654"
    XCTAssertEqual(
      try wayfarer(["config", "set", "WAYFARER_LOCATION", "95,1"]).status, 2, "checked as the environment")
    XCTAssertEqual(try wayfarer(["config", "set", "WAYFARER_LOCATION", "38.72,-9.14"]).status, 0)
    let saved = try wayfarer(["config", "set", "GEMINI_API_KEY", "-"], input: [key])
    XCTAssertEqual(saved.status, 0, saved.stderr)
    let file = home.path + "/config/config"
    let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
    XCTAssertEqual(mode, 0o600)

    let list = try wayfarer(["config", "list"], environment: ["NO_COLOR": "1"])
    XCTAssertEqual(
      list.stdout,
      "NO_COLOR = 1  # from the environment\nWAYFARER_LOCATION = 38.72,-9.14\nGEMINI_API_KEY = AIza…(set)\n")
    XCTAssertEqual(try wayfarer(["config", "get", "GEMINI_API_KEY"]).stdout, "AIza…(set)\n")
    XCTAssertEqual(try wayfarer(["places", "--limit", "1"]).stdout.split(separator: "\t").last, "Lisbon\n")
    XCTAssertEqual(try wayfarer(["config", "unset", "WAYFARER_LOCATION"]).status, 0)
    XCTAssertEqual(try wayfarer(["config", "get", "WAYFARER_LOCATION"]).status, 1)
    for run in [saved, list] { XCTAssertFalse((run.stdout + run.stderr).contains(key)) }

    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
    let refused = try wayfarer(["places", "--limit", "1"])
    XCTAssertTrue(refused.stderr.contains("is not yours alone"), refused.stderr)
    try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
    XCTAssertEqual(try wayfarer(["config", "set", "COLUMNS", "100"]).status, 1, "a refused file is not replaced")
    XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("GEMINI_API_KEY"), "nothing lost")
  }

  /// A value piped in is one line: a second was dropped unseen.
  func test_config_setFromStandardInput_refusesMoreThanOneLine_andSavesNothing() throws {
    let key = "AIzaSyTwoLineSecret12345"
    let refused = try wayfarer(["config", "set", "GEMINI_API_KEY", "-"], input: [key, "second line"])
    XCTAssertEqual(refused.status, 1, refused.stderr)
    XCTAssertEqual(
      refused.stderr,
      "wayfarer: Standard input holds more than one line, and a setting is one line; nothing was saved.\n")
    XCTAssertFalse(refused.stdout.contains(key))
    XCTAssertEqual(try wayfarer(["config", "get", "GEMINI_API_KEY"]).status, 1, "nothing saved")
    XCTAssertEqual(try wayfarer(["config", "set", "GEMINI_API_KEY", "-"], input: [key, ""]).status, 0, "line ends")
  }

  /// A reply over the limit, sent in one burst, is printed as it is kept
  /// (cut at the limit, not after the chunk it ends in), and `ask` says
  /// so on standard error, as the chat does under a reply.
  func test_ask_aReplyOverTheLimit_isPrintedAsKept_andSaysItWasCut() throws {
    let words = Array(repeating: String(repeating: "y", count: 99) + " ", count: 2_100)
    let server = try makeLoopbackServer { _ in
      .chunks([AssistantFixtures.openAIStream(words).reduce(Data(), +)], intervalMilliseconds: 0)
    }
    let environment = [
      "WAYFARER_OPENAI_URL": server.baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2", "OPENAI_API_KEY": "",
    ]
    try WayfarerBinary.registerAda(home: home.path)

    let long = try wayfarer(["ask", "a", "long", "one"], environment: environment)

    XCTAssertEqual(long.status, 0, long.stderr)
    XCTAssertEqual(long.stdout.count, 200_001, "200,000 characters and the line's end")
    XCTAssertEqual(long.stderr, "wayfarer: The reply was longer than 200,000 characters; its end was left out.\n")
  }

  func test_ask_streamsTheReply_fromArgumentsOrAPipe_andKeepsTheConversation() throws {
    let key = "sk-askShellSecretKey42"
    let server = try makeLoopbackServer { request in
      switch (request.method, request.path) {
      case ("POST", "/v1/chat/completions"):
        let body = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
        let messages = (body["messages"] as? [[String: Any]]) ?? []
        let asked = (messages.last?["content"] as? String) ?? ""
        if body["stream"] as? Bool == true {
          return .chunks(
            AssistantFixtures.openAIStream(
              ["You asked \u{1B}[31m", "\(messages.count) things: ", asked], usage: (prompt: 120, completion: 15)),
            intervalMilliseconds: 1)
        }
        return .json(AssistantFixtures.openAIReply("Whole reply to \(asked)."))
      default: return .json(AssistantFixtures.openAIUnknownModel, status: 404)
      }
    }
    let environment = [
      "WAYFARER_OPENAI_URL": server.baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2", "OPENAI_API_KEY": key,
    ]
    XCTAssertEqual(try wayfarer(["ask", "hi"], environment: environment).status, 4, "kept in an account")
    try WayfarerBinary.registerAda(home: home.path)

    let first = try wayfarer(["ask", "what", "is", "a", "coordinator"], environment: environment)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertEqual(first.stdout, "You asked 2 things: what is a coordinator\n", "no escape sequence gets out")
    XCTAssertEqual(first.stderr, "", "no usage unless asked")
    let both = try wayfarer(
      ["ask", "review", "this"], input: ["", "    diff --git a/x b/x", "+one line", " "], environment: environment)
    XCTAssertEqual(
      both.stdout, "You asked 2 things:     diff --git a/x b/x\n+one line\n\nreview this\n",
      "what was piped (its indent kept, blank lines around it not), then the words, as llm joins them")
    let long = try wayfarer(
      ["ask", "review", "this"], input: Array(repeating: String(repeating: "x", count: 79), count: 300),
      environment: environment)
    XCTAssertEqual(long.status, 2, "refused whole, not cut: the cut took the words after the pipe")
    XCTAssertEqual(
      long.stderr,
      "wayfarer: The question is 24012 characters long, more than the 20000 a question may hold; nothing was sent. Pipe in less (git diff -- PATH | wayfarer ask …).\n"
    )
    let notText = try wayfarer(["ask", "hi"], environment: environment, rawInput: [0xFF])
    XCTAssertEqual(notText.status, 1, "input that cannot be read is a failure, as for login, not a usage error")
    XCTAssertEqual(notText.stderr, "wayfarer: Standard input is not UTF-8 text.\n")
    let piped = try wayfarer(["ask", "--continue", "--usage"], input: ["and a router?"], environment: environment)
    XCTAssertEqual(piped.stdout, "You asked 4 things: and a router?\n", "the conversation went on")
    XCTAssertTrue(
      piped.stderr.hasPrefix("wayfarer: 120 in · 15 out · ") && piped.stderr.hasSuffix(" s\n"),
      "--usage, as llm -u: \(piped.stderr)")
    // `2>&1`: the reply's last bytes, gathered, go out before the usage line.
    let merged = try wayfarer(
      ["ask", "--continue", "--usage"], input: ["and a router?"], environment: environment, output: .mergedWithErrors)
    XCTAssertTrue(
      merged.stdout.hasPrefix("You asked 6 things: and a router?\nwayfarer: 120 in · 15 out · "),
      "standard output's bytes before standard error's: \(merged.stdout)")
    let json = try wayfarer(["ask", "--json", "--model", "qwen3", "new", "one"], environment: environment)
    XCTAssertEqual(
      json.stdout, "{\n  \"schema_version\": 1,\n  \"model\": \"qwen3\",\n  \"reply\": \"Whole reply to new one.\"\n}\n"
    )
    XCTAssertTrue(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(key)" })
    for run in [first, piped, json] { XCTAssertFalse((run.stdout + run.stderr).contains(key)) }

    let chat = try WayfarerBinary.run(script: ["explore", "ask", "/list", "/back", "quit"], home: home.path)
    XCTAssertTrue(
      chat.stdout.contains("what is a coordinator"), "the REPL lists the shell's conversations: \(chat.stdout)")
  }

  /// Servers that send the key or token back (in a reply, a description,
  /// a topic; as it was sent or in other letter case) get it into no output
  /// and no file: not `ask`'s reply, not `repo --json`, not a bookmark
  /// exported later in a run that has no token.
  func test_aKeyOrTokenAServerEchoes_isInNoOutputAndNoFile() throws {
    let key = "sk-echoedShellKey314"
    let server = try makeLoopbackServer { request in
      let echoed = request.headers["authorization"] ?? ""
      switch request.path {
      case "/v1/chat/completions":
        // The key split across two events, as a model streaming it would
        // send it; then upper-cased, split too.
        return .chunks(
          AssistantFixtures.openAIStream([
            "Your header was ", String(echoed.prefix(14)), String(echoed.dropFirst(14)), " ok, ",
            String(echoed.uppercased().prefix(18)), String(echoed.uppercased().dropFirst(18)),
          ]),
          intervalMilliseconds: 1)
      case "/repos/dtrupenn/Tetris":
        // GitHub lower-cases topics.
        return .json(
          GitHubFixtures.tetris.replacingOccurrences(
            of: "A C implementation of Tetris",
            with: "token is \(echoed), escaped \\u0067hp_shellSecretToken123, loud \(echoed.uppercased())"
          ).replacingOccurrences(of: #""topics":["game","c"]"#, with: #""topics":["game","\#(echoed.lowercased())"]"#))
      default: return .json(GitHubFixtures.notFound, status: 404)
      }
    }
    try WayfarerBinary.registerAda(home: home.path)
    let environment = [
      "WAYFARER_OPENAI_URL": server.baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2", "OPENAI_API_KEY": key,
      "WAYFARER_GITHUB_URL": server.baseURL, "GITHUB_TOKEN": token,
    ]

    let asked = try wayfarer(["ask", "echo"], environment: environment)
    let record = try wayfarer(["repo", "dtrupenn/Tetris", "--json"], environment: environment)
    let saved = try WayfarerBinary.run(
      script: ["explore", "open dtrupenn/Tetris", "bookmark", "quit"], home: home.path, environment: environment)
    let exported = try wayfarer(["bookmarks", "export", "-"])
    let listed = try wayfarer(["bookmarks", "list", "--json"])

    XCTAssertEqual(
      asked.stdout, "Your header was Bearer [OPENAI_API_KEY] ok, BEARER [OPENAI_API_KEY]\n", asked.stderr)
    XCTAssertTrue(
      record.stdout.contains(
        "token is Bearer [GITHUB_TOKEN], escaped [GITHUB_TOKEN], loud BEARER [GITHUB_TOKEN]"), record.stdout)
    XCTAssertTrue(record.stdout.contains(#""bearer [GITHUB_TOKEN]""#), "the topic: \(record.stdout)")
    XCTAssertTrue(exported.stdout.contains("token is Bearer [GITHUB_TOKEN]"), exported.stdout)
    XCTAssertTrue(exported.stdout.contains(#""bearer [GITHUB_TOKEN]""#), exported.stdout)
    // In any letter case: GHP_…, ghp_…, Sk-… are the same secrets.
    let holdsASecret = { (text: String) in
      [key, self.token].contains { text.lowercased().contains($0.lowercased()) }
    }
    for run in [asked, record, saved, exported, listed] {
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertFalse(holdsASecret(run.stdout + run.stderr), run.stdout + run.stderr)
    }
    for file in try FileManager.default.subpathsOfDirectory(atPath: home.path) {
      let data = FileManager.default.contents(atPath: home.path + "/" + file) ?? Data()
      XCTAssertFalse(holdsASecret(String(decoding: data, as: UTF8.self)), "a key or token is in \(file)")
    }
  }

  func test_askModel_isForThatQuestionOnly_andContinueKeepsTheModelOfTheLastReply() throws {
    // Ollama answers 404 for a model it does not have.
    let server = try makeLoopbackServer { request in
      let body = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
      let model = body["model"] as? String ?? ""
      guard request.path == "/v1/chat/completions", ["llama3.2", "qwen2.5"].contains(model) else {
        return .json(AssistantFixtures.openAIUnknownModel, status: 404)
      }
      return .chunks(AssistantFixtures.openAIStream(["\(model) answers."]), intervalMilliseconds: 1)
    }
    let environment = ["WAYFARER_OPENAI_URL": server.baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2"]
    try WayfarerBinary.registerAda(home: home.path)

    let typo = try wayfarer(["ask", "--model", "llama3", "hi"], environment: environment)
    XCTAssertEqual(typo.status, 1)
    XCTAssertTrue(typo.stderr.contains("(HTTP 404: model 'x' not found)"), typo.stderr)
    let listed = try WayfarerBinary.run(
      script: ["explore", "ask", "/list", "/back", "quit"], home: home.path, environment: environment)
    let row = listed.stdout.components(separatedBy: "\n").drop { $0 != "  1. hi" }.dropFirst().first ?? ""
    XCTAssertTrue(
      row.hasSuffix(" · 1 message") && !row.contains("llama3"),
      "/list names no model for a question none answered: \(listed.stdout)")
    let plain = try wayfarer(["ask", "plain", "question"], environment: environment)
    XCTAssertEqual(plain.stdout, "llama3.2 answers.\n", "the failed model stays with its question: \(plain.stderr)")

    let failedAgain = try wayfarer(["ask", "--continue", "--model", "llama3", "more"], environment: environment)
    XCTAssertEqual(failedAgain.status, 1)
    let continued = try wayfarer(["ask", "--continue", "go", "on"], environment: environment)
    XCTAssertEqual(continued.stdout, "llama3.2 answers.\n", "the last reply's model: \(continued.stderr)")

    let other = try wayfarer(["ask", "--model", "qwen2.5", "once"], environment: environment)
    XCTAssertEqual(other.stdout, "qwen2.5 answers.\n")
    XCTAssertEqual(try wayfarer(["ask", "--continue", "again"], environment: environment).stdout, "qwen2.5 answers.\n")
    let fresh = try wayfarer(["ask", "new", "one"], environment: environment)
    XCTAssertEqual(fresh.stdout, "llama3.2 answers.\n", "--model applied to its own conversation only")
  }

  /// Issue 21: a model the server does not list is refused by `ask
  /// --model` with the chat's `/model` sentence, its did-you-mean too; the
  /// list is asked for only once the question was refused.
  func test_askModel_aModelTheServerDoesNotList_getsTheChatsDidYouMean() throws {
    let server = try makeLoopbackServer { request in
      switch request.path {
      case "/v1/models": return .json(AssistantFixtures.openAIModels)
      case "/v1/chat/completions":
        let body = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
        guard body["model"] as? String == "llama3.2" else {
          return .json(AssistantFixtures.openAIUnknownModel, status: 404)
        }
        return .chunks(AssistantFixtures.openAIStream(["Hi."]), intervalMilliseconds: 1)
      default: return .json(AssistantFixtures.openAIUnknownModel, status: 404)
      }
    }
    let environment = ["WAYFARER_OPENAI_URL": server.baseURL + "/v1", "WAYFARER_OPENAI_MODEL": "llama3.2"]
    try WayfarerBinary.registerAda(home: home.path)
    let sentence = "The server has no model 'llama3'. Did you mean llama3.2?"

    let asked = try wayfarer(["ask", "--model", "llama3", "hi"], environment: environment)
    let chat = try WayfarerBinary.run(
      script: ["explore", "ask", "/model llama3", "/back", "quit"], home: home.path, environment: environment)
    let answered = try wayfarer(["ask", "--model", "llama3.2", "hi"], environment: environment)

    XCTAssertEqual(asked.status, 1)
    XCTAssertEqual(asked.stderr, "wayfarer: " + sentence + "\n")
    XCTAssertTrue(chat.stdout.sentencesJoined.contains("x " + sentence), "the same words in the chat: \(chat.stdout)")
    XCTAssertEqual(answered.stdout, "Hi.\n", answered.stderr)
    XCTAssertEqual(
      server.requests.map(\.path).filter { $0 == "/v1/models" }.count, 2,
      "listed for the refused question and for /model, not for the one answered")
  }

  func test_theAssistantsChoices_saveToTheConfigFile_andTheNextSessionUsesThem() throws {
    try WayfarerBinary.registerAda(home: home.path)
    // `/model` takes only a model the server lists.
    let server = try makeLoopbackServer { request in
      request.path == "/v1/models"
        ? .json(#"{"object":"list","data":[{"id":"llama3.2","object":"model"},{"id":"qwen3","object":"model"}]}"#)
        : .json(AssistantFixtures.openAIUnknownModel, status: 404)
    }
    let environment = [
      "WAYFARER_OPENAI_URL": server.baseURL + "/v1", "GEMINI_API_KEY": "AIzaChoiceTestKey1234567",
      "WAYFARER_GEMINI_URL": "http://127.0.0.1:9",
    ]
    let chat = try WayfarerBinary.run(
      script: ["explore", "ask", "/backend openai --save", "/model qwen3 --save", "/back", "quit"], home: home.path,
      environment: environment)
    XCTAssertEqual(chat.status, 0, chat.stderr)
    XCTAssertTrue(
      chat.stdout.sentencesJoined.contains("Kept for later sessions in \(home.path)/config/config"), chat.stdout)
    XCTAssertEqual(try wayfarer(["config", "get", "WAYFARER_ASSISTANT_BACKEND"]).stdout, "openai\n")
    XCTAssertEqual(try wayfarer(["config", "get", "WAYFARER_OPENAI_MODEL"]).stdout, "qwen3\n")

    let next = try WayfarerBinary.run(
      script: ["explore", "ask", "/back", "quit"], home: home.path, environment: environment)
    XCTAssertTrue(next.stdout.contains("qwen3"), "the saved model and backend are used: \(next.stdout)")
  }

  func test_memoryCheck_runsCyclesOnAPrivateDatabase() throws {
    let scratch = home.path + "/tmp"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let run = try wayfarer(["memory-check", "--cycles", "3", "--json"], environment: ["TMPDIR": scratch])
    XCTAssertEqual(run.status, 0, run.stderr)
    try compare(run.stdout, with: "memory-check.json")
    XCTAssertEqual(run.stderr, "wayfarer: 3 cycles: every finished tab flow was released.\n")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: home.path + "/data/wayfarer.sqlite"), "the user's data is not used")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch), [], "its own database is removed")
  }

  func test_onATerminal_rowsAreAligned_andLoginWillNotReadAPasswordFromIt() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let environment = ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"]
    let places = try TmuxSession(
      command: [WayfarerBinary.url.path, "places", "--limit", "2"], environment: environment, columns: 80, rows: 10)
    let screen = try places.waitFor("EXITED:0")
    XCTAssertTrue(screen.contains("Catedral da Sé    tourism  116 m  São Paulo"), screen)
    XCTAssertTrue(screen.contains("Pátio do Colégio  tourism  309 m  São Paulo"), screen)

    let login = try TmuxSession(
      command: [WayfarerBinary.url.path, "login", "--email", "ada@example.com", "--password-stdin"],
      environment: environment, columns: 80, rows: 10)
    let refused = try login.waitFor("EXITED:2")
    XCTAssertTrue(refused.contains("standard input is a terminal here"), refused)
  }

  func test_ctrlC_endsAOneShotCommand_asAShellExpects() throws {
    let process = Process()
    process.executableURL = WayfarerBinary.url
    process.arguments = ["bookmarks", "import", "-"]
    process.environment = ["WAYFARER_HOME": home.path, "HOME": home.path]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try WayfarerBinary.registerAda(home: home.path)
    try process.run()
    // Waiting on standard input that stays open, only Ctrl-C ends it (one
    // sent before SIGINT is let through waits, blocked, until then).
    kill(process.processIdentifier, SIGINT)
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    XCTAssertFalse(process.isRunning, "SIGINT ended it")
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    XCTAssertEqual(process.terminationReason, .uncaughtSignal)
    XCTAssertEqual(process.terminationStatus, SIGINT)
  }

  func test_aSessionWhoseAccountIsGone_isLoggedOut_andAPasswordWithCRLFIsItsFirstLine() throws {
    try WayfarerBinary.registerAda(home: home.path)
    let login = try wayfarer(
      ["login", "--email", "ada@example.com", "--password-stdin"], input: ["correct horse\r\nsecond line"])
    XCTAssertEqual(login.status, 0, login.stderr)
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: home.path + "/data/wayfarer.sqlite" + suffix)
    }
    let stale = try wayfarer(["bookmarks"])
    XCTAssertEqual(stale.status, 4)
    XCTAssertTrue(
      stale.stderr.contains("belongs to an account that no longer exists; you are logged out"), stale.stderr)
  }

  func test_aClosedStandardOutput_endsQuietly() throws {
    let run = try wayfarer(["places", "--limit", "20"], output: .closedPipe)
    XCTAssertNotEqual(run.reason, .uncaughtSignal, "no SIGPIPE death")
    XCTAssertEqual(run.stderr, "")
  }
}
