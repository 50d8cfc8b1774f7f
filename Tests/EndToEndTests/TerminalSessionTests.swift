// swift-format-ignore-file: AlwaysUseLowerCamelCase

// (the fields are named as the service's JSON names them)
import Foundation
import TestSupport
import XCTest

/// What only a real terminal shows: echo, history, completion, Ctrl-C, Ctrl-D.
final class TerminalSessionTests: XCTestCase {
  func test_registerInARealTerminal_historyCompletionInterruptAndQuit() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let home = try TemporaryDirectory("wayfarer-tty")
    defer { home.remove() }
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: ["WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"])

    try terminal.waitFor("welcome>")
    // capture-pane drops trailing spaces, so prompts are matched without theirs.
    // Tab completes a command.
    try terminal.type("reg")
    try terminal.send("Tab")
    try terminal.waitFor("welcome> register")
    try terminal.send("Enter")
    try terminal.answer("Name:", with: "Ada")
    try terminal.answer("Surname:", with: "Lovelace")
    try terminal.answer("E-mail:", with: "ada@example.com")
    try terminal.answer("Password (at least 8 characters):", with: "hunter2hunter2")
    try terminal.answer("Confirm password:", with: "hunter2hunter2")
    let home1 = try terminal.waitFor("home>")
    XCTAssertFalse(home1.contains("hunter2"), "the password was echoed:\n\(home1)")
    XCTAssertTrue(home1.contains("Account created. Welcome, Ada!"))

    // Ctrl-C clears the line and never quits.
    try terminal.type("explore")
    try terminal.send("Enter")
    try terminal.waitFor("explore>")
    try terminal.type("half typed")
    // Ctrl-C makes the terminal discard input not yet read: on a busy machine
    // it could arrive before Wayfarer read the text, which then never showed.
    try terminal.waitFor("explore> half typed")
    try terminal.send("C-c")
    try terminal.waitFor("explore> half typed^C")
    try terminal.waitFor("explore>", count: 2)

    // Up recalls the last command.
    try terminal.send("Up")
    try terminal.waitFor("explore> explore")
    try terminal.send("C-u")

    // Ctrl-D on an empty line quits with status 0.
    try terminal.send("C-d")
    let last = try terminal.waitFor("EXITED:0")

    let history = try String(contentsOfFile: home.file("state/history/account-1"), encoding: .utf8)
    XCTAssertTrue(history.contains("explore"), history)
    XCTAssertFalse(history.contains("hunter2"), history)
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: home.file("state/history/account-1"))[.posixPermissions] as? Int,
      0o600)
    XCTAssertFalse(last.contains("hunter2"))
  }
}

extension TerminalSessionTests {
  /// Ctrl-C while Home waits on a silent Geoapify cancels the load, not the app.
  func test_ctrlC_cancelsALoadingList_andTheAppGoesOn() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let home = try TemporaryDirectory("wayfarer-tty")
    defer { home.remove() }
    let server = try LoopbackHTTPServer { request in request.path == "/v2/places" ? .stall : .close }
    defer { server.stop() }
    let terminal = try TmuxSession(
      command: [WayfarerBinary.url.path],
      environment: [
        "WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        "GEOAPIFY_API_KEY": "test-key-0001", "WAYFARER_GEOAPIFY_URL": server.baseURL,
      ])

    try terminal.registerAda()
    try terminal.waitFor("the request to arrive") { _ in !server.requests.isEmpty }
    // Skeleton rows while loading (tmux may show them a moment after the
    // request left, on a busy machine).
    try terminal.waitFor("░░░")

    let interrupted = Date()
    try terminal.send("C-c")
    let screen = try terminal.waitFor("home>")
    XCTAssertLessThan(Date().timeIntervalSince(interrupted), 2)
    XCTAssertTrue(screen.contains("Cancelled."), screen)
    XCTAssertTrue(screen.contains("Loading was cancelled."), screen)

    try terminal.type("profile")
    try terminal.send("Enter")
    try terminal.waitFor("profile>")
    try terminal.send("C-d")
    try terminal.waitFor("EXITED:0")
  }
}
