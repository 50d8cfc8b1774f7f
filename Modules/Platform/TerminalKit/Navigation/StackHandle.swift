/// The stack a router pushes on, given to it when it is built.
///
/// Held weakly: the stack owns the screens, which own their view models,
/// which own the router. A router used after its stack was released is a
/// bug in the flow that kept it, so debug builds stop at the call instead of
/// ignoring the push.
@MainActor
public struct StackHandle {
  /// What happens when a router reaches for a stack that is gone: an
  /// assertion.
  ///
  /// Tests replace it to see the call.
  public static var reportDetachedUse: (_ message: String) -> Void = { message in
    assertionFailure(message)
  }

  private let reference: StackReference
  private var stack: NavigationStack? { reference.value }
  private let owner: String

  /// `owner` names the router in the failure message.
  public init(_ stack: NavigationStack, owner: Any.Type) {
    self.reference = stack.reference
    self.owner = _typeName(owner, qualified: false)
  }

  /// Whether the stack is still alive.
  public var isAttached: Bool { stack != nil }

  public func push(_ screen: Screen) {
    attached()?.push(screen)
  }

  /// See ``NavigationStack/pushFromRoot(_:)``.
  public func pushFromRoot(_ screen: Screen) {
    attached()?.pushFromRoot(screen)
  }

  /// See ``NavigationStack/present(_:)``.
  public func present(_ screen: Screen) {
    attached()?.present(screen)
  }

  /// The stack itself, to hand to a factory that builds a screen for it;
  /// reported like any use when it is gone.
  public var target: NavigationStack? { attached() }

  public func popToRoot() {
    attached()?.popToRoot()
  }

  private func attached() -> NavigationStack? {
    guard let stack else {
      Self.reportDetachedUse("\(owner) used its navigation stack after the stack was released")
      return nil
    }
    return stack
  }
}
