import Commands
import Diagnostics
import TerminalConsole
import TerminalText

/// A screen: the terminal's view controller.
///
/// It has a title, draws itself as styled lines, lists the commands it
/// accepts, and may start work when it appears. Subclasses are tracked by
/// ``LifetimeLedger`` automatically.
@MainActor
open class Screen {
  /// Shown in the navigation chrome.
  ///
  /// A screen whose subject arrives later
  /// (a place opened by its id) overrides it.
  open var title: String { givenTitle }
  private let givenTitle: String
  /// This screen's segment of the prompt path (`settings` in `profile/settings>`).
  public let pathComponent: String
  /// The stack showing this screen, like UIKit's `navigationController`.
  public internal(set) var navigationStack: NavigationStack? {
    get { stackReference?.value }
    set { stackReference = newValue?.reference }
  }
  private var stackReference: StackReference?
  /// Set when the screen's content changed; the REPL draws it again after the command.
  public var needsDisplay: Bool { isStale }
  /// Not checked for overlapping access at run time: a flag, read and
  /// written at every command (read by the REPL through
  /// ``needsDisplay``), and no code runs while it is written.
  @exclusivity(unchecked) private var isStale = true

  private var lifetime: Lifetime?

  /// Which screen this is, among every screen made in the process: how the
  /// REPL knows the screen it drew last without holding it. (Held strongly,
  /// it would outlive its flow; held weakly, every retain of a screen took
  /// the runtime's slow path: 1,534 instructions a piped command.)
  package let serial: UInt64
  private static var screensMade: UInt64 = 0

  public init(title: String, pathComponent: String) {
    self.givenTitle = title
    self.pathComponent = pathComponent
    Screen.screensMade += 1
    self.serial = Screen.screensMade
    self.lifetime = Lifetime(type(of: self))
  }

  /// The commands this screen accepts, besides the global ones.
  open var commands: [Command] { [] }

  /// The command of ``commands`` named `name` (lower case); nil when there
  /// is none.
  ///
  /// A screen whose table is long may answer without making all of it: a
  /// piped prompt runs one command and needs no completion, and making
  /// and freeing the whole table was a fifth of a piped command's cost.
  open func command(named name: String) -> Command? {
    let commands = commands
    for index in commands.indices where commands[index].signature.name == name { return commands[index] }
    return nil
  }

  /// Why `name`, a command this screen offers at other times, is not among
  /// ``commands`` now; nil when it is no such command.
  ///
  /// Said in place of a did-you-mean, which would send the person to a
  /// command that merely looks alike (`bookmark` to the `bookmarks` tab).
  open func reasonUnavailable(_ name: String) -> String? { nil }

  /// On a tab's root, the commands of the screens it leads to (Profile's
  /// `settings` opens Settings, which has `toggle`), read from their own
  /// tables: `help` and unknown-command advice elsewhere know them before
  /// those screens exist.
  open var innerCommands: [InnerCommands] { [] }

  /// Whether the screen takes free text, as a chat does: every line not
  /// starting with `/` goes to ``receiveText(_:console:)``, and commands are
  /// typed with a `/` before them (`/back`, `/help`); `//` sends a line that
  /// starts with `/`.
  open var acceptsFreeText: Bool { false }

  /// A line of free text (see ``acceptsFreeText``), trimmed and not empty.
  ///
  /// Ctrl-C cancels the task running it.
  open func receiveText(_ text: String, console: any Console) async {}

  /// Whether a line typed here may be an answer meant for a hidden field
  /// (a form's password, in a script that went on after a failed submit):
  /// a line that is no command is then not repeated in what is said.
  open var mayBeGivenSecrets: Bool { false }

  /// Whether ``receiveText(_:console:)`` and the screen's `/` commands say
  /// themselves what Ctrl-C stopped (a chat marks the reply "(stopped)"),
  /// so the REPL adds no "Cancelled.".
  open var saysWhatCtrlCStopped: Bool { false }

  /// The screen's content, below the navigation chrome.
  open func body(in context: RenderContext) -> [StyledLine] { [] }

  /// What ``body(in:)`` draws from besides the context, asked just before
  /// it: while it and the context are equal to those of the screen of this
  /// type drawn last, the REPL writes that drawing again rather than make
  /// it anew (a piped `tab home` drew 10,000 places each time).
  ///
  /// It must change whenever anything the body shows does, the screen
  /// visible or not, and hold no object (a kept drawing must not keep a
  /// screen alive): a value, or a ``DrawingRevision``. Nil, the default:
  /// drawn anew each time.
  open var drawingKey: (any Equatable)? { nil }

  /// Called each time the screen becomes visible, before it is drawn: the
  /// place for a notice that belongs above the screen (the screen itself is
  /// then redrawn in place below it once its data arrives).
  open func willAppear(console: any Console) {}

  /// Called each time the screen becomes visible, after it was drawn; the
  /// place to start loading.
  ///
  /// Ctrl-C cancels the task running it.
  open func didAppear(console: any Console) async {}

  /// Whether to draw the screen before ``didAppear(console:)`` runs.
  ///
  /// A screen about to load may say no off a terminal, where a placeholder drawing
  /// would only be printed again once the data is in.
  open func drawsBeforeAppearing(in context: RenderContext) -> Bool { true }

  public func setNeedsDisplay() {
    isStale = true
  }

  /// Work asked of the screen from outside it (a link that runs a search):
  /// the REPL runs it, with the console, as soon as the screen is visible
  /// and has appeared, as it would run a command typed there.
  ///
  /// Asking again
  /// before it ran replaces it. `work` should hold the screen weakly.
  public func schedule(_ work: @escaping @MainActor (any Console) async -> Void) {
    scheduledWork = work
  }

  private var scheduledWork: (@MainActor (any Console) async -> Void)?

  package func takeScheduledWork() -> (@MainActor (any Console) async -> Void)? {
    defer { scheduledWork = nil }
    return scheduledWork
  }

  package func didDisplay() {
    isStale = false
  }
}

/// The commands of a screen that its tab's root leads to (see
/// ``Screen/innerCommands``), and the way there: each screen declares its
/// own, and the root lists them.
public struct InnerCommands: Sendable {
  /// How a hint names the screen.
  public enum Name: Sendable {
    /// A screen with a title of its own: `a Profile › Settings command`.
    case titled(String)
    /// A screen titled by what it shows: `a command of a repository's page on Explore`.
    case described(String)
  }

  public let name: Name
  /// The screen's type: a hint typed on that screen does not send the
  /// person to it again (a command it offers at other times).
  public let screen: ObjectIdentifier
  /// What is typed on the tab's root to reach it: `settings`; `search`, `open one`.
  public let way: [String]
  /// How its commands are typed there: `/` in a chat.
  public let prefix: String
  public let signatures: [CommandSignature]

  public init(
    _ name: Name, screen: Screen.Type, way: [String], prefix: String = "", signatures: [CommandSignature]
  ) {
    self.name = name
    self.screen = ObjectIdentifier(screen)
    self.way = way
    self.prefix = prefix
    self.signatures = signatures
  }
}
