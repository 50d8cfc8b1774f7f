import Foundation
import Storage
import TestSupport
import XCTest

/// Bookmarks saved by processes of their own (`bookmark-writer`, which
/// saves through App's store and says `saved N` once each save is
/// committed): two at once lose nothing, and one killed mid-run loses
/// nothing it confirmed and leaves a database that opens cleanly.
final class BookmarkDurabilityTests: XCTestCase {
  private var home: TemporaryDirectory!
  private var database: String { home.path + "/data/wayfarer.sqlite" }

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-durability-e2e")
    try WayfarerBinary.registerAda(home: home.path)
  }

  override func tearDown() {
    home.remove()
  }

  private var writer: URL {
    WayfarerBinary.url.deletingLastPathComponent().appendingPathComponent("bookmark-writer")
  }

  private func accountID() throws -> String {
    let id = try SQLiteDatabase(path: database).execute("SELECT id FROM accounts").first?.integer("id")
    return String(try XCTUnwrap(id))
  }

  /// A writer process saving `count` places called `prefix-N`, its
  /// standard output going to `output`.
  private func startWriter(prefix: String, count: Int, output: String) throws -> Process {
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    let process = Process()
    process.executableURL = writer
    process.arguments = [database, try accountID(), prefix, String(count)]
    process.environment = ["ASAN_OPTIONS": "detect_leaks=1"]
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  private func wait(for process: Process, seconds: TimeInterval = 120) {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(2_000) }
  }

  /// The places of `prefix` in the database, by number.
  private func savedNumbers(_ prefix: String) throws -> Set<Int> {
    let rows = try SQLiteDatabase(path: database).execute(
      "SELECT item_id FROM bookmarks WHERE kind = 'place' AND item_id LIKE ?", [.text(prefix + "-%")])
    return Set(rows.compactMap { $0.text("item_id").flatMap { Int($0.dropFirst(prefix.count + 1)) } })
  }

  /// The highest `saved N` a writer printed.
  private func confirmed(in output: String) -> Int {
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { Int($0.dropFirst("saved ".count)) }.max() ?? 0
  }

  func test_twoWritersSaving500EachAtOnce_leave1000Bookmarks() throws {
    let first = try startWriter(prefix: "a", count: 500, output: home.path + "/a.out")
    let second = try startWriter(prefix: "b", count: 500, output: home.path + "/b.out")
    wait(for: first)
    wait(for: second)

    XCTAssertEqual(first.terminationStatus, 0)
    XCTAssertEqual(second.terminationStatus, 0)
    XCTAssertEqual(try savedNumbers("a"), Set(1...500))
    XCTAssertEqual(try savedNumbers("b"), Set(1...500))
    let total = try SQLiteDatabase(path: database).execute("SELECT count(*) AS n FROM bookmarks").first?.integer("n")
    XCTAssertEqual(total, 1_000)
  }

  func test_aWriterKilledMidRun_losesNoConfirmedSave_andTheDatabaseOpensCleanly() throws {
    for round in 1...3 {
      let prefix = "k\(round)"
      let output = home.path + "/\(prefix).out"
      let process = try startWriter(prefix: prefix, count: 100_000, output: output)
      // Killed somewhere after a hundred-odd saves: where exactly differs per round.
      let deadline = Date().addingTimeInterval(60)
      while confirmed(in: output) < 100 + round * 37 && process.isRunning && Date() < deadline { usleep(1_000) }
      XCTAssertTrue(process.isRunning, "the writer was still saving when killed")
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationReason, .uncaughtSignal)

      let said = confirmed(in: output)
      let saved = try savedNumbers(prefix)
      XCTAssertGreaterThan(said, 100)
      XCTAssertTrue(Set(1...said).isSubset(of: saved), "round \(round): every confirmed save is there")
      XCTAssertLessThanOrEqual(saved.count, said + 1, "at most the save under way when it was killed")
    }

    let check = try SQLiteDatabase(path: database).execute("PRAGMA integrity_check")
    XCTAssertEqual(check.first?.text("integrity_check"), "ok")
    let run = try WayfarerBinary.run(script: ["bookmarks", "quit"], home: home.path)
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertFalse(run.stdout.contains("cannot be used"), run.stdout)
    XCTAssertTrue(run.stdout.contains("k3 place 1\n") || run.stdout.contains("k3 place 1 "), run.stdout)
  }
}
