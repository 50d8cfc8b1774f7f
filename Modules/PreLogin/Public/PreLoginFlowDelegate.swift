/// Told when the pre-login flow is done: the person is logged in and the
/// session is marked.
@MainActor
public protocol PreLoginFlowDelegate: AnyObject {
  func preLoginDidFinish()
}
