import Foundation
import TestSupport
import XCTest

@testable import App

/// A run that ends leaves no marker; one that did not end leaves its own,
/// which the next launch finds (and reads the database through for damage).
final class RunMarkersTests: XCTestCase {
  func test_aCleanRun_leavesNothing_andAGoneOne_isFoundOnce() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = directory.file("running")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let markers = RunMarkers(folder: folder)

    XCTAssertFalse(markers.begin(), "nothing ran before")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["\(getpid())"])
    markers.end()
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])

    // A process that is gone (an exited child's pid) left its marker.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/true")
    try child.run()
    child.waitUntilExit()
    XCTAssertTrue(
      FileManager.default.createFile(atPath: folder + "/\(child.processIdentifier)", contents: nil))
    // One still running (this test's parent) is not a crash.
    XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/\(getppid())", contents: nil))

    XCTAssertTrue(markers.begin(), "the gone run is found")
    XCTAssertEqual(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder)), ["\(getpid())", "\(getppid())"],
      "its marker is taken away, the running one's kept")
    markers.end()
    XCTAssertFalse(markers.begin(), "and found once")
    markers.end()
  }
}
