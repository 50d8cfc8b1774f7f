// What Explore needs from App beside the services' access values (which
// live in ServiceAccess): a browser.

/// Opens an address in the person's browser without waiting for it (`web`
/// on a terminal).
@MainActor
public protocol WebOpening: AnyObject {
  /// Whether a browser could be asked to open `url`.
  func open(_ url: String) -> Bool
}
