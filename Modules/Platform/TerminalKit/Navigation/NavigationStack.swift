import Diagnostics

/// A stack of screens with an optional modal on top: the terminal's
/// navigation controller.
@MainActor
public final class NavigationStack {
  public private(set) var screens: [Screen]
  /// A screen presented over the stack, dismissed with `back` or `close`.
  public private(set) var presented: Screen?

  private let lifetime = Lifetime(NavigationStack.self)

  public init(root: Screen) {
    screens = [root]
    root.navigationStack = self
  }

  /// A stack whose root is made knowing the stack: how a builder hands the
  /// stack to the router that will push on it, before the root screen (which
  /// owns the router through its view model) exists.
  public init(makeRoot: (NavigationStack) -> Screen) {
    screens = []
    let root = makeRoot(self)
    root.navigationStack = self
    screens = [root]
  }

  public var root: Screen { screens[0] }

  /// What the person sees: the modal if any, else the top of the stack.
  public var visibleScreen: Screen { presented ?? screens[screens.count - 1] }

  /// Path segments for the prompt, root first.
  public var path: [String] {
    screens.map(\.pathComponent) + (presented.map { [$0.pathComponent] } ?? [])
  }

  public func push(_ screen: Screen) {
    screen.navigationStack = self
    screens.append(screen)
  }

  /// Removes the top screen; the root stays.
  ///
  /// Returns whether anything moved.
  @discardableResult
  public func pop() -> Bool {
    guard screens.count > 1 else { return false }
    screens.removeLast()
    visibleScreen.setNeedsDisplay()
    return true
  }

  /// Shows `screen` one level above the root, whatever was pushed before:
  /// how a router opens a screen that its root offers.
  public func pushFromRoot(_ screen: Screen) {
    popToRoot()
    push(screen)
  }

  /// Back to the root, closing a presented screen too: it belonged to a
  /// screen above the root (a README to its repository), or to the root
  /// the person is sent back to.
  public func popToRoot() {
    presented = nil
    screens.removeSubrange(1...)
    root.setNeedsDisplay()
  }

  public func present(_ screen: Screen) {
    screen.navigationStack = self
    presented = screen
  }

  /// Removes the modal.
  ///
  /// Returns whether there was one.
  @discardableResult
  public func dismiss() -> Bool {
    guard presented != nil else { return false }
    presented = nil
    visibleScreen.setNeedsDisplay()
    return true
  }
}
