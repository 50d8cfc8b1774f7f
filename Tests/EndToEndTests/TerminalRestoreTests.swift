import Foundation
import TestSupport
import XCTest

/// The terminal a person gets back: signals restore its modes, editing keys
/// stay out of passwords, and form fields have no command history.
final class TerminalRestoreTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    home = try TemporaryDirectory("wayfarer-tty-restore")
  }

  override func tearDown() {
    home?.remove()
  }

  private var environment: [String: String] {
    ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"]
  }

  /// wayfarer, then its status and the terminal's modes as `stty` sees them.
  private func startWithModesAfter() throws -> TmuxSession {
    try TmuxSession(
      command: [
        "sh", "-c", #""$0"; echo STATUS:$?; stty -a | tr ' ;' '\n\n' | grep -E '^-?(echo|icanon)$' | tr '\n' ' '"#,
        WayfarerBinary.url.path,
      ],
      environment: environment)
  }

  /// The pid of the wayfarer running with this test's home.
  private func wayfarerPID() throws -> pid_t {
    let marker = Data("WAYFARER_HOME=\(home.path)\0".utf8)
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
      guard let pid = pid_t(entry),
        let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe"),
        executable.hasSuffix("/wayfarer"),
        let variables = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
        variables.range(of: marker) != nil
      else { continue }
      return pid
    }
    throw XCTSkip("could not find the wayfarer process")
  }

  /// `stty` listed `echo` and `icanon`, not `-echo` or `-icanon`.
  private func isSane(_ screen: String) -> Bool {
    let modes = screen.split(whereSeparator: \.isWhitespace)
    return modes.contains("echo") && modes.contains("icanon") && !modes.contains("-echo") && !modes.contains("-icanon")
  }

  func test_sigterm_atAPasswordPrompt_restoresEcho_andExitsWith143() throws {
    let terminal = try startWithModesAfter()
    try terminal.answer("welcome>", with: "login")
    try terminal.answer("E-mail:", with: "ada@example.com")
    try terminal.waitFor("Password:")

    kill(try wayfarerPID(), SIGTERM)

    let screen = try terminal.waitFor("EXITED:0")
    XCTAssertTrue(screen.contains("STATUS:143"), screen)
    XCTAssertTrue(isSane(screen), "echo and canonical input are back:\n\(screen)")
  }

  func test_sighupAndSigquit_atTheCommandPrompt_restoreTheTerminal() throws {
    for (signal, status) in [(SIGHUP, 129), (SIGQUIT, 131)] {
      let terminal = try startWithModesAfter()
      try terminal.waitFor("welcome>")
      try terminal.type("half typed")

      kill(try wayfarerPID(), signal)

      let screen = try terminal.waitFor("EXITED:0")
      XCTAssertTrue(screen.contains("STATUS:\(status)"), screen)
      XCTAssertTrue(isSane(screen), "after signal \(signal):\n\(screen)")
    }
  }

  /// Between lines Wayfarer keeps echo off (type-ahead waits for the
  /// prompt); leaving, by `quit` or Ctrl-D, gives it back.
  func test_quitAndCtrlD_giveTheTerminalBackWithEcho() throws {
    for leave in ["quit", "C-d"] {
      let terminal = try startWithModesAfter()
      try terminal.waitFor("welcome>")
      if leave == "quit" {
        try terminal.type("quit")
        try terminal.send("Enter")
      } else {
        try terminal.send(leave)
      }

      let screen = try terminal.waitFor("EXITED:0")
      XCTAssertTrue(screen.contains("STATUS:0"), screen)
      XCTAssertTrue(isSane(screen), "after \(leave):\n\(screen)")
    }
  }

  func test_arrowKeysAtAPasswordPrompt_areIgnored_andFormFieldsHaveNoHistory() throws {
    let terminal = try TmuxSession(command: [WayfarerBinary.url.path], environment: environment)
    try terminal.answer("welcome>", with: "register")
    try terminal.answer("Name:", with: "Ada")
    try terminal.waitFor("Surname:")
    // Up in a form field must not bring back "register".
    try terminal.send("Up")
    try terminal.type("Lovelace")
    try terminal.send("Enter")
    try terminal.answer("E-mail:", with: "ada@example.com")
    try terminal.waitFor("Password (at least 8 characters):")
    try terminal.send("Up", "Left", "Home", "Delete", "Escape")
    // Esc alone is told from a key's sequence by a pause of 50 ms: wait
    // longer than that, or "h" would be read as Alt-h.
    usleep(200_000)
    try terminal.type("hunter2hunterX")
    try terminal.send("BSpace")
    try terminal.type("2")
    try terminal.send("Enter")
    try terminal.answer("Confirm password:", with: "hunter2hunter2")
    let registered = try terminal.waitFor("home>")
    XCTAssertTrue(registered.contains("Account created. Welcome, Ada!"), registered)

    try terminal.answer("home>", with: "profile")
    let profile = try terminal.waitFor("profile>")
    XCTAssertTrue(profile.contains("Ada Lovelace"), profile)
    try terminal.answer("profile>", with: "logout")
    try terminal.answer("welcome>", with: "login")
    try terminal.answer("E-mail:", with: "ada@example.com")
    try terminal.answer("Password:", with: "hunter2hunter2")
    let loggedIn = try terminal.waitFor("home>", count: 2)
    XCTAssertTrue(loggedIn.contains("Logged in as ada@example.com."), loggedIn)
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }

  /// Ctrl-Z at a password prompt, then `fg`: the rest of the password must
  /// not be echoed (the shell had turned echo back on while it was stopped).
  func test_suspendAndResumeAtAPasswordPrompt_keepsThePasswordHidden() throws {
    XCTAssertEqual(
      try WayfarerBinary.run(
        script: [
          "register", "Ada", "Lovelace", "ada@example.com", "hunter2hunter2", "hunter2hunter2", "profile", "logout",
        ],
        home: home.path
      ).status, 0)
    // No history file: bash writes one when tmux hangs up on it, which
    // could land in the home after the test removed it and leave it behind.
    let terminal = try TmuxSession(
      command: ["bash", "--norc", "--noprofile", "-i"],
      environment: environment.merging(["HISTFILE": "/dev/null"]) { $1 })
    try terminal.type("PS1='$ ' && " + WayfarerBinary.url.path)
    try terminal.send("Enter")
    try terminal.answer("welcome>", with: "login")
    try terminal.answer("E-mail:", with: "ada@example.com")
    try terminal.waitFor("Password:")
    try terminal.type("hunter2")
    try terminal.send("C-z")
    try terminal.waitFor("Stopped")
    try terminal.type("fg")
    try terminal.send("Enter")
    try terminal.waitFor("fg\n")
    try terminal.type("secretrest")
    usleep(100_000)
    XCTAssertFalse(try terminal.screen().contains("secretrest"), "echoed after fg")
    try terminal.send("C-u")
    try terminal.type("hunter2hunter2")
    try terminal.send("Enter")
    let screen = try terminal.waitFor("home>")
    XCTAssertTrue(screen.contains("Logged in as ada@example.com."), screen)
    XCTAssertFalse(screen.contains("hunter2"), screen)
    XCTAssertFalse(screen.contains("secretrest"), "echoed after fg:\n\(screen)")
    try terminal.send("C-d")
    try terminal.waitFor("$ ", count: 2)
  }
}
