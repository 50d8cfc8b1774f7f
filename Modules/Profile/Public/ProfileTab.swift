import TerminalNavigation

/// The Profile tab as built: its navigation stack, and the routes that move
/// inside it.
///
/// Keep both for as long as the tab is shown. The routes hold the stack
/// weakly, so keeping them does not keep the screens alive.
@MainActor
public struct ProfileTab {
  public let stack: NavigationStack
  public let routes: any ProfileRoutes
}
