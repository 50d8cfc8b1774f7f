import TerminalText

/// The one window: its root is replaced whenever the flow changes, like
/// `UIWindow.rootViewController`.
@MainActor
public final class Window {
  public enum Root {
    case stack(NavigationStack)
    case tabs(TabBarController)
  }

  /// Not checked for overlapping access at run time (read several times a
  /// command): it is only set whole, in ``setRoot(_:)``, and a stored
  /// value is replaced before the old one is released, so the old flow's
  /// deinits see the new root.
  @exclusivity(unchecked) public private(set) var root: Root?
  /// How many roots were set: a new one is a new flow (a login, a logout),
  /// and what was kept of the last one's screens goes.
  public private(set) var rootGeneration = 0

  public init() {}

  public func setRoot(_ root: Root) {
    self.root = root
    rootGeneration += 1
    visibleScreen?.setNeedsDisplay()
  }

  public var tabBar: TabBarController? {
    if case .tabs(let tabs) = root { return tabs }
    return nil
  }

  /// The stack the person is in: the root stack or the selected tab's.
  public var visibleStack: NavigationStack? {
    switch root {
    case .stack(let stack): stack
    case .tabs(let tabs): tabs.selectedTab.stack
    case nil: nil
    }
  }

  public var visibleScreen: Screen? { visibleStack?.visibleScreen }

  /// `profile/settings`: where the person is, for the prompt.
  public var path: String {
    visibleStack?.path.joined(separator: "/") ?? ""
  }
}

/// Draws the navigation chrome above a screen (title, tab bar), and the
/// REPL's own refusals.
///
/// The design system provides the look; TerminalKit
/// only asks for it.
@MainActor
public protocol WindowChrome {
  func header(for window: Window, in context: RenderContext) -> [StyledLine]
  /// What ``header(for:in:)`` draws from now, the context included: equal
  /// keys draw equal headers. Nil: the header may differ each time, and no
  /// screen's drawing is kept.
  func headerKey(for window: Window, in context: RenderContext) -> (any Equatable)?
  /// A line saying a typed command cannot run as typed (a usage).
  func problem(_ sentence: String, in context: RenderContext) -> StyledLine
  /// A line of information from the REPL itself (a cancel, the top of a stack).
  func notice(_ sentence: String, in context: RenderContext) -> StyledLine
}

extension WindowChrome {
  public func headerKey(for window: Window, in context: RenderContext) -> (any Equatable)? { nil }

  public func problem(_ sentence: String, in context: RenderContext) -> StyledLine {
    StyledLine(sentence)
  }

  public func notice(_ sentence: String, in context: RenderContext) -> StyledLine {
    StyledLine(sentence)
  }
}
