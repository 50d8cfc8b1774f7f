import Components
import Diagnostics
import ErrorSentences
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalREPL

/// Chooses the flow: pre-login when logged out, the tab bar when logged in.
///
/// `activeFlow` is the one strong reference to the running flow; replacing
/// it (with the window's root) releases the old flow entirely.
///
/// `package`, with its `init` and `start()`: the AppHarness target drives
/// the real flows with no terminal, for tests and the release-built
/// benchmarks, where `@testable import` is not available.
@MainActor
package final class AppCoordinator: PreLoginCoordinatorDelegate, MainTabBarCoordinatorDelegate {
  private let window: Window
  private let services: AppServices
  private(set) var activeFlow: (any Coordinator)?
  /// A link opened while logged out, with how it was written (to name it
  /// if another replaces it): followed right after login or registration;
  /// nil once followed.
  private var pending: (link: DeepLink, shown: String)?
  var pendingLink: DeepLink? { pending?.link }
  /// Told the account now logged in (or `nil`) after every flow change.
  var onSessionChange: ((String?) -> Void)?
  /// Sentences for the person that are not a screen's (a lost session).
  var onWarning: ((String) -> Void)?
  private let lifetime = Lifetime(AppCoordinator.self)

  /// The coordinator of the flows shown in `window`; nothing is shown until ``start()``.
  package init(window: Window, services: AppServices) {
    self.window = window
    self.services = services
  }

  /// Shows the flow the session calls for: pre-login when logged out, the
  /// tab bar when logged in.
  ///
  /// Called again after the session changed outside any flow (a harness
  /// marking it directly), it replaces the running flow just as a finished
  /// pre-login flow does.
  package func start() {
    showFlowForSession()
  }

  func setFlow(_ flow: any Coordinator) {
    activeFlow = flow
    flow.start()
  }

  private func showFlowForSession() {
    guard let accountID = services.session.currentAccountID else {
      showPreLogin()
      return
    }
    do {
      if let account = try services.accounts.account(id: accountID) {
        showMainFlow(account: account)
        return
      }
      onWarning?("Your saved session belongs to an account that no longer exists; you are logged out.")
      try? services.session.markLoggedOut()
    } catch {
      onWarning?("Your account could not be read (\(ErrorSentence.reason(for: error))); you are logged out for now.")
    }
    showPreLogin()
  }

  private func showPreLogin() {
    let flow = PreLoginCoordinator(window: window, services: services)
    flow.delegate = self
    setFlow(flow)
    onSessionChange?(nil)
  }

  private func showMainFlow(account: Account) {
    let flow = MainTabBarCoordinator(window: window, account: account, services: services)
    flow.delegate = self
    setFlow(flow)
    onSessionChange?(account.id)
    if let link = pendingLink {
      pending = nil
      if let reason = flow.open(link) {
        onWarning?("The link you opened before logging in cannot be shown: \(reason).")
      }
    }
  }

  /// What `open URL` did.
  package enum LinkOutcome: Equatable {
    case opened
    /// Logged out: kept, to follow after login (`link` as printed).
    case keptUntilLogin(link: String, replacing: String?)
    case refused(sentence: String)
  }

  /// What `repl` asks of the app beyond the window: advice for a command
  /// that exists elsewhere (`tab` while logged out), and `open URL` (with
  /// `wayfarer open URL`) following `wayfarer://` links here.
  package func serve(_ repl: REPL) {
    repl.adviceForMissingCommand = { [weak self] in self?.advice(forMissingCommand: $0) }
    repl.linkOpener = { [weak self] in self?.follow(link: $0, console: $1) }
    repl.linkShorthand = { TabEntry.repositoryLink($0) }
    repl.linkCompletions = [DeepLink.scheme + "://"]
    repl.linkSummary = DeepLink.summary
    repl.linkMeaning = DeepLink.meaning
  }

  /// `open URL` at the prompt (or `wayfarer open URL`): follows the link
  /// and says what became of it when it did not simply open.
  package func follow(link text: String, console: any Console) {
    switch open(link: text) {
    case .keptUntilLogin(let link, let replaced):
      let instead = replaced.map { " (instead of \($0))" } ?? ""
      console.write(Message.info("\(link) will open once you log in or register\(instead).", in: console.context))
    case .refused(let sentence):
      console.write(Message.error(sentence, in: console.context))
    case .opened:
      break
    }
  }

  /// Follows `text`, a `wayfarer://` link typed or given at launch.
  package func open(link text: String) -> LinkOutcome {
    let link: DeepLink
    do {
      link = try DeepLink.parse(text)
    } catch {
      return .refused(sentence: error.sentence)
    }
    guard let flow = activeFlow as? MainTabBarCoordinator else {
      let replaced = pending?.shown
      pending = (link, DeepLink.shown(text))
      return .keptUntilLogin(link: DeepLink.shown(text), replacing: replaced)
    }
    if let reason = flow.open(link) {
      return .refused(sentence: DeepLink.Refusal(link: DeepLink.shown(text), reason: reason).sentence)
    }
    return .opened
  }

  /// What to say about a command the window does not offer now but the app
  /// has: logged out, the tabs' commands ask for a login first.
  package func advice(forMissingCommand name: String) -> String? {
    if let tabs = activeFlow as? MainTabBarCoordinator { return tabs.advice(forMissingCommand: name) }
    guard activeFlow is PreLoginCoordinator else { return nil }
    guard name == "tab" || Tabs.entry(named: name)?.name == name else { return nil }
    return "Log in first: type login or register."
  }

  // MARK: Delegates

  func preLoginCoordinatorDidFinish(_ coordinator: PreLoginCoordinator) {
    showFlowForSession()
  }

  func mainTabBarCoordinatorDidLogOut(_ coordinator: MainTabBarCoordinator) {
    showPreLogin()
  }
}
