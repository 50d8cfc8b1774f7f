import Bookmarks
import Foundation
import XCTest

/// What every store behind `BookmarksStoring` promises.
///
/// `make` gives a store
/// holding exactly `seed`'s bookmarks (places and repositories, saved at
/// different times); `reopen` opens the same data anew.
@MainActor
public enum BookmarksStoringContract {
  public static func verify(
    _ name: String, make: () throws -> any BookmarksStoring,
    reopen: (any BookmarksStoring) throws -> any BookmarksStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let store = try make()
    let all = try store.bookmarks()
    XCTAssertFalse(all.isEmpty, "\(name): the seed has bookmarks", file: file, line: line)
    // Kind by kind: each kind's bookmarks in one run.
    var runs: [BookmarkKind] = []
    for kind in all.map(\.kind) where runs.last != kind { runs.append(kind) }
    XCTAssertEqual(runs.count, Set(runs).count, "\(name): one kind after the other", file: file, line: line)
    XCTAssertGreaterThan(runs.count, 1, "\(name): the seed has several kinds", file: file, line: line)
    for kind in runs {
      let times = all.filter { $0.kind == kind }.map(\.savedAt)
      XCTAssertEqual(times, times.sorted(by: >), "\(name): newest first within a group", file: file, line: line)
    }

    let first = all[0]
    let unchanged = store.revision
    _ = try store.bookmarks()
    XCTAssertEqual(store.revision, unchanged, "\(name): reading changes no revision", file: file, line: line)
    let removed = try store.remove(first)
    XCTAssertNotEqual(store.revision, unchanged, "\(name): a removal is a new revision", file: file, line: line)
    let afterRemoval = store.revision
    XCTAssertFalse(
      try reopen(store).bookmarks().contains { $0.kind == first.kind && $0.id == first.id },
      "\(name): removed for good", file: file, line: line)
    XCTAssertEqual(try reopen(store).bookmarks().count, all.count - 1, "\(name): only that one", file: file, line: line)

    try store.restore(removed)
    XCTAssertNotEqual(store.revision, afterRemoval, "\(name): a restore is a new revision", file: file, line: line)
    XCTAssertEqual(
      try reopen(store).bookmarks(), all, "\(name): undo brings it back whole, time saved included", file: file,
      line: line)
    try store.restore(removed)
    XCTAssertEqual(
      try reopen(store).bookmarks(), all, "\(name): bringing back one that is there adds no duplicate", file: file,
      line: line)
  }
}
