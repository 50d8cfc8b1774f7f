import TerminalNavigation
import TerminalText
import TextSafety
import TextWidth

/// The app's navigation chrome: the tab bar (in the tab flow) and a
/// breadcrumb title with a rule under it.
@MainActor
public struct NavigationChrome: WindowChrome {
  private let drawn = DrawnHeaders()

  public init() {}

  public func header(for window: Window, in context: RenderContext) -> [StyledLine] {
    let tabBar = window.tabBar
    let key = Self.key(for: window, tabBar: tabBar, context: context)
    if let lines = drawn.headers[key] { return lines }
    var lines: [StyledLine] = []
    if let tabBar {
      lines.append(tabBarLine(tabBar, context: context))
    }
    if let titles = key.titles {
      lines.append(StyledLine(breadcrumb(titles, symbols: Symbols(context), context: context), style: Palette.title))
    }
    lines.append(rule(context))
    drawn.keep(lines, for: key)
    return lines
  }

  public func headerKey(for window: Window, in context: RenderContext) -> (any Equatable)? {
    Self.key(for: window, tabBar: window.tabBar, context: context)
  }

  /// The key of the header `window` has now.
  ///
  /// Made at every draw, so made
  /// with loops into flat arrays: no array a tab, and no main-actor closure
  /// whose every call checks the executor.
  private static func key(for window: Window, tabBar: TabBarController?, context: RenderContext) -> HeaderKey {
    let tabs = tabBar?.shownNamesAndTitles ?? []
    var titles: [String]?
    if let stack = window.visibleStack {
      var stackTitles: [String] = []
      stackTitles.reserveCapacity(stack.screens.count + 1)
      for screen in stack.screens { stackTitles.append(screen.title) }
      if let presented = stack.presented { stackTitles.append(presented.title) }
      titles = stackTitles
    }
    return HeaderKey(
      tabs: tabs, selected: tabBar.map { $0.tabs[$0.selectedIndex].name }, titles: titles, context: context)
  }

  /// What a header is drawn from: the tabs shown (name and title, in turn)
  /// and chosen, the titles of the stack, and the layout.
  private struct HeaderKey: Hashable {
    var tabs: [String]
    var selected: String?
    var titles: [String]?
    var context: RenderContext
  }

  /// The headers drawn lately: the same tab, titles and width draw the same
  /// lines, so a tab shown again is not laid out again.
  @MainActor
  private final class DrawnHeaders {
    private(set) var headers: [HeaderKey: [StyledLine]] = [:]

    func keep(_ lines: [StyledLine], for key: HeaderKey) {
      // A handful of tabs and stacks at one width: a full table means the
      // width kept changing; start again rather than grow.
      if headers.count >= 64 { headers.removeAll(keepingCapacity: true) }
      headers[key] = lines
    }
  }

  /// `Explore > owner/name > README of owner/name`, fitted to the width.
  ///
  /// Titles can be names from outside (a repository's, a place's): the
  /// screens before the last are cut first, so where you are stays whole.
  func breadcrumb(_ titles: [String], symbols: Symbols, context: RenderContext) -> String {
    let separator = " \(symbols.separator) "
    let width = Spacing.fullWidth(context)
    let titles = titles.map { TextSanitizer.clean($0) }
    let whole = titles.joined(separator: separator)
    guard DisplayWidth.of(whole) > width, let last = titles.last else { return whole }
    let lastWidth = DisplayWidth.of(separator + last)
    guard titles.count > 1, width - lastWidth >= 8 else { return DisplayWidth.truncate(last, to: width) }
    return DisplayWidth.truncate(titles.dropLast().joined(separator: separator), to: width - lastWidth) + separator
      + last
  }

  /// `Home  Explore  Bookmarks  Profile`, the selected tab highlighted (or in
  /// brackets where there is no colour).
  ///
  /// When the titles do not fit the
  /// width, the other tabs' titles are shortened (`Expl…`), the longest
  /// first, and the selected one stays whole.
  func tabBarLine(_ tabBar: TabBarController, context: RenderContext) -> StyledLine {
    let color = context.capabilities.usesColor
    let selected = tabBar.selectedTab.name
    let tabs = tabBar.shownTabs.map { (title: TextSanitizer.clean($0.title), isSelected: $0.name == selected) }
    // Colour pads each title by a space on both sides and separates by one;
    // plain text brackets the selected one and separates by two.
    let separator = color ? " " : "  "
    let chrome = tabs.count * (color ? 2 : 0) + (color ? 0 : 2) + max(0, tabs.count - 1) * separator.count
    let width = Spacing.fullWidth(context)
    var longest = tabs.map { DisplayWidth.of($0.title) }.max() ?? 0
    let ellipsis = Symbols(context).ellipsis
    func titles() -> [String] {
      tabs.map { $0.isSelected ? $0.title : DisplayWidth.truncate($0.title, to: longest, ellipsis: ellipsis) }
    }
    while longest > ellipsis.count + 1, chrome + titles().map(DisplayWidth.of).reduce(0, +) > width {
      longest -= 1
    }
    var line = StyledLine()
    for (index, (tab, title)) in zip(tabs, titles()).enumerated() {
      if index > 0 { line.append(separator) }
      let shown = color ? " \(title) " : tab.isSelected ? "[\(title)]" : title
      line.append(shown, style: tab.isSelected ? Palette.selectedTab : Palette.muted)
    }
    return line
  }

  /// `x Usage: open N — …`, marked as an error as screens mark theirs.
  public func problem(_ sentence: String, in context: RenderContext) -> StyledLine {
    var line = StyledLine(Symbols(context).cross + " ", style: Palette.error).appending(StyledSpan(sentence))
    line.isSentence = true
    return line
  }

  /// `- Cancelled.`, marked as information as screens mark theirs.
  public func notice(_ sentence: String, in context: RenderContext) -> StyledLine {
    var line = StyledLine(Symbols(context).info + " ", style: Palette.muted).appending(StyledSpan(sentence))
    line.isSentence = true
    return line
  }

  public func rule(_ context: RenderContext) -> StyledLine {
    StyledLine(String(repeating: Symbols(context).rule, count: Spacing.fullWidth(context)), style: Palette.muted)
  }
}
