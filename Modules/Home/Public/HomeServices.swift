/// Opens a place's website in the person's browser without waiting for it
/// (`web` on a terminal); App's browser is one.
@MainActor
public protocol PlaceWebOpening: AnyObject {
  /// Whether a browser could be asked to open `url`.
  func open(_ url: String) -> Bool
}
