import AppHarness
import TerminalText
import TestSupport
import XCTest

@testable import App

/// The Bookmarks tab beside Home's: what one saves the other shows, with no
/// restart, and a removal here takes the mark off Home's detail.
@MainActor
final class BookmarksFlowTests: XCTestCase {
  private func body(_ app: AppUnderTest) -> String {
    app.window.visibleScreen?.body(in: .plain).map(\.plainText).joined(separator: "\n") ?? ""
  }

  func test_savedOnHome_listedHere_andRemovedHere_unmarkedOnHome() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()

    await app.type("open 1", "favorite")
    XCTAssertTrue(body(app).contains("Saved in your bookmarks"), body(app))
    await app.type("bookmarks")
    XCTAssertTrue(body(app).contains("1. Catedral da Sé"), body(app))

    await app.type("remove 1", "home")
    XCTAssertEqual(app.window.path, "home/detail")
    XCTAssertTrue(body(app).contains("Save to your bookmarks"), "the mark is gone: \(body(app))")
    await app.type("bookmarks", "undo", "home")
    XCTAssertTrue(body(app).contains("Saved in your bookmarks"), "and back with undo: \(body(app))")
  }
}
