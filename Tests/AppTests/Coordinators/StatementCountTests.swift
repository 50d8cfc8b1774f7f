import XCTest

@testable import App

/// A line that changes nothing stored runs no SQL statement: the flags that
/// decide which tabs are shown live in memory (`FeatureFlags`).
@MainActor
final class StatementCountTests: XCTestCase {
  func test_aHundredTabSwitches_runNoStatement() async throws {
    let app = try makeApp()
    app.coordinator.start()
    await app.register()
    let names = Tabs.all.map(\.name)
    // Each tab once first: a screen's first appearance may load what it shows.
    for name in names { await app.type("tab \(name)") }
    let before = app.database.statementsStarted

    for index in 0..<100 {
      await app.type("tab \(names[index % names.count])")
    }

    let run = app.database.statementsStarted - before
    XCTAssertEqual(run, 0, "statements run by 100 tab switches")
    XCTAssertEqual(app.window.tabBar?.selectedTab.name, names[99 % names.count])
  }
}
