import Explore
import XCTest

/// What every store behind `ExploreBookmarksStoring` promises.
@MainActor
public enum ExploreBookmarksStoringContract {
  public static let tetris = SavedRepository(
    fullName: "dtrupenn/Tetris", description: "A C implementation of Tetris", stars: 1_234, forks: 5,
    language: "Assembly", licence: "MIT", topics: ["game", "c"], webURL: "https://github.com/dtrupenn/Tetris",
    defaultBranch: "master")

  public static func verify(
    _ name: String, make: () throws -> any ExploreBookmarksStoring,
    reopen: (any ExploreBookmarksStoring) throws -> any ExploreBookmarksStoring,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    var other = tetris
    other.fullName = "apple/swift"

    let store = try make()
    XCTAssertFalse(
      try store.isBookmarked(repository: tetris.fullName), "\(name): nothing saved yet", file: file, line: line)
    XCTAssertNoThrow(
      try store.removeRepository(fullName: tetris.fullName), "\(name): removing nothing is fine", file: file, line: line
    )

    try store.saveRepository(tetris)
    try store.saveRepository(other)
    XCTAssertTrue(
      try reopen(store).isBookmarked(repository: tetris.fullName), "\(name): saved for good", file: file, line: line)
    XCTAssertTrue(
      try reopen(store).isBookmarked(repository: "DTRUPENN/tetris"), "\(name): names compare in any case", file: file,
      line: line)
    XCTAssertNoThrow(try store.saveRepository(tetris), "\(name): saving again is fine", file: file, line: line)

    try store.removeRepository(fullName: "dtrupenn/TETRIS")
    XCTAssertFalse(
      try reopen(store).isBookmarked(repository: tetris.fullName), "\(name): removed for good", file: file, line: line)
    XCTAssertTrue(
      try reopen(store).isBookmarked(repository: other.fullName), "\(name): only that one is removed", file: file,
      line: line)
  }
}
