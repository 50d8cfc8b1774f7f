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
    _ = FileManager.default.createFile(atPath: folder + "/loose", contents: Data("x".utf8))
    chmod(folder + "/loose", 0o644)
    _ = FileManager.default.createFile(atPath: folder + "/tight", contents: Data("x".utf8))
    chmod(folder + "/tight", 0o600)
    _ = FileManager.default.createFile(atPath: directory.file("elsewhere"), contents: Data("x".utf8))
    chmod(directory.file("elsewhere"), 0o644)
    symlink(directory.file("elsewhere"), folder + "/link")

    let changes = try Directories.makePrivate(folder)

    XCTAssertEqual(
      changes, [.tightened(path: folder, oldMode: 0o777), .tightened(path: folder + "/loose", oldMode: 0o644)],
      "the user's own link is neither followed nor removed")
    XCTAssertEqual(Directories.mode(of: folder), 0o700)
    XCTAssertEqual(Directories.mode(of: folder + "/loose"), 0o600)
    XCTAssertEqual(Directories.mode(of: directory.file("elsewhere")), 0o644, "a link's target is left alone")
    XCTAssertEqual(try Directories.makePrivate(folder).count, 0)
  }

  /// Another user's link could point anywhere: root would then chmod
  /// whatever it points at.
  ///
  /// Needs root to make a file of another user.
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

    let changes = try Directories.makePrivate(directory.file("data"))

    XCTAssertEqual(changes, [.tightened(path: directory.file("data"), oldMode: 0o755)])
    XCTAssertEqual(Directories.mode(of: target), 0o700)
  }

  func test_untrustedAncestor_isAFolderOthersMayChange_orAnotherUsersFolder() throws {
    let open = directory.file("open")
    mkdir(open, 0o777)
    chmod(open, 0o777)
    let sticky = directory.file("sticky")
    mkdir(sticky, 0o777)
    chmod(sticky, 0o1777)

    XCTAssertEqual(Directories.untrustedAncestor(of: open + "/home/data")?.path, open)
    XCTAssertEqual(
      Directories.untrustedAncestor(of: open + "/data")?.description,
      "\(open) can be changed by other users (mode 777), who could replace Wayfarer's folders in it; make it private (chmod go-w \(open))"
    )
    XCTAssertNil(Directories.untrustedAncestor(of: sticky + "/data"), "like /tmp: others cannot rename what is ours")
    XCTAssertNil(Directories.untrustedAncestor(of: directory.file("home/data")))
    if geteuid() == 0 {
      let foreign = directory.file("foreign")
      mkdir(foreign, 0o755)
      chown(foreign, 65_534, 65_534)
      XCTAssertEqual(Directories.untrustedAncestor(of: foreign + "/data")?.owner, 65_534)
    }
  }

  /// Links another user planted in a folder of Wayfarer's (while it was
  /// open) are removed, so nothing is later written through them.
  func test_makePrivate_removesLinksOfAnotherUser() throws {
    try XCTSkipUnless(geteuid() == 0, "needs root to make a link of another user")
    let folder = directory.file("state")
    mkdir(folder, 0o700)
    let victim = directory.file("victim")
    _ = FileManager.default.createFile(atPath: victim, contents: Data("root secret".utf8))
    symlink(victim, folder + "/session.json")
    lchown(folder + "/session.json", 65_534, 65_534)

    let changes = try Directories.makePrivate(folder)

    XCTAssertEqual(changes, [.removed(path: folder + "/session.json", intruder: .link(owner: 65_534))])
    XCTAssertEqual(try AtomicFile.read(victim), Array("root secret".utf8))
  }

  /// Another user's file (a session written to log in without a password)
  /// and a hard link to someone's file are removed, never trusted or chmod-ed.
  func test_makePrivate_removesAnotherUsersFile_andHardLinks() throws {
    let folder = directory.file("state")
    mkdir(folder, 0o700)
    let elsewhere = directory.file("elsewhere")
    try AtomicFile.write(Array("someone's".utf8), to: elsewhere, mode: 0o666)
    link(elsewhere, folder + "/history")
    var expected: [PrivacyChange] = [.removed(path: folder + "/history", intruder: .hardLink)]
    if geteuid() == 0 {
      try AtomicFile.write(Array(#"{"accountID":"1"}"#.utf8), to: folder + "/session.json", mode: 0o644)
      chown(folder + "/session.json", 65_534, 65_534)
      expected.append(.removed(path: folder + "/session.json", intruder: .file(owner: 65_534)))
    }

    let changes = try Directories.makePrivate(folder)

    XCTAssertEqual(Set(changes.map { "\($0)" }), Set(expected.map { "\($0)" }))
    XCTAssertEqual(Directories.mode(of: elsewhere), 0o666, "the other name's file is not chmod-ed")
    XCTAssertEqual(try AtomicFile.read(elsewhere), Array("someone's".utf8))
  }

  /// A relative home, or a link in the path, must not hide a folder others
  /// can change.
  func test_untrustedAncestor_seesThroughRelativePathsAndLinks() throws {
    let open = directory.file("open")
    mkdir(open, 0o777)
    chmod(open, 0o777)
    symlink(open, directory.file("link"))

    XCTAssertEqual(Directories.untrustedAncestor(of: directory.file("link/home/data"))?.path, open)
    let previous = FileManager.default.currentDirectoryPath
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    _ = FileManager.default.changeCurrentDirectoryPath(open)
    XCTAssertEqual(Directories.untrustedAncestor(of: "home/data")?.path, open)
  }

  func test_write_replacesALinkAtThePath_neverWritesThroughIt() throws {
    let victim = directory.file("victim")
    try AtomicFile.write(Array("keep".utf8), to: victim, mode: 0o644)
    symlink(victim, directory.file("session.json"))

    try AtomicFile.write(Array("new".utf8), to: directory.file("session.json"))
    try AtomicFile.replace(directory.file("history")) { temporary in
      try Data("line".utf8).write(to: URL(fileURLWithPath: temporary))
    }

    XCTAssertEqual(try AtomicFile.read(victim), Array("keep".utf8))
    XCTAssertEqual(Directories.mode(of: victim), 0o644)
    XCTAssertEqual(try AtomicFile.read(directory.file("session.json")), Array("new".utf8))
    XCTAssertEqual(try AtomicFile.read(directory.file("history")), Array("line".utf8))
    XCTAssertEqual(Directories.mode(of: directory.file("history")), 0o600)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    XCTAssertEqual(leftovers, [])
  }

  /// A session file turned into a FIFO hung the launch; a link to

  func test_writeNotReplacing_makesANewFile_butLeavesAnExistingFileOrLinkAlone() throws {
    let fresh = directory.file("export.json")
    try AtomicFile.write(Array("one".utf8), to: fresh, replacing: false)
    XCTAssertEqual(try AtomicFile.read(fresh), Array("one".utf8))

    XCTAssertThrowsError(try AtomicFile.write(Array("two".utf8), to: fresh, replacing: false)) { error in
      XCTAssertEqual((error as? FileError)?.code, EEXIST)
    }
    XCTAssertEqual(try AtomicFile.read(fresh), Array("one".utf8))
    let victim = directory.file("victim")
    try AtomicFile.write(Array("keep".utf8), to: victim)
    symlink(victim, directory.file("planted"))
    XCTAssertThrowsError(try AtomicFile.write(Array("two".utf8), to: directory.file("planted"), replacing: false))
    XCTAssertEqual(try AtomicFile.read(victim), Array("keep".utf8))

    try AtomicFile.write(Array("two".utf8), to: fresh)
    XCTAssertEqual(try AtomicFile.read(fresh), Array("two".utf8))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
    XCTAssertEqual(leftovers, [])
  }
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

  /// The group counts as others: a folder or file the group may read or
  /// change is made private, and a folder above Wayfarer's that the group
  /// may change (without the sticky bit) is not trusted.
  func test_theGroupCountsAsOthers() throws {
    let folder = directory.file("group")
    mkdir(folder, 0o700)
    chmod(folder, 0o770)
    _ = FileManager.default.createFile(atPath: folder + "/shared", contents: Data("x".utf8))
    chmod(folder + "/shared", 0o640)

    XCTAssertEqual(
      try Directories.makePrivate(folder),
      [.tightened(path: folder, oldMode: 0o770), .tightened(path: folder + "/shared", oldMode: 0o640)])
    XCTAssertEqual(Directories.mode(of: folder + "/shared"), 0o600)

    let team = directory.file("team")
    mkdir(team, 0o700)
    chmod(team, 0o775)
    XCTAssertEqual(Directories.untrustedAncestor(of: team + "/home/data")?.path, team)
  }
}
