@testable import App

/// The tabs as App registers them, for the tests that expect the tab bar
/// or the tab commands: a new tab changes none of them.
enum TabSet {
  static var names: [String] { Tabs.all.map(\.name) }

  /// The tab bar of a plain transcript (72 columns, where every title
  /// fits), with the tab named `selected` in brackets.
  static func plainBar(selecting selected: String) -> String {
    Tabs.all.map { $0.name == selected ? "[\($0.title)]" : $0.title }.joined(separator: "  ")
  }

  /// The titles as a colour tab bar on a wide terminal separates them.
  static var colourTitles: String { Tabs.all.map(\.title).joined(separator: "   ") }
}
