import Foundation
import TestSupport
import XCTest

/// Every input the fuzzers keep (Tests/Fuzz/Corpus: the seeds, what the
/// long runs found, and each crash once fixed) is replayed through its
/// target in the normal build: a crash found once stays a regression test.
final class FuzzCorpusTests: XCTestCase {
  private var replayer: URL { WayfarerBinary.url.deletingLastPathComponent().appendingPathComponent("wayfarer-fuzz") }

  private var corpus: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fuzz/Corpus")
      .standardizedFileURL
  }

  func test_everyKeptInput_replaysThroughItsTarget_withoutACrash() throws {
    let targets = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
    XCTAssertEqual(
      targets,
      [
        "bookmarks", "commands", "deeplink", "gemini", "geoapify", "github", "json", "markdown", "openai", "options",
        "session", "sse",
      ], "a corpus for every target")
    for target in targets {
      let inputs = try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(target).path)
      let process = Process()
      process.executableURL = replayer
      process.arguments = [corpus.appendingPathComponent(target).path]
      process.environment = ["WAYFARER_FUZZ_TARGET": target, "HOME": NSTemporaryDirectory(), "PATH": "/usr/bin:/bin"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()

      XCTAssertEqual(process.terminationReason, .exit, "\(target) crashed:\n\(printed)")
      XCTAssertEqual(process.terminationStatus, 0, "\(target):\n\(printed)")
      XCTAssertTrue(printed.contains("replayed \(inputs.count) inputs"), "\(target):\n\(printed)")
      XCTAssertGreaterThan(inputs.count, 1, "\(target) has its seeds")
    }
  }
}
