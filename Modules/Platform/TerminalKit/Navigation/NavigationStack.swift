import Diagnostics

/// A stack of screens with an optional modal on top: the terminal's
/// navigation controller.
@MainActor
public final class NavigationStack {
  public var screens: [Screen] { stacked }
  /// A screen presented over the stack, dismissed with `back` or `close`.
  public var presented: Screen? { shownOver }

  // Read several times a command, neither is checked for overlapping
  // access at run time (another module's read of a stored property would
  // be, whatever it is marked). A removed screen's deinit sees the stack
  // changed: `shownOver` is set whole (the new value is stored before the
  // old is released), `removeLast` hands its screen back, and the screens
  // `popToRoot` removes are held until the write ends.
  @exclusivity(unchecked) private var stacked: [Screen]
  @exclusivity(unchecked) private var shownOver: Screen?

  private let lifetime = Lifetime(NavigationStack.self)

  /// Alive exactly while the stack is, before its deinit: what a
  /// ``StackReference`` is weak to, in place of the stack.
  ///
  /// Let go in a plain deinit, at the stack's last release: an isolated one could wait
  /// for the main actor while the stack was already going.
  final class Life: Sendable {}
  private var life: Life? = Life()

  /// A weak reference to this stack; see ``StackReference``.
  var reference: StackReference { StackReference(life: life, stack: self) }

  deinit {
    life = nil
  }

  public init(root: Screen) {
    stacked = [root]
    root.navigationStack = self
  }

  /// A stack whose root is made knowing the stack: how a builder hands the
  /// stack to the router that will push on it, before the root screen (which
  /// owns the router through its view model) exists.
  public init(makeRoot: (NavigationStack) -> Screen) {
    stacked = []
    let root = makeRoot(self)
    root.navigationStack = self
    stacked = [root]
  }

  public var root: Screen { stacked[0] }

  /// What the person sees: the modal if any, else the top of the stack.
  public var visibleScreen: Screen { shownOver ?? stacked[stacked.count - 1] }

  /// Path segments for the prompt, root first.
  public var path: [String] {
    stacked.map(\.pathComponent) + (shownOver.map { [$0.pathComponent] } ?? [])
  }

  public func push(_ screen: Screen) {
    screen.navigationStack = self
    stacked.append(screen)
  }

  /// Removes the top screen; the root stays.
  ///
  /// Returns whether anything moved.
  @discardableResult
  public func pop() -> Bool {
    guard stacked.count > 1 else { return false }
    stacked.removeLast()
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
    let removed = (shownOver, stacked[1...])
    shownOver = nil
    stacked.removeSubrange(1...)
    withExtendedLifetime(removed) {}
    root.setNeedsDisplay()
  }

  public func present(_ screen: Screen) {
    screen.navigationStack = self
    shownOver = screen
  }

  /// Removes the modal.
  ///
  /// Returns whether there was one.
  @discardableResult
  public func dismiss() -> Bool {
    guard shownOver != nil else { return false }
    shownOver = nil
    visibleScreen.setNeedsDisplay()
    return true
  }
}
