/// Told when the person logged out from Profile (the session is already cleared).
@MainActor
public protocol ProfileFlowDelegate: AnyObject {
  func profileDidLogOut()
}
