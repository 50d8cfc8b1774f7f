/// Tabs, each with its own navigation stack: the terminal's tab bar controller.
@MainActor
public final class TabBarController {
  public struct Tab {
    /// What is typed to select it (`home`), and its prompt segment.
    public let name: String
    /// Shown in the tab bar (`Home`).
    public let title: String
    public let stack: NavigationStack

    public init(name: String, title: String, stack: NavigationStack) {
      self.name = name
      self.title = title
      self.stack = stack
    }
  }

  public let tabs: [Tab]
  public private(set) var selectedIndex = 0

  private let lifetime = Lifetime(TabBarController.self)

  public init(tabs: [Tab]) {
    precondition(!tabs.isEmpty, "A tab bar needs at least one tab")
    self.tabs = tabs
  }

  public var selectedTab: Tab { tabs[selectedIndex] }

  /// Selects the tab named `name`; selecting the tab already shown returns
  /// it to its root, as tapping it does in UIKit. Returns false when there
  /// is no such tab.
  @discardableResult
  public func select(named name: String) -> Bool {
    guard let index = tabs.firstIndex(where: { $0.name == name.lowercased() }) else { return false }
    select(index: index)
    return true
  }

  public func select(index: Int) {
    guard tabs.indices.contains(index) else { return }
    if index == selectedIndex {
      tabs[index].stack.dismiss()
      tabs[index].stack.popToRoot()
    }
    selectedIndex = index
    tabs[index].stack.visibleScreen.setNeedsDisplay()
  }
}
