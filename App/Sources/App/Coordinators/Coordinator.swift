/// Owns a flow: builds its screens and decides where it goes next.
@MainActor
protocol Coordinator: AnyObject {
  func start()
}
