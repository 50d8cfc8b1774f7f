import TerminalKit

/// The app's navigation chrome: the tab bar (in the tab flow) and a
/// breadcrumb title with a rule under it.
@MainActor
public struct NavigationChrome: WindowChrome {
  public init() {}

  public func header(for window: Window, in context: RenderContext) -> [StyledLine] {
    let symbols = Symbols(context)
    var lines: [StyledLine] = []
    if let tabBar = window.tabBar {
      lines.append(tabBarLine(tabBar, context: context))
    }
    if let stack = window.visibleStack {
      let titles = stack.screens.map(\.title) + (stack.presented.map { [$0.title] } ?? [])
      lines.append(StyledLine(breadcrumb(titles, symbols: symbols, context: context), style: Palette.title))
    }
    lines.append(rule(context))
    return lines
  }

  /// `Explore > owner/name > README of owner/name`, fitted to the width.
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
  func tabBarLine(_ tabBar: TabBarController, context: RenderContext) -> StyledLine {
    var line = StyledLine()
    let selected = tabBar.selectedTab.name
    for (index, tab) in tabBar.shownTabs.enumerated() {
      if index > 0 { line.append(context.capabilities.usesColor ? " " : "  ") }
      if tab.name == selected {
        line.append(context.capabilities.usesColor ? " \(tab.title) " : "[\(tab.title)]", style: Palette.selectedTab)
      } else {
        line.append(context.capabilities.usesColor ? " \(tab.title) " : tab.title, style: Palette.muted)
      }
    }
    return line
  }

  /// `x Usage: open N — …`, marked as an error as screens mark theirs.
  public func problem(_ sentence: String, in context: RenderContext) -> StyledLine {
    StyledLine(Symbols(context).cross + " ", style: Palette.error) + StyledSpan(sentence)
  }

  public func rule(_ context: RenderContext) -> StyledLine {
    StyledLine(String(repeating: Symbols(context).rule, count: Spacing.fullWidth(context)), style: Palette.muted)
  }
}
