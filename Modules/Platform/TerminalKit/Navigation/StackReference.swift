/// A weak reference to a navigation stack that leaves the stack without a
/// side table.
///
/// A `weak` reference to the stack itself gives it one, and then every
/// retain and release of the stack (several a command) takes the runtime's
/// slow path: 827 instructions a piped command. This one is weak to the
/// stack's ``NavigationStack/Life`` instead, an object only the stack holds
/// and lets go first in its deinit, and reaches the stack only while that
/// is alive. Only the stack makes one (``NavigationStack/reference``): no
/// other code can reach its Life to hold it.
@MainActor
struct StackReference {
  private weak var life: NavigationStack.Life?
  private unowned(unsafe) let stack: NavigationStack

  init(life: NavigationStack.Life?, stack: NavigationStack) {
    self.life = life
    self.stack = stack
  }

  /// The stack, or nil once it has begun to go.
  var value: NavigationStack? { life == nil ? nil : stack }
}
