/// The tabs of the tab flow, in the order of the bar: the one list of them.
///
/// A new tab is one entry here and its own file beside this one.
enum Tabs {
  static let all: [TabEntry] = [.home, .explore, .bookmarks, .profile]

  /// Every tab's links, in the order of the tabs.
  static let linkPatterns: [LinkPattern] = all.flatMap(\.links)

  /// The entry named `name` (as typed: any case), if there is one.
  static func entry(named name: String) -> TabEntry? {
    all.first { $0.name == name.lowercased() }
  }
}
