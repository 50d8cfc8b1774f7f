import Foundation
import TestSupport
import XCTest

/// Standard input as a pipe another program writes to as it goes (a script
/// driver, `expect`): what Wayfarer answers reaches it before Wayfarer waits
/// for the next line, and Ctrl-C still stops a command that waits.
final class PipedStreamTests: XCTestCase {
  private var home: TemporaryDirectory!

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-e2e")
  }

  override func tearDown() {
    home.remove()
  }

  /// Waits at most `seconds` for `condition`, looking every 5 ms.
  private func eventually(_ seconds: TimeInterval = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(5_000)
    }
    return condition()
  }

  /// Output is gathered off a terminal, and goes out before Wayfarer waits
  /// for more input: a driver that writes a line, reads the answer, then
  /// writes the next never waits forever.
  func test_eachAnswer_reachesTheReader_beforeTheNextLineIsAwaited() throws {
    let running = try WayfarerBinary.start(script: ["help"], home: home.path)

    XCTAssertTrue(eventually { running.stdout.contains("Anywhere:") }, running.stdout)
    try running.type(["login"])
    XCTAssertTrue(eventually { running.stdout.contains("Log in") }, running.stdout)
    try running.type(["ada@example.com", "wrong password", "back", "quit"])
    let run = running.wait()

    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertTrue(run.stdout.contains("E-mail or password is incorrect"), run.stdout)
  }

  /// A search that waits on a stalled GitHub: SIGINT (Ctrl-C) cancels it,
  /// and the lines already piped after it run on.
  func test_ctrlC_inAPipedSession_cancelsTheWaitingCommand_andTheScriptGoesOn() throws {
    let server = try makeLoopbackServer { _ in .stall }
    defer { server.stop() }
    try WayfarerBinary.registerAda(home: home.path)
    let running = try WayfarerBinary.start(
      script: ["explore", "search tui", "help", "quit"], home: home.path,
      environment: ["WAYFARER_GITHUB_URL": server.baseURL])

    XCTAssertTrue(eventually { running.stdout.contains("Searching…") }, running.stdout)
    usleep(100_000)  // the request is on its way
    running.signal(SIGINT)
    let run = running.wait()

    XCTAssertEqual(run.status, 0, run.stderr)
    let afterSearch = run.stdout.components(separatedBy: "Searching…").last ?? ""
    XCTAssertTrue(afterSearch.contains("Cancelled."), run.stdout)
    XCTAssertTrue(afterSearch.contains("Anywhere:"), "help ran after the cancelled search: \(run.stdout)")
  }
}
