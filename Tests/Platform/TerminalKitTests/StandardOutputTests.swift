import Foundation
import Locking
import XCTest

@testable import TerminalIO

/// Standard output off a terminal: gathered, and written in order.
final class StandardOutputTests: XCTestCase {
  private var savedOutput: Int32 = -1
  private var file: URL!

  override func setUpWithError() throws {
    file = FileManager.default.temporaryDirectory.appendingPathComponent("stdout-\(UUID().uuidString)")
    XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
    savedOutput = dup(STDOUT_FILENO)
    let target = open(file.path, O_WRONLY)
    XCTAssertGreaterThanOrEqual(target, 0)
    dup2(target, STDOUT_FILENO)
    close(target)
    StandardOutput.isBuffered = true
  }

  override func tearDownWithError() throws {
    StandardOutput.isBuffered = false
    dup2(savedOutput, STDOUT_FILENO)
    close(savedOutput)
    try? FileManager.default.removeItem(at: file)
  }

  func test_aScreenLargerThanABlock_isWrittenWhole_andItsRoomLetGo() throws {
    let line = String(repeating: "x", count: 99) + "\n"
    let screen = String(repeating: line, count: 10_000)  // 1 MB, as 10,000 bookmarks
    StandardOutput.write("before\n")
    StandardOutput.write(screen)
    StandardOutput.write("after\n")
    StandardOutput.flush()

    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "before\n" + screen + "after\n")
    XCTAssertLessThanOrEqual(StandardOutput.keptCapacity, 2 * StandardOutput.blockSize)
  }

  func test_smallWrites_waitForAFlush() throws {
    StandardOutput.write("one\n")
    StandardOutput.write("two\n")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "")
    StandardOutput.flush()
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "one\ntwo\n")
  }

  /// On a terminal (not buffered) a streamed reply's pieces that arrive
  /// together are gathered until the next flush (the wait for the next
  /// chunk), then written at once; after it, writes go out at once again.
  func test_onATerminal_gatheredWrites_waitForTheNextFlushOnly() throws {
    StandardOutput.isBuffered = false
    XCTAssertFalse(StandardOutput.gatherUntilFlush())
    StandardOutput.write("w0001 ")
    XCTAssertTrue(StandardOutput.gatherUntilFlush())
    StandardOutput.write("w0002 ")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "")
    BeforeWaiting.run()
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "w0001 w0002 ")
    StandardOutput.write("done\n")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "w0001 w0002 done\n")
  }
}
