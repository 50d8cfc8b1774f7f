import Diagnostics

/// Tabs, each with its own navigation stack: the terminal's tab bar controller.
@MainActor
public final class TabBarController {
  public struct Tab {
    /// What is typed to select it (`home`), and its prompt segment.
    public let name: String
    /// Shown in the tab bar (`Home`).
    public let title: String
    public let stack: NavigationStack
    /// Asked each time the bar is drawn or a tab chosen: a tab may be hidden
    /// by a setting (Bookmarks, with the favorites flag off) and come back.
    public let isShown: @MainActor () -> Bool

    public init(
      name: String, title: String, stack: NavigationStack, isShown: @escaping @MainActor () -> Bool = { true }
    ) {
      self.name = name
      self.title = title
      self.stack = stack
      self.isShown = isShown
    }
  }

  /// Every tab, shown or not; `selectedIndex` counts in it.
  public let tabs: [Tab]

  /// The tabs to draw and offer now (the selected one always among them),
  /// as the settings behind them were when last brought up to date
  /// (``refreshShown()``).
  public var shownTabs: [Tab] {
    // A loop rather than filter and map: their closures, the main actor's,
    // would check the executor at each call (asked several times a prompt).
    var shown: [Tab] = []
    shown.reserveCapacity(tabs.count)
    for index in tabs.indices where isShown(at: index) { shown.append(tabs[index]) }
    return shown
  }

  /// The names of ``shownTabs``, without copying a tab: the REPL's global
  /// commands are made again when they change, and it asks every prompt.
  public var shownTabNames: [String] { shownLists().names }

  /// The names and titles of ``shownTabs``, in turn, without copying a
  /// tab: what a tab bar is drawn from, asked at each drawing.
  public var shownNamesAndTitles: [String] { shownLists().namesAndTitles }

  /// The lists above for the tabs shown last, kept while the same tabs are
  /// shown: asked at every prompt and drawing, they were made anew each time
  /// (and the same array again compares equal at once).
  private var shown: (mask: UInt64, names: [String], namesAndTitles: [String])?

  private func shownLists() -> (names: [String], namesAndTitles: [String]) {
    var mask: UInt64 = 0
    for index in tabs.indices where isShown(at: index) { mask |= 1 << UInt64(index) }
    if let shown, shown.mask == mask { return (shown.names, shown.namesAndTitles) }
    var names: [String] = []
    var namesAndTitles: [String] = []
    names.reserveCapacity(tabs.count)
    namesAndTitles.reserveCapacity(tabs.count * 2)
    for index in tabs.indices where mask & (1 << UInt64(index)) != 0 {
      names.append(tabs[index].name)
      namesAndTitles.append(tabs[index].name)
      namesAndTitles.append(tabs[index].title)
    }
    shown = (mask, names, namesAndTitles)
    return (names, namesAndTitles)
  }

  private func isShown(at index: Int) -> Bool {
    index == selected || tabs[index].isShown()
  }
  public var selectedIndex: Int { selected }
  /// Not checked for overlapping access at run time: a number, read
  /// several times a command (by other modules too, through
  /// ``selectedIndex``), and no code runs while it is written.
  @exclusivity(unchecked) private var selected = 0
  /// Told before the tabs' `isShown` are asked afresh: the place to bring
  /// the settings behind them up to date (another Wayfarer may have
  /// changed them).
  public var willCheckShown: (@MainActor () -> Void)?

  /// Brings the settings behind the tabs up to date: the REPL asks once
  /// per prompt, before a tab is listed or chosen there.
  public func refreshShown() {
    willCheckShown?()
  }

  private let lifetime = Lifetime(TabBarController.self)

  public init(tabs: [Tab]) {
    precondition(!tabs.isEmpty, "A tab bar needs at least one tab")
    precondition(tabs.count <= 64, "A tab bar holds at most 64 tabs")
    self.tabs = tabs
  }

  public var selectedTab: Tab { tabs[selected] }

  /// Selects the tab named `name`; selecting the tab already shown returns
  /// it to its root, as tapping it does in UIKit.
  ///
  /// Returns false when there
  /// is no such tab.
  @discardableResult
  public func select(named name: String) -> Bool {
    let name = name.lowercased()
    guard let index = tabs.firstIndex(where: { $0.name == name }),
      index == selected || tabs[index].isShown()
    else { return false }
    select(index: index)
    return true
  }

  public func select(index: Int) {
    guard tabs.indices.contains(index) else { return }
    if index == selected {
      tabs[index].stack.dismiss()
      tabs[index].stack.popToRoot()
    }
    selected = index
    tabs[index].stack.visibleScreen.setNeedsDisplay()
  }
}
