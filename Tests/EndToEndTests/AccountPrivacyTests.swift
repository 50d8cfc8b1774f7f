import Foundation
import Storage
import TestSupport
import XCTest

/// What keeps one person's account from others on the same machine:
/// private files, a throttle that holds against parallel attempts, and keys
/// that go only where the person said.
final class AccountPrivacyTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-privacy-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  private func mode(_ relative: String) -> mode_t? {
    Directories.mode(of: home.path + "/" + relative)
  }

  func test_everyFileIs0600_andEveryFolder0700_whateverTheUmask() throws {
    let old = umask(0o022)
    defer { umask(old) }

    let run = try WayfarerBinary.run(script: register + ["quit"], home: home.path)

    XCTAssertEqual(run.status, 0, run.stderr)
    for folder in ["config", "data", "state", "state/history", "cache"] {
      XCTAssertEqual(mode(folder), 0o700, folder)
    }
    // (-wal and -shm are gone after a clean exit; StorageTests checks them open.)
    for file in ["data/wayfarer.sqlite", "state/session.json", "state/history"] where mode(file) != nil {
      XCTAssertEqual(mode(file), file == "state/history" ? 0o700 : 0o600, file)
    }
    XCTAssertNotNil(mode("data/wayfarer.sqlite"))
    XCTAssertFalse(run.stdout.contains("now private"), "nothing to tighten on a fresh home: \(run.stdout)")
  }

  func test_looserModesLeftBefore_areTightened_withOneWarningEach() throws {
    XCTAssertEqual(try WayfarerBinary.run(script: register + ["quit"], home: home.path).status, 0)
    chmod(home.path + "/data", 0o777)
    chmod(home.path + "/data/wayfarer.sqlite", 0o644)
    chmod(home.path + "/state/session.json", 0o666)

    let run = try WayfarerBinary.run(script: ["quit"], home: home.path)
    let again = try WayfarerBinary.run(script: ["quit"], home: home.path)

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(mode("data"), 0o700)
    XCTAssertEqual(mode("data/wayfarer.sqlite"), 0o600)
    XCTAssertEqual(mode("state/session.json"), 0o600)
    for (path, old) in [("data", "777"), ("data/wayfarer.sqlite", "644"), ("state/session.json", "666")] {
      let access = old == "644" ? "read" : "read or changed"
      let warning = "! \(home.path)/\(path) could be \(access) by other users (mode \(old)); it is now private.\n"
      XCTAssertEqual(run.stdout.sentencesJoined.components(separatedBy: warning).count - 1, 1, run.stdout)
    }
    XCTAssertFalse(again.stdout.contains("now private"), again.stdout)
  }

  /// Another user who can write to the home folder could swap Wayfarer's
  /// folders for links of their own: Wayfarer says the folder is open, and
  /// refuses a link it did not make, changing nothing through it.
  func test_anOpenHome_isNamed_andAnotherUsersLinkIsRefused() throws {
    try XCTSkipUnless(geteuid() == 0, "needs root to make a link of another user")
    XCTAssertEqual(try WayfarerBinary.run(script: register + ["quit"], home: home.path).status, 0)
    chmod(home.path, 0o777)
    let victim = try TemporaryDirectory("wayfarer-victim")
    defer { victim.remove() }
    chmod(victim.path, 0o755)
    rename(home.path + "/cache", home.path + "/cache.old")
    symlink(victim.path, home.path + "/cache")
    lchown(home.path + "/cache", 65_534, 65_534)

    let run = try WayfarerBinary.run(script: ["quit"], home: home.path)

    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "wayfarer: Wayfarer cannot keep its files in WAYFARER_HOME (\(home.path)): \(home.path) can be changed by other users (mode 777), who could replace Wayfarer's folders in it; make it private (chmod go-w \(home.path)). Choose a folder you can write to.\n"
    )
    chmod(home.path, 0o700)
    let again = try WayfarerBinary.run(script: ["quit"], home: home.path)
    XCTAssertEqual(again.status, 1)
    XCTAssertTrue(
      again.stderr.contains(
        "\(home.path)/cache is a link made by another user (uid 65534); Wayfarer does not follow it"),
      again.stderr)
    XCTAssertEqual(Directories.mode(of: victim.path), 0o755, "nothing was changed through the link")
  }

  /// A session file that is a FIFO or a link to /dev/zero is a damaged one:
  /// one warning, logged out, no hang.
  func test_aSessionFileThatIsNoFile_isSurvived() throws {
    XCTAssertEqual(try WayfarerBinary.run(script: register + ["quit"], home: home.path).status, 0)
    for make in [{ (path: String) in _ = mkfifo(path, 0o600) }, { (path: String) in _ = symlink("/dev/zero", path) }] {
      unlink(home.path + "/state/session.json")
      make(home.path + "/state/session.json")

      let run = try WayfarerBinary.run(script: ["quit"], home: home.path, timeout: 20)

      XCTAssertEqual(run.status, 0)
      XCTAssertTrue(run.stdout.contains("The session file could not be read"), run.stdout)
      XCTAssertTrue(run.stdout.contains("\nWelcome\n"), "logged out: \(run.stdout)")
    }
  }

  /// Thirty processes try one wrong password each for the same e-mail at
  /// once: five are checked, the rest are told to wait.
  func test_parallelAttempts_cannotPassTheThrottle() throws {
    XCTAssertEqual(try WayfarerBinary.run(script: register + ["profile", "logout", "quit"], home: home.path).status, 0)

    let outputs = Outputs()
    let path = home.path
    DispatchQueue.concurrentPerform(iterations: 30) { _ in
      let run = try? WayfarerBinary.run(
        script: ["login", "ada@example.com", "wrong password", "quit"], home: path, timeout: 120)
      outputs.append(run?.stdout ?? "did not run")
    }

    let all = outputs.all
    XCTAssertEqual(all.filter { $0.contains("E-mail or password is incorrect") }.count, 5, all.joined())
    XCTAssertEqual(all.filter { $0.contains("Too many failed attempts for this e-mail.") }.count, 25, all.joined())
    let database = SQLiteDatabase(path: home.path + "/data/wayfarer.sqlite")
    let count = try database.execute("SELECT count FROM login_failures").first?.integer("count")
    XCTAssertEqual(count, 5)
  }

  /// Two Wayfarers started at once on a new home both create the database:
  /// neither is told a healthy file is damaged.
  func test_twoLaunchesAtOnceOnANewHome_bothOpenTheDatabase() throws {
    for round in 0..<6 {
      let path = home.path + "/fresh-\(round)"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      let outputs = Outputs()
      DispatchQueue.concurrentPerform(iterations: 2) { _ in
        let run = try? WayfarerBinary.run(script: ["quit"], home: path)
        outputs.append((run?.stdout ?? "did not run") + (run?.stderr ?? ""))
      }
      for output in outputs.all {
        XCTAssertFalse(output.contains("cannot be used"), "round \(round): \(output)")
        XCTAssertFalse(output.contains("did not run"), "round \(round)")
      }
    }
  }

  /// Two Wayfarers on one account saving bookmarks at once: neither save
  /// is lost.
  func test_twoProcessesSavingBookmarksAtOnce_loseNothing() throws {
    XCTAssertEqual(try WayfarerBinary.run(script: register + ["quit"], home: home.path).status, 0)
    let outputs = Outputs()
    let path = home.path
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      let run = try? WayfarerBinary.run(
        script: ["home", "open \(index + 1)", "favorite", "back", "open \(index + 5)", "favorite", "quit"], home: path)
      outputs.append(run?.stdout ?? "did not run")
    }

    let saved = outputs.all.map { $0.components(separatedBy: "to your bookmarks.").count - 1 }
    XCTAssertEqual(saved, [2, 2, 2, 2], outputs.all.joined())
    let output = try WayfarerBinary.run(script: ["bookmarks", "quit"], home: home.path).stdout
    let listed = output.components(separatedBy: "  Places\n").last ?? ""
    XCTAssertTrue(listed.contains("  8. "), "eight places saved by four processes:\n\(listed)")
    XCTAssertFalse(listed.contains("  9. "), listed)
  }

  /// An invalid service URL must not fall back to the real service: the key
  /// would go somewhere the person did not choose.
  func test_anInvalidGeoapifyURL_sendsTheKeyNowhere() throws {
    let server = try LoopbackHTTPServer { _ in .json("{}") }
    addTeardownBlock { server.stop() }
    for bad in ["not a url", "ftp://127.0.0.1:\(server.port)", "file:///etc/passwd", "http://"] {
      let run = try WayfarerBinary.run(
        script: register + ["quit"], home: home.path,
        environment: ["GEOAPIFY_API_KEY": "secret-key", "WAYFARER_GEOAPIFY_URL": bad, "https_proxy": server.baseURL])
      home.remove()
      home = try TemporaryDirectory("wayfarer-privacy-e2e")

      XCTAssertEqual(run.status, 0, run.stderr)
      XCTAssertTrue(
        run.stdout.sentencesJoined.contains(
          "! WAYFARER_GEOAPIFY_URL must be an http:// or https:// URL, not '\(bad)'; GEOAPIFY_API_KEY is not sent anywhere and Home uses the offline catalog."
        ), run.stdout)
      XCTAssertTrue(run.stdout.contains("Offline catalog"), run.stdout)
    }
    XCTAssertEqual(server.requests.count, 0, "not even through a proxy")
  }
}

private final class Outputs: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func append(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}
