import Foundation
import TestSupport
import XCTest

/// The built binary, driven by a piped script with a private WAYFARER_HOME.
final class PipedSessionTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-e2e")
    XCTAssertTrue(
      FileManager.default.isExecutableFile(atPath: WayfarerBinary.url.path),
      "build the wayfarer product first (swift build): \(WayfarerBinary.url.path)")
  }

  override func tearDown() {
    home.remove()
  }

  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]

  private func run(_ script: [String], environment: [String: String] = [:]) throws -> WayfarerBinary.Run {
    try WayfarerBinary.run(script: script, home: home.path, environment: environment)
  }

  func test_register_visitTheTabs_logout_landsOnWelcome() throws {
    let run = try run(register + ["explore", "bookmarks", "profile", "logout", "quit"])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stderr, "")
    let out = run.stdout
    XCTAssertTrue(out.hasPrefix("Wayfarer 0.1.0 · type help to see what you can do here\n\nWelcome\n"), out)
    XCTAssertTrue(
      out.contains(
        "ok Account created. Welcome, Ada!\n! Offline catalog — set GEOAPIFY_API_KEY for live places\nLoading places…\n\n"
          + "\(TabSet.plainBar(selecting: "home"))\nHome\n"), out)
    XCTAssertTrue(out.contains("\n\(TabSet.plainBar(selecting: "explore"))\nExplore\n"), out)
    XCTAssertTrue(out.contains("\n\(TabSet.plainBar(selecting: "bookmarks"))\nBookmarks\n"), out)
    XCTAssertTrue(out.contains("  Name          Ada Lovelace\n  E-mail        ada@example.com\n"), out)
    XCTAssertTrue(
      out.hasSuffix(
        "ok Logged out.\n\nWelcome\n" + String(repeating: "-", count: 72) + """

            Wayfarer
            Places near you, code on GitHub, an assistant and your bookmarks, in
            one terminal.

            login     Log in to your account
            register  Create an account
            quit      Leave Wayfarer

          """), out)
    XCTAssertFalse(out.contains("\u{1B}"), "escape codes in piped output")
    XCTAssertFalse(out.contains("correct horse"), "password in output")
  }

  /// A transcript keeps to 72 columns: a sentence longer than that goes on
  /// under its text, and only a word that cannot be broken (an address, a
  /// path) runs past, on a line of its own.
  func test_aTranscript_keepsTo72Columns_breakingLongSentencesUnderTheirText() throws {
    let run = try run(
      register + [
        "open wayfarer://nowhere/at/all", "bookmarks", "import \(home.path)/no/such/folder/bookmarks.json", "home",
        "open 99", "toggle", "quit",
      ])

    XCTAssertEqual(run.status, 0, run.stderr)
    for line in run.stdout.split(separator: "\n") where line.count > 72 {
      XCTAssertFalse(line.trimmingCharacters(in: .whitespaces).contains(" "), "a line of \(line.count): \(line)")
    }
    XCTAssertTrue(
      run.stdout.contains(
        "x Wayfarer cannot open wayfarer://nowhere/at/all: there is no such\n  screen; links are wayfarer://"),
      run.stdout)
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains("x Wayfarer cannot open wayfarer://nowhere/at/all: there is no such screen"))
  }

  /// Help's prose keeps to the transcript's 72 columns too (an argument's
  /// line of `help open` ran to 104), and to a narrower COLUMNS (the banner
  /// was 54 wide at 40).
  func test_helpAndTheChat_keepTo72Columns_andToANarrowerWidth() throws {
    XCTAssertEqual(try run(register + ["quit"]).status, 0)
    let script = ["explore", "help open", "help search", "help", "ask", "/list", "/help", "quit"]
    for (columns, width) in [(nil, 72), ("40", 40)] {
      let run = try run(script, environment: columns.map { ["COLUMNS": $0] } ?? [:])
      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(run.stdout.contains("OWNER/NAME a repository's name."), run.stdout)
      for line in run.stdout.split(separator: "\n") where line.count > width {
        XCTAssertFalse(line.trimmingCharacters(in: .whitespaces).contains(" "), "a line of \(line.count): \(line)")
      }
    }
  }

  func test_theSameScript_givesTheSameBytes() throws {
    let script = register + ["help", "profile", "settings", "toggle 3", "back", "logout", "nonsense", "quit"]
    let first = try run(script)
    home.remove()
    home = try TemporaryDirectory("wayfarer-e2e")
    let second = try run(script)

    XCTAssertEqual(first.status, 0)
    XCTAssertEqual(first.stdout, second.stdout)
  }

  /// A script saved with a byte order mark (as some Windows editors save
  /// text) runs its first command, and so does each command a mark starts
  /// (scripts joined with `cat` carry one each); inside a word it is text.
  func test_aScriptStartingWithAByteOrderMark_runsItsFirstCommand() throws {
    let marked = try run(["\u{FEFF}help", "\u{FEFF}\u{FEFF} \u{FEFF}help", "he\u{FEFF}lp", "quit"])
    XCTAssertEqual(marked.status, 0)
    XCTAssertEqual(
      marked.stdout.components(separatedBy: "Unknown command").count, 2, "only the third:\n\(marked.stdout)")
    XCTAssertEqual(
      marked.stdout.components(separatedBy: "help [COMMAND]  List what").count, 3, "both ran:\n\(marked.stdout)")
  }

  func test_relaunch_withASavedSession_startsOnHome() throws {
    XCTAssertEqual(try run(register + ["quit"]).status, 0)

    let relaunch = try run(["quit"])

    XCTAssertEqual(relaunch.status, 0)
    XCTAssertTrue(
      relaunch.stdout.hasPrefix(
        "Wayfarer 0.1.0 · type help to see what you can do here\n! Offline catalog — set GEOAPIFY_API_KEY for live places\n"
          + "Loading places…\n\n\(TabSet.plainBar(selecting: "home"))\nHome\n" + String(repeating: "-", count: 72)
          + "\n"
          + "  Near São Paulo (default) · within 5 km\n   1. Catedral da Sé  "),
      relaunch.stdout)
  }

  /// The reference app's measurement: launch logged in, then logout → login → logout.
  func test_debugMemory_afterLogoutLoginLogout_showsTheTabFlowReleased() throws {
    XCTAssertEqual(try run(register + ["quit"]).status, 0)

    let run = try run(
      ["profile", "logout", "login", "ada@example.com", "correct horse", "profile", "logout", "debug memory", "quit"])

    XCTAssertEqual(run.status, 0)
    let rows = memoryRows(run.stdout)
    for coordinator in [
      "MainTabBarCoordinator", "HomeCoordinator", "ExploreCoordinator", "BookmarksCoordinator",
      "ProfileCoordinator",
    ] {
      XCTAssertEqual(rows[coordinator]?.alive, 0, coordinator)
      XCTAssertEqual(rows[coordinator]?.released, 2, coordinator)
    }
    XCTAssertEqual(rows["PreLoginCoordinator"]?.alive, 1)
    XCTAssertEqual(rows["PreLoginCoordinator"]?.released, 1)
    XCTAssertEqual(rows["ProfileScreen"]?.alive, 0)
    XCTAssertEqual(rows["ProfileViewModel"]?.alive, 0)
    XCTAssertEqual(rows["ProfileRouter"]?.alive, 0)
    XCTAssertEqual(rows["TabBarController"]?.alive, 0)
    XCTAssertEqual(rows["LoginViewModel"]?.alive, 0)
    XCTAssertEqual(rows["WelcomeScreen"]?.alive, 1)
  }

  func test_wrongPassword_saysOneSentence_andStaysOnLogin() throws {
    XCTAssertEqual(try run(register + ["profile", "logout", "quit"]).status, 0)

    let run = try run([
      "login", "ada@example.com", "wrong horse", "login", "nobody@example.com", "correct horse", "quit",
    ])

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.stdout.components(separatedBy: "x E-mail or password is incorrect").count - 1, 2, run.stdout)
    XCTAssertFalse(run.stdout.contains("[Home]"))
  }

  /// A script that retries a password after a failed login gives it to
  /// the form's prompt, as a command: it is never repeated.
  func test_aPasswordTypedAsACommandOnAForm_isNotRepeated() throws {
    XCTAssertEqual(try run(register + ["profile", "logout", "quit"]).status, 0)

    let run = try run(["login", "ada@example.com", "wrong horse", "correct horse", "quit"])

    XCTAssertEqual(run.status, 0)
    XCTAssertFalse(run.stdout.contains("correct horse") || run.stdout.contains("'correct'"), run.stdout)
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "x That is not a command here (not repeated: it may be a password). Type help to see what you can do here."),
      run.stdout)
  }

  /// Piped, a refused answer is said as on a terminal and its field asked
  /// again with the next line, so later answers keep their fields: one bad
  /// e-mail followed by a good one registers, and no password is shown.
  func test_aRefusedAnswer_isSaid_andItsFieldTakesTheNextLine() throws {
    let run = try run(
      ["register", "Ada", "L", "not-an-email", "ada2@example.com", "short", "correct horse", "correct hose"]
        + ["correct horse", "quit"])

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(
      run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("x ") },
      [
        "x E-mail: Please enter a valid e-mail address.", "x Password: Password must be at least 8 characters.",
        "x Confirm password: Passwords do not match.",
      ], run.stdout)
    XCTAssertTrue(run.stdout.contains("ok Account created. Welcome, Ada!\n"), run.stdout)
    XCTAssertFalse(run.stdout.contains("not repeated"), run.stdout)
    for secret in ["short", "correct h"] { XCTAssertFalse(run.stdout.contains(secret), "\(secret): \(run.stdout)") }
  }

  /// A throttled login says the wait once, in the form, and shows no
  /// password mask: no password was asked that time.
  func test_aThrottledLogin_saysTheWaitOnce_andShowsNoPasswordMask() throws {
    XCTAssertEqual(try run(register + ["profile", "logout", "quit"]).status, 0)
    let failures = (1...4).flatMap { ["wrong horse \($0)", "password"] } + ["wrong horse 5"]

    let run = try run(["login", "ada@example.com"] + failures + ["login", "ada@example.com", "correct horse", "quit"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let afterLastLogin = try XCTUnwrap(run.stdout.components(separatedBy: "\nWelcome > Log in\n").last)
    XCTAssertEqual(run.stdout.components(separatedBy: "Too many failed attempts").count - 1, 1, run.stdout)
    XCTAssertTrue(afterLastLogin.contains("  E-mail    ada@example.com\n  Password  (empty)\n"), run.stdout)
    XCTAssertFalse(run.stdout.contains("Logged in"), run.stdout)
  }

  func test_unknownCommand_saysHowToGetHelp_andGoesOn() throws {
    let run = try run(["fly away", "", "   ", "quit"])

    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(
      run.stdout.hasSuffix("Unknown command 'fly'. Type help to see what you can do here.\n"), run.stdout)
  }

  func test_endOfInputInAForm_cancelsIt_andExitsZero() throws {
    let run = try run(["register", "Ada", "Lovelace"])

    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(run.stdout.contains("Registration cancelled.\n"), run.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.file("state/session.json")))
  }

  func test_anUnwritableHome_isAClearErrorAndNonZero() throws {
    let blocker = home.file("a-file")
    _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))

    let run = try WayfarerBinary.run(
      script: ["quit"], home: home.path, environment: ["WAYFARER_HOME": blocker + "/home"])

    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.stdout, "")
    XCTAssertEqual(
      run.stderr,
      "wayfarer: Wayfarer cannot keep its files in WAYFARER_HOME (\(blocker)/home): could not create the folder \(blocker)/home: Not a directory. Choose a folder you can write to.\n"
    )
  }

  func test_aSessionFileTurnedToGarbage_isSurvived() throws {
    XCTAssertEqual(try run(register + ["quit"]).status, 0)
    try Data("garbage \u{1B}[31m{".utf8).write(to: URL(fileURLWithPath: home.file("state/session.json")))

    let run = try run(["login", "ada@example.com", "correct horse", "quit"])

    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "! The session file \(home.file("state/session.json")) is damaged, so you are logged out."),
      run.stdout)
    XCTAssertTrue(run.stdout.contains("ok Logged in as ada@example.com.\n"), run.stdout)
    XCTAssertTrue(run.stdout.contains("\n\(TabSet.plainBar(selecting: "home"))\n"), run.stdout)
  }

  func test_passwordsNeverReachHistoryOrTheDatabaseInClear() throws {
    XCTAssertEqual(try run(register + ["profile", "quit"]).status, 0)

    for folder in ["state", "state/history", "data"] {
      for name in try FileManager.default.contentsOfDirectory(atPath: home.file(folder)) {
        let contents = (try? Data(contentsOf: URL(fileURLWithPath: home.file(folder + "/" + name)))) ?? Data()
        XCTAssertNil(contents.range(of: Data("correct horse".utf8)), "\(folder)/\(name) holds the password")
      }
    }
  }

  func test_helpAndVersion() throws {
    let help = try WayfarerBinary.run(script: [], home: home.path, arguments: ["--help"])
    let shortHelp = try WayfarerBinary.run(script: [], home: home.path, arguments: ["-h"])
    let version = try WayfarerBinary.run(script: [], home: home.path, arguments: ["--version"])
    let shortVersion = try WayfarerBinary.run(script: [], home: home.path, arguments: ["-v"])
    let bad = try WayfarerBinary.run(script: [], home: home.path, arguments: ["--bogus"])

    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("Usage: wayfarer [-h | --help | -v | --version]"), help.stdout)
    XCTAssertTrue(help.stdout.contains("WAYFARER_HOME"))
    XCTAssertEqual(shortHelp.stdout, help.stdout)
    XCTAssertEqual(version.stdout, "wayfarer 0.1.0\n")
    XCTAssertEqual(shortVersion.stdout, version.stdout)
    XCTAssertEqual(shortVersion.status, 0)
    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(bad.stderr, "wayfarer: Unknown option '--bogus'. See wayfarer --help.\n")
  }

  /// A damaged database is named at launch, before anyone types a form.
  func test_aDamagedDatabase_isNamedAtLaunch_withWhatToDo() throws {
    try FileManager.default.createDirectory(atPath: home.file("data"), withIntermediateDirectories: true)
    try Data(repeating: 0x42, count: 4_096).write(to: URL(fileURLWithPath: home.file("data/wayfarer.sqlite")))

    let run = try WayfarerBinary.run(script: ["quit"], home: home.path)

    XCTAssertEqual(run.status, 0)
    let file = home.file("data/wayfarer.sqlite")
    XCTAssertTrue(
      run.stdout.sentencesJoined.contains(
        "! The database \(file) cannot be used (the database reported error 26: file is not a database). Move it aside (mv \(file) \(file).damaged) and start Wayfarer again; until then nobody can log in or register."
      ), run.stdout)
  }

  /// Numbers typed at the keyboard are outside data too: the extremes of
  /// Int must be "no such item", never an overflow.
  func test_extremeNumbers_areRefusedPolitely() throws {
    let smallest = String(Int.min)
    let run = try WayfarerBinary.run(
      script: [
        "register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "open \(smallest)",
        "city lisbon", "use \(smallest)", "use \(Int.max)", "profile", "settings", "toggle \(smallest)", "quit",
      ], home: home.path)

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("x There is no place \(smallest). Choose a number from 1 to 10."), run.stdout)
    XCTAssertEqual(
      run.stdout.components(separatedBy: "x Choose a city by its number, from 1 to 1.").count, 3, run.stdout)
    XCTAssertTrue(run.stdout.contains("There is no setting '\(smallest)'."), run.stdout)
    XCTAssertFalse(run.stdout.contains("Loading places…\nx Choose a city"), "refused before any loading: \(run.stdout)")
  }

  /// As coreutils do: output that cannot be written is an error, said on
  /// standard error, with status 1.
  func test_aFailedWriteToStandardOutput_endsWithStatus1_andSaysSo() throws {
    let help = try WayfarerBinary.run(
      script: [], home: home.path, arguments: ["--help"], standardOutput: "/dev/full")
    let session = try WayfarerBinary.run(
      script: ["help", "help", "quit"], home: home.path, standardOutput: "/dev/full")

    for run in [help, session] {
      XCTAssertEqual(run.status, 1)
      XCTAssertEqual(run.stderr, "wayfarer: cannot write to standard output: No space left on device\n")
    }
  }

  /// `printf 'help\nquit\n' | wayfarer 2>&1 | head -1`: standard output and
  /// standard error are one pipe the reader closed.
  ///
  /// Nothing on the way out
  /// may trap (it once did, writing the sentence to the same closed pipe).
  func test_aClosedPipeForOutputAndErrors_endsQuietlyWithStatus1() throws {
    for arguments in [[], ["--help"]] {
      let run = try WayfarerBinary.run(
        script: ["help", "quit"], home: home.path, arguments: arguments, output: .closedPipe)

      XCTAssertEqual(run.reason, .exit, "wayfarer \(arguments) was killed by signal \(run.status)")
      XCTAssertEqual(run.status, 1)
    }
  }

  func test_anUnknownOption_isEchoedHarmlessly() throws {
    let bad = try WayfarerBinary.run(script: [], home: home.path, arguments: ["--x\u{1B}]0;owned\u{07}\u{1B}[2J"])

    XCTAssertEqual(bad.status, 2)
    XCTAssertEqual(
      bad.stderr, "wayfarer: Unknown option '--x<U+001B>]0;owned<U+0007><U+001B>[2J'. See wayfarer --help.\n",
      "no control reaches the terminal, and the echo is not a word it did not refuse")
  }

  /// A megabyte typed into `filter` is drawn in linear time, and echoed on
  /// one line.
  func test_aHugeFilter_isEchoedOnOneLine() throws {
    let word = String(repeating: "x", count: 1_000_000)
    let run = try WayfarerBinary.run(
      script: [
        "register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "filter " + word, "quit",
      ],
      home: home.path)

    XCTAssertEqual(run.status, 0)
    XCTAssertTrue(
      run.stdout.contains("  Showing 0 of 10: name or city matches\n  \"\(String(repeating: "x", count: 39))…\".\n"),
      String(run.stdout.suffix(2_000)))
    XCTAssertLessThan(run.stdout.utf8.count, 20_000)
  }

  /// Issue 9, §5: each of these used to end in a sentence about nothing, a
  /// progress line before a refusal, or a command that did not work.
  func test_messagesWithoutDeadEnds() throws {
    let run = try run(
      ["tab home", "home", "login", "Ada@Example.COM", "wrong horse", "register"]
        + ["", "Ada", "Lovelace", "", "ADA@example.com", "correct horse", "correct horse"]
        + ["open", "open 1 2", "use", "use 2 3", "refresh now", "tab", "more", "profile", "settings", "toggle"]
        + ["back", "logout", "login", "ADA@EXAMPLE.COM", "correct horse", "quit"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertEqual(out.components(separatedBy: "x Log in first: type login or register.\n").count - 1, 2, out)
    XCTAssertFalse(out.contains("Unknown command"), out)
    XCTAssertFalse(
      out.contains("Creating your account…\n\nWelcome > Register"), "a progress line before the fields' errors: \(out)")
    XCTAssertTrue(out.contains("x E-mail or password is incorrect"), out)
    XCTAssertTrue(out.contains("x Name: This field is required.\n"), out)
    XCTAssertTrue(out.contains("x E-mail: This field is required.\n"), out)
    XCTAssertTrue(out.contains("ok Account created. Welcome, Ada!"), out)
    for usage in [
      "x Usage: open N — N is a row number, 1–10.\nx Usage: open N — N is a row number, 1–10.\n",
      "x Usage: use N — N is a city number from a search; search first with city NAME.\n",
      "x Usage: refresh — nothing goes after refresh.\n",
      "x Usage: tab NAME — NAME is one of \(TabSet.names.joined(separator: ", ")).\n",
      "- That is every place within 5 km: 10 in all.\n",
      "x Usage: toggle N|NAME — N is a setting's number, 1–3, or NAME its name (favorites, map, category-filter).\n",
      "ok Logged in as ada@example.com.\n",
    ] {
      XCTAssertTrue(out.sentencesJoined.contains(usage), "missing \(usage) in:\n\(out)")
    }
    XCTAssertEqual(out.components(separatedBy: "Usage: use N").count - 1, 2, out)
    XCTAssertFalse(out.contains("ADA@EXAMPLE.COM."), out)
    XCTAssertFalse(out.contains("Error()"), out)
  }

  /// TERM=dumb promises ASCII: every byte, place names and punctuation too.
  func test_termDumb_isPureASCII() throws {
    let run = try run(
      register + ["open 3", "back", "map", "city são", "profile", "about", "quit"], environment: ["TERM": "dumb"])

    XCTAssertEqual(run.status, 0, run.stderr)
    let out = run.stdout
    XCTAssertEqual(out.utf8.filter { $0 >= 0x80 }.count, 0, out)
    XCTAssertTrue(out.contains("Loading places...\n"), out)
    XCTAssertTrue(out.contains("  Near Sao Paulo (default) - within 5 km\n"), out)
    XCTAssertTrue(out.contains("Theatro Municipal de Sao Paulo"), out)
    XCTAssertTrue(out.contains("! Offline catalog -- set GEOAPIFY_API_KEY for live places\n"), out)
  }

  private func memoryRows(_ transcript: String) -> [String: (alive: Int, released: Int)] {
    var rows: [String: (alive: Int, released: Int)] = [:]
    for line in transcript.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 3, let alive = Int(fields[1]), let released = Int(fields[2]) else { continue }
      rows[String(fields[0])] = (alive, released)
    }
    return rows
  }
}
