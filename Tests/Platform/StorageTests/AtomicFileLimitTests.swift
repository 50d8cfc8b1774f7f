import Foundation
import Storage
import TestSupport
import XCTest

final class AtomicFileLimitTests: XCTestCase {
  /// A read past its limit says the limit as it is: the config file's
  /// 64 KiB was said as "larger than 0 MiB".
  func test_aReadPastItsLimit_saysTheLimitInTheUnitItHas() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("big")
    try AtomicFile.write([UInt8](repeating: 0x61, count: 70_000), to: path)

    for (limit, said) in [(64 << 10, "it is larger than 64 KiB"), (1 << 16 - 1, "it is larger than 63 KiB")] {
      XCTAssertThrowsError(try AtomicFile.read(path, maxBytes: limit)) { error in
        XCTAssertEqual((error as? FileError)?.reason, said)
      }
    }
    XCTAssertThrowsError(try AtomicFile.read(path, maxBytes: 1_000)) { error in
      XCTAssertEqual((error as? FileError)?.reason, "it is larger than 1000 bytes")
    }
    XCTAssertEqual(try AtomicFile.read(path, maxBytes: 1 << 20)?.count, 70_000)
  }
}
