import Foundation
import TestSupport
import XCTest

@testable import TerminalIO

/// The pager gets the text on its standard input and Wayfarer waits for it;
/// one that cannot start says so, and one that quits early is fine.
final class PagerTests: XCTestCase {
  func test_thePagerReadsTheWholeText_andIsWaitedFor() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("paged.txt")
    let text = (1...5_000).map { "line \($0) ünïcödé" }.joined(separator: "\n") + "\n"

    let shown = await Pager.show(text, command: ["sh", "-c", "cat > \"$0\"", file])

    XCTAssertTrue(shown)
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), text, "whole, and written before show returned")
  }

  func test_aPagerThatCannotStart_orQuitsAtOnce_isSurvived() async {
    let missing = await Pager.show("text", command: ["/nonexistent/pager"])
    let quitting = await Pager.show(String(repeating: "x\n", count: 200_000), command: ["true"])
    let none = await Pager.show("text", command: [])
    XCTAssertFalse(none)
    XCTAssertTrue(quitting, "a pager quit early closes the pipe; the rest is dropped")
    XCTAssertFalse(missing, "glibc's posix_spawnp reports a program that cannot be run")
  }
}

final class SubprocessTests: XCTestCase {
  func test_output_isWhatTheProgramPrints_whenItSucceedsInTime() async {
    let printed = await Subprocess.output(of: ["sh", "-c", "printf 'gho_x\\n'"], timeout: .seconds(5))
    let failed = await Subprocess.output(of: ["sh", "-c", "echo no; exit 3"], timeout: .seconds(5))
    let missing = await Subprocess.output(of: ["/nonexistent/program"], timeout: .seconds(5))
    let capped = await Subprocess.output(of: ["sh", "-c", "yes | head -c 100000"], timeout: .seconds(5), limit: 10)
    XCTAssertEqual(printed, "gho_x\n")
    XCTAssertNil(failed)
    XCTAssertNil(missing)
    XCTAssertEqual(capped?.count, 10)
  }

  func test_start_runsWithoutWaiting_andTheProgramRuns() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("started")
    XCTAssertTrue(Subprocess.start(["sh", "-c", "echo opened > \"$0\"", file]))
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: file) {
      try await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: file))
    XCTAssertFalse(Subprocess.start(["/nonexistent/browser"]))
  }

  /// Keys and tokens stay Wayfarer's: no program it starts inherits them,
  /// unless a start keeps one on purpose (`gh`, GitHub's own variables).
  func test_withheldVariables_reachNoProgram_butThoseKeptOnPurpose() async {
    Subprocess.withhold(variables: ["WAYFARER_TEST_SECRET", "WAYFARER_TEST_GH"])
    setenv("WAYFARER_TEST_SECRET", "s3cret-value", 1)
    setenv("WAYFARER_TEST_GH", "gh-value", 1)
    setenv("WAYFARER_TEST_PLAIN", "plain", 1)
    defer { for name in ["WAYFARER_TEST_SECRET", "WAYFARER_TEST_GH", "WAYFARER_TEST_PLAIN"] { unsetenv(name) } }

    let seen = await Subprocess.output(of: ["sh", "-c", "env | grep WAYFARER_TEST_ | sort"], timeout: .seconds(5))
    let kept = await Subprocess.output(
      of: ["sh", "-c", "env | grep WAYFARER_TEST_ | sort"], timeout: .seconds(5), keeping: ["WAYFARER_TEST_GH"])

    XCTAssertEqual(seen, "WAYFARER_TEST_PLAIN=plain\n")
    XCTAssertEqual(kept, "WAYFARER_TEST_GH=gh-value\nWAYFARER_TEST_PLAIN=plain\n")
    XCTAssertEqual(
      Subprocess.childEnvironment(
        inherited: ["WAYFARER_TEST_SECRET=x", "WAYFARER_TEST_SECRETS=y", "A=1"], added: ["B=2"], keeping: []),
      ["WAYFARER_TEST_SECRETS=y", "A=1", "B=2"], "a name is matched whole")
  }

  /// A program that overruns its time is killed with everything it
  /// started: nothing it forked is left running.
  func test_aProgramOutOfTime_endsWithWhatItStarted() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let pidFile = directory.file("sleeper")
    let started = ContinuousClock.now
    let output = await Subprocess.output(
      of: ["sh", "-c", "sleep 30 & echo $! > \"$0\"; wait", pidFile], timeout: .milliseconds(300))

    XCTAssertNil(output)
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    let sleeper = try XCTUnwrap(
      Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
    var gone = false
    for _ in 0..<500 {
      // Killed and reaped by init (it is no child of ours), or a zombie.
      let state = (try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8)) ?? ""
      let fields = state.split(separator: ")").last?.split(separator: " ")
      if state.isEmpty || fields?.first == "Z" {
        gone = true
        break
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertTrue(gone, "the sleep started by the program is still running")
  }
}
