import Foundation
import Storage
import TestSupport
import XCTest

final class DirectoriesTests: XCTestCase {
  private var directory: TemporaryDirectory!

  override func setUpWithError() throws {
    directory = try TemporaryDirectory()
  }

  override func tearDown() {
    directory.remove()
  }

  func test_makePrivate_tightensTheFolderAndItsFiles_andSaysWhich() throws {
    let folder = directory.file("data")
    mkdir(folder, 0o777)
    chmod(folder, 0o777)
    FileManager.default.createFile(atPath: folder + "/loose", contents: Data("x".utf8))
    chmod(folder + "/loose", 0o644)
    FileManager.default.createFile(atPath: folder + "/tight", contents: Data("x".utf8))
    chmod(folder + "/tight", 0o600)
    FileManager.default.createFile(atPath: directory.file("elsewhere"), contents: Data("x".utf8))
    chmod(directory.file("elsewhere"), 0o644)
    symlink(directory.file("elsewhere"), folder + "/link")

    let tightened = try Directories.makePrivate(folder)

    XCTAssertEqual(tightened.map(\.path).sorted(), [folder, folder + "/loose"])
    XCTAssertEqual(tightened.map(\.oldMode).sorted(), [0o644, 0o777])
    XCTAssertEqual(Directories.mode(of: folder), 0o700)
    XCTAssertEqual(Directories.mode(of: folder + "/loose"), 0o600)
    XCTAssertEqual(Directories.mode(of: directory.file("elsewhere")), 0o644, "a link's target is left alone")
    XCTAssertEqual(try Directories.makePrivate(folder).count, 0)
  }

  /// Another user's link could point anywhere: root would then chmod
  /// whatever it points at. Needs root to make a file of another user.
  func test_makePrivate_refusesAnotherUsersLink_andAnotherUsersFolder() throws {
    try XCTSkipUnless(geteuid() == 0, "needs root to make files of another user")
    let target = directory.file("victim")
    mkdir(target, 0o755)
    chmod(target, 0o755)
    let link = directory.file("cache")
    symlink(target, link)
    lchown(link, 65_534, 65_534)
    let foreign = directory.file("foreign")
    mkdir(foreign, 0o777)
    chown(foreign, 65_534, 65_534)

    XCTAssertThrowsError(try Directories.makePrivate(link)) { error in
      let refused = error as? UntrustedFolder
      XCTAssertEqual(refused?.path, link)
      XCTAssertEqual(refused?.owner, 65_534)
      XCTAssertEqual(refused?.isLink, true)
    }
    XCTAssertThrowsError(try Directories.makePrivate(foreign)) { error in
      let refused = error as? UntrustedFolder
      XCTAssertEqual(refused?.path, foreign)
      XCTAssertEqual(refused?.isLink, false)
      XCTAssertEqual(
        refused?.description,
        "\(foreign) belongs to another user (uid 65534); Wayfarer keeps files only in folders of its own")
    }
    XCTAssertEqual(Directories.mode(of: target), 0o755, "the link's target was not touched")
  }

  func test_makePrivate_followsTheUsersOwnLink() throws {
    let target = directory.file("elsewhere")
    mkdir(target, 0o755)
    chmod(target, 0o755)
    symlink(target, directory.file("data"))

    let tightened = try Directories.makePrivate(directory.file("data"))

    XCTAssertEqual(tightened.map(\.oldMode), [0o755])
    XCTAssertEqual(Directories.mode(of: target), 0o700)
  }

  func test_exposure_isAFolderOthersMayWriteToWithoutTheStickyBit() throws {
    let open = directory.file("open")
    mkdir(open, 0o777)
    chmod(open, 0o777)
    let sticky = directory.file("sticky")
    mkdir(sticky, 0o777)
    chmod(sticky, 0o1777)

    XCTAssertEqual(Directories.exposure(of: open), 0o777)
    XCTAssertNil(Directories.exposure(of: sticky), "like /tmp: others cannot rename what is ours")
    XCTAssertNil(Directories.exposure(of: directory.path))
  }

  /// A session file turned into a FIFO hung the launch; a link to
  /// /dev/zero read forever.
  func test_read_refusesFIFOsDevicesLinksAndOversizedFiles() throws {
    let fifo = directory.file("fifo")
    mkfifo(fifo, 0o600)
    let zero = directory.file("zero")
    symlink("/dev/zero", zero)
    let big = directory.file("big")
    try AtomicFile.write(Array(repeating: 0x41, count: 2_000), to: big)

    for path in [fifo, zero] {
      XCTAssertThrowsError(try AtomicFile.read(path), path)
    }
    XCTAssertThrowsError(try AtomicFile.read(big, maxBytes: 1_000)) { error in
      XCTAssertEqual((error as? FileError)?.code, EFBIG)
    }
    XCTAssertEqual(try AtomicFile.read(big)?.count, 2_000)
  }
}
