import Diagnostics
import ErrorSentences
import TerminalNavigation

@MainActor
protocol MainTabBarCoordinatorDelegate: AnyObject {
  func mainTabBarCoordinatorDidLogOut(_ coordinator: MainTabBarCoordinator)
}

/// Runs the tabs of ``Tabs``, in their order, each with its own coordinator
/// and stack; follows links to them and carries logout up.
@MainActor
final class MainTabBarCoordinator: Coordinator {
  weak var delegate: (any MainTabBarCoordinatorDelegate)?
  private let window: Window
  private let account: Account
  private let services: AppServices
  private let flags: FeatureFlags
  /// Each tab's coordinator, by the tab's name.
  private var children: [String: any TabCoordinator] = [:]
  private var tabBar: TabBarController?
  private let lifetime = Lifetime(MainTabBarCoordinator.self)

  init(window: Window, account: Account, services: AppServices) {
    self.window = window
    self.account = account
    self.services = services
    flags = FeatureFlags(store: services.settings(for: account.id), database: services.database)
  }

  func start() {
    var context = TabContext(
      account: account, services: services, flags: flags,
      logOut: { [weak self] in
        guard let self else { return }
        delegate?.mainTabBarCoordinatorDidLogOut(self)
      })
    var tabs: [TabBarController.Tab] = []
    // In order: a tab may use what the ones before it offer.
    for entry in Tabs.all {
      let coordinator = entry.makeCoordinator(in: context)
      let stack = coordinator.start()
      coordinator.offer(to: &context)
      children[entry.name] = coordinator
      let (flags, flag) = (flags, entry.hiddenBy)
      tabs.append(
        TabBarController.Tab(
          name: entry.name, title: entry.title, stack: stack, isShown: { @MainActor in flag.map(flags.isOn) ?? true }))
    }
    let tabBar = TabBarController(tabs: tabs)
    // The flags are read again before the tabs are listed, drawn or chosen
    // if the database changed (another Wayfarer's toggle), and not otherwise.
    tabBar.willCheckShown = { [flags] in flags.refresh() }
    self.tabBar = tabBar
    window.setRoot(.tabs(tabBar))
  }

  /// Shows `link`: selects its tab as `tab NAME` does (back at its root),
  /// and that tab's routes show the screen from there.
  ///
  /// Returns why it
  /// cannot, if it cannot.
  func open(_ link: DeepLink) -> String? {
    guard let entry = Tabs.entry(named: link.tab) else { return TabEntry.notReady }
    flags.refresh()
    if let flag = entry.hiddenBy, !flags.isOn(flag) { return entry.hiddenSentence }
    guard let coordinator = children[entry.name], tabBar?.select(named: entry.name) == true else {
      return TabEntry.notReady
    }
    return entry.open(link, on: coordinator)
  }

  /// Why a tab's command is missing, when the tab is only hidden by its flag.
  func advice(forMissingCommand name: String) -> String? {
    flags.refresh()
    guard let entry = Tabs.entry(named: name), name == entry.name, let flag = entry.hiddenBy, !flags.isOn(flag),
      let sentence = entry.hiddenSentence
    else { return nil }
    return ErrorSentence.standalone(sentence) + "."
  }
}
