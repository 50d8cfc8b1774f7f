import Commands
import TerminalNavigation

/// One tab as App registers it.
///
/// The tab flow, `tab NAME` and its usage,
/// completion, the tab bar, `wayfarer://` links, the advice for a hidden
/// tab's command and the leak checks all read the list in ``Tabs``; none
/// of them names a tab.
struct TabEntry: Sendable {
  /// What is typed to select it (`home`), its prompt segment and the first
  /// part of its links.
  let name: String
  /// Shown in the tab bar (`Home`).
  let title: String
  /// The flag that hides the tab (and refuses its links) while it is off.
  let hiddenBy: FeatureFlag?
  /// The links that open a screen of this tab.
  let links: [LinkPattern]
  /// The coordinator's type, as `debug memory` names it.
  let coordinatorType: String
  /// The tab's one-shot commands (`wayfarer search`), from its builder.
  let shellCommands: @MainActor @Sendable (ShellLaunch) -> [ShellCommand]
  private let makeCoordinator: @MainActor @Sendable (TabContext) -> any TabCoordinator
  private let follow: @MainActor @Sendable (any TabCoordinator, DeepLink) -> String?

  /// A tab run by a `Coordinator` made from the context, whose `links` each
  /// say what they open on it.
  init<Coordinator: TabCoordinator>(
    name: String, title: String, hiddenBy: FeatureFlag? = nil, links: [TabLink<Coordinator>] = [],
    shell: @escaping @MainActor @Sendable (ShellLaunch) -> [ShellCommand] = { _ in [] },
    make: @escaping @MainActor @Sendable (TabContext) -> Coordinator
  ) {
    shellCommands = shell
    self.name = name
    self.title = title
    self.hiddenBy = hiddenBy
    self.links = links.map { $0.pattern.on(tab: name) }
    // The type's own name, read from its metadata: `String(describing:)`
    // first searched every protocol conformance in the binary for a
    // description of it (2 % of a launch's samples, perf).
    coordinatorType = _typeName(Coordinator.self, qualified: false)
    makeCoordinator = make
    follow = { coordinator, link in
      guard let coordinator = coordinator as? Coordinator,
        let route = links.first(where: { $0.pattern.word == link.word })
      else { return "it is not a link of the \(title) tab" }
      return route.open(coordinator, link.value)
    }
  }

  @MainActor
  func makeCoordinator(in context: TabContext) -> any TabCoordinator {
    makeCoordinator(context)
  }

  /// Shows `link` on `coordinator` (this tab's, started and selected);
  /// returns why it cannot, if it cannot.
  @MainActor
  func open(_ link: DeepLink, on coordinator: any TabCoordinator) -> String? {
    follow(coordinator, link)
  }

  /// Why a link cannot be followed before its tab has started.
  static let notReady = "the tabs are not ready yet"

  /// Why this tab's command or link is missing while its flag is off.
  var hiddenSentence: String? {
    hiddenBy.map { "\(name) are turned off; turn them on in Profile › Settings (toggle \($0.rawValue))" }
  }
}

/// A link of a tab and what it opens there: `open` gets the tab's
/// coordinator and the link's checked value, and returns why it cannot
/// show it, if it cannot.
struct TabLink<Coordinator: TabCoordinator>: Sendable {
  let pattern: LinkPattern
  let open: @MainActor @Sendable (Coordinator, String) -> String?

  init(
    _ pattern: LinkPattern, open: @escaping @MainActor @Sendable (Coordinator, String) -> String?
  ) {
    self.pattern = pattern
    self.open = open
  }
}

/// A coordinator that runs one tab of the tab bar.
@MainActor
protocol TabCoordinator: AnyObject {
  /// Builds the tab's screens and returns its stack.
  func start() -> NavigationStack
  /// What this tab, once started, offers the tabs started after it.
  func offer(to context: inout TabContext)
}

extension TabCoordinator {
  func offer(to context: inout TabContext) {}
}
