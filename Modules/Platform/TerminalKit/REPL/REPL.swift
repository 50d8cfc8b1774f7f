import Commands
import Diagnostics
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// The read–dispatch–draw loop.
///
/// Reads a line, runs the visible screen's command of that name (or a global
/// one), then draws whatever screen is visible if it changed and lets it
/// appear. Ctrl-C cancels the command or appear hook that is running; it never
/// ends the loop. `quit` or the end of input does.
@MainActor
public final class REPL {
  let window: Window
  let console: any Console
  let chrome: any WindowChrome
  private let ledger: LifetimeLedger
  /// The ``Screen/serial`` of the screens drawn and appeared last.
  private var lastDrawn: UInt64?
  private var lastAppeared: UInt64?
  /// The drawing last made of each type of screen that has a drawing key.
  ///
  /// Written again while what it was drawn from is the same. Values only,
  /// so a screen released (a logout) is not kept alive by it.
  private(set) var keptScreens: [ObjectIdentifier: KeptDrawing] = [:]
  /// The window's root generation the kept drawings were made in: a logged
  /// out account's screens are not kept past its flow.
  private var keptGeneration = 0
  /// A command or appear hook started apart from the loop (``execute(_:)``
  /// or ``submit(_:)`` called from outside), in a task of its own.
  private var running: Task<Void, Never>?
  /// The task ``run(firstLink:)`` works in, from one Ctrl-C to the next: lines
  /// are read and run inside it with no task of their own each, and Ctrl-C
  /// cancels it (the command running ends, and a new stretch begins).
  private var stretch: Task<Void, Never>?
  /// Whether a command or appear hook of the stretch is running now (not a
  /// read): only then does Ctrl-C cancel it.
  private var isRunningWork = false
  private var inputEnded = false
  private var quitRequested = false
  /// The signal (SIGTERM, SIGHUP) that ended the loop, if one did.
  public private(set) var endingSignal: Int32?

  /// What to say about a command that is not available where the person
  /// is, though it exists elsewhere in the app (`tab` while logged out);
  /// nil for a command that exists nowhere ("Unknown command").
  public var adviceForMissingCommand: ((_ name: String) -> String?)?

  /// Follows a link typed as `open URL` (any `scheme:…` word after `open`,
  /// on any screen, even one with an `open N` of its own); nil: there are
  /// no links, and `open` is only what screens make it.
  public var linkOpener: (@MainActor (_ link: String, _ console: any Console) async -> Void)? {
    didSet { cachedGlobalCommands = nil }
  }
  /// The link a word after `open` stands for, on any screen (Wayfarer:
  /// OWNER/NAME, a repository); nil: it is no link.
  public var linkShorthand: (@MainActor (_ text: String) -> String?)?
  /// What Tab offers after `open` besides a screen's numbers (`wayfarer://`).
  public var linkCompletions: [String] = []
  /// `open URL` in `help`, and what URL is when it is missing.
  public var linkSummary = "Go to a link" {
    didSet { cachedGlobalCommands = nil }
  }
  public var linkMeaning = "URL is a link" {
    didSet { cachedGlobalCommands = nil }
  }

  /// A loop that shows `window` on `console`, drawing its frame with `chrome`.
  ///
  /// - Parameters:
  ///   - window: What it shows and runs the commands of.
  ///   - console: Where it reads lines and draws.
  ///   - chrome: The tab bar, title and rule drawn around each screen.
  ///   - ledger: What `debug memory` prints: by default the ledger objects
  ///     made now record into (``LifetimeLedger/shared`` at run time).
  public init(
    window: Window, console: any Console, chrome: any WindowChrome, ledger: LifetimeLedger = LifetimeLedger.current
  ) {
    self.window = window
    self.console = console
    self.chrome = chrome
    self.ledger = ledger
  }

  /// Runs until `quit` or the end of input; `firstLink` (`wayfarer open
  /// URL`) goes to the link opener once the first screen is shown, whatever
  /// it looks like (only the opener decides what a link is).
  public func run(firstLink: String? = nil) async {
    console.onInterrupt = { [weak self] in self?.interrupt() }
    defer { console.onInterrupt = nil }
    var link = firstLink
    while !quitRequested && !console.isOutputBroken && !inputEnded {
      let stretch = Task { @MainActor [link] in await self.runStretch(firstLink: link) }
      link = nil
      self.stretch = stretch
      await stretch.value
      self.stretch = nil
    }
  }

  /// Reads and runs lines until the end of input, `quit`, or a Ctrl-C that
  /// cancels this task; a stretch begins by drawing and letting appear
  /// whatever the last one left.
  private func runStretch(firstLink: String?) async {
    await settle()
    if let firstLink, let linkOpener, !Task.isCancelled {
      let console = console
      await runCancellable { await linkOpener(firstLink, console) }
      await settle()
    }
    while !quitRequested && !console.isOutputBroken && !Task.isCancelled {
      let prompt = console.showsPrompt ? window.path + "> " : ""
      // Asked once a prompt: through the tabs and the stack, each ask cost
      // 560 instructions (callgrind), and a piped command asked five times.
      let screen = window.visibleScreen
      let history: LineHistory = screen?.acceptsFreeText == true ? .questions : .commands
      // Completion's table is made before the line is read; the line is
      // checked against a table made after, as another Wayfarer may have
      // changed the settings behind the tabs while this one waited.
      let completions =
        console.completes ? completionTable(availableCommands(of: screen, tabled: true)) : CompletionTable()
      guard let line = await console.readCommand(prompt: prompt, completions: completions, history: history)
      else {
        inputEnded = true
        return
      }
      await submit(line, commands: availableCommands(of: screen, tabled: false))
    }
  }

  /// Runs `line` as typed at the prompt (a command, or on a screen of free
  /// text a question), keeps it in its history, and lets what it showed appear.
  public func submit(_ line: String) async {
    await submit(line, commands: availableCommands(of: window.visibleScreen, tabled: false))
  }

  private func submit(_ line: String, commands: PromptCommands) async {
    let trimmed = ArgumentLine.trimmed(line)
    guard let typed = TypedLine(trimmed) else { return }
    if let screen = window.visibleScreen, screen.acceptsFreeText {
      await handleFreeText(trimmed, on: screen, commands: commands)
    } else {
      // Only lines that name a command go into history: a password typed
      // at the prompt by mistake is "unknown", and must not be kept.
      let command = commands.named(typed.name)
      if command != nil { console.remember(trimmed) }
      await execute(typed, commands: commands, found: command)
    }
    // A Ctrl-C ended the command: the next stretch draws what it left.
    guard !Task.isCancelled else { return }
    await settle()
  }

  /// Cancels whatever command or appear hook is running.
  public func interrupt() {
    if let running { return running.cancel() }
    if isRunningWork { stretch?.cancel() }
  }

  /// SIGTERM or SIGHUP: stops what is running, as Ctrl-C would.
  ///
  /// What runs keeps what it made (a reply, marked stopped), and the loop
  /// ends with ``endingSignal`` set. False when nothing runs, or what runs
  /// waits for input (a form): there is nothing to keep, and the caller
  /// ends now.
  public func stopForTermination(signal: Int32) -> Bool {
    guard running != nil || isRunningWork, !console.isWaitingForInput else { return false }
    endingSignal = signal
    quitRequested = true
    interrupt()
    return true
  }

  /// A line on a free-text screen: `/command`, `//text` or text.
  ///
  /// It goes
  /// into the questions' history, never the commands'.
  private func handleFreeText(_ line: String, on screen: Screen, commands: PromptCommands) async {
    console.remember(line, in: .questions)
    guard line.hasPrefix("/"), !line.hasPrefix("//") else {
      let text = line.hasPrefix("//") ? String(line.dropFirst()) : line
      let console = console
      await runCancellable(sayingWhenCancelled: !screen.saysWhatCtrlCStopped) {
        await screen.receiveText(text, console: console)
      }
      return
    }
    let typed = TypedLine(String(line.dropFirst()))
    guard let typed, commands.named(typed.name) != nil else {
      let sentence =
        typed.map { self.sentence(forUnknown: $0, among: commands.all, prefix: "/") }
        ?? "Unknown command '/'. Type /help to see what you can do here."
      return console.write(chrome.problem(sentence, in: console.context))
    }
    // `/ask TEXT` is a question too: what Ctrl-C stopped, the screen says.
    await execute(typed, commands: commands, sayingWhenCancelled: !screen.saysWhatCtrlCStopped)
  }

  /// Runs one command line, as if typed.
  public func execute(_ line: String) async {
    guard let typed = TypedLine(line) else { return }
    await execute(typed, commands: availableCommands(of: window.visibleScreen, tabled: false))
  }

  /// Runs `typed`; `found` is its command when the caller looked it up
  /// already (piped, each lookup makes the command anew).
  private func execute(
    _ typed: TypedLine, commands: PromptCommands, found: Command? = nil, sayingWhenCancelled: Bool = true
  ) async {
    // `?` is `help`, as in psql and many shells' tools.
    if typed.name == "?", let help = TypedLine("help " + typed.arguments.text) {
      return await execute(help, commands: commands)
    }
    let arguments = typed.arguments
    // A link (`scheme:…`, or a shorthand such as OWNER/NAME, which no
    // screen's numbers look like) is followed from any screen.
    if let linkOpener, typed.name == Self.linkCommand,
      let link = Self.link(in: arguments.text) ?? linkShorthand?(Arguments.unquoted(arguments.text))
    {
      let console = console
      await runCancellable { await linkOpener(link, console) }
      return
    }
    if let command = found ?? commands.named(typed.name) {
      // One rule for every screen: a missing or extra argument is answered
      // with the usage before the command runs, so no command prints a
      // progress line or a sentence about nothing first.
      switch command.invocation(for: arguments) {
      case .failure(let refusal):
        console.write(chrome.problem(refusal.sentence, in: console.context))
      case .success(let invocation):
        let console = console
        await runCancellable(sayingWhenCancelled: sayingWhenCancelled) { await invocation.run(console) }
      }
    } else if window.visibleScreen?.mayBeGivenSecrets == true {
      console.write(
        chrome.problem(
          "That is not a command here (not repeated: it may be a password). Type help to see what you can do here.",
          in: console.context))
    } else {
      console.write(chrome.problem(sentence(forUnknown: typed, among: commands.all, prefix: ""), in: console.context))
    }
  }

  static let linkCommand = "open"

  /// The link in what follows `open`: all of it (spaces too, for the opener
  /// to refuse in words), without a pair of quotes around it; nil when it
  /// does not start like a link.
  static func link(in text: String) -> String? {
    let text = Arguments.unquoted(text)
    guard let first = text.split(whereSeparator: \.isWhitespace).first, isLink(String(first)) else { return nil }
    return text
  }

  /// `scheme:…` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`),
  /// which no number or name a screen's `open` takes looks like.
  static func isLink(_ word: String) -> Bool {
    guard let colon = word.firstIndex(of: ":"), let first = word.first, first.isASCII, first.isLetter else {
      return false
    }
    return word[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// Draws the visible screen if it changed, then lets it appear; repeats
  /// while appearing moves somewhere else or changes the screen (bounded).
  public func settle() async {
    for _ in 0..<8 {
      guard let screen = window.visibleScreen else { return }
      let appearing = screen.serial != lastAppeared
      if appearing { screen.willAppear(console: console) }
      if (screen.serial != lastDrawn || screen.needsDisplay)
        && (!appearing || screen.drawsBeforeAppearing(in: console.context))
      {
        draw(screen)
      }
      let console = console
      guard appearing else {
        // Work asked of the screen from outside runs once it is shown.
        guard let work = screen.takeScheduledWork() else { return }
        guard await runCancellable({ await work(console) }) else { return }
        continue
      }
      lastAppeared = screen.serial
      guard await runCancellable({ await screen.didAppear(console: console) }) else { return }
    }
  }

  /// Runs `work` so that Ctrl-C can stop it; false when it did (and said so).
  ///
  /// Inside the loop's stretch it runs in the stretch's own task (Ctrl-C
  /// cancels the stretch); called from outside, in a task of its own.
  @discardableResult
  private func runCancellable(sayingWhenCancelled: Bool = true, _ work: @escaping @MainActor () async -> Void) async
    -> Bool
  {
    // No flush here: most commands do not wait, and what waits (a service,
    // a child, a form's next line, a spinner) flushes before it does.
    let cancelled: Bool
    if stretch != nil {
      isRunningWork = true
      await work()
      isRunningWork = false
      cancelled = Task.isCancelled
    } else {
      let task = Task { @MainActor in await work() }
      running = task
      await task.value
      running = nil
      cancelled = task.isCancelled
    }
    guard cancelled else { return true }
    console.setStatus(nil)
    if sayingWhenCancelled { console.write(chrome.notice("Cancelled.", in: console.context)) }
    return false
  }

  private func draw(_ screen: Screen) {
    let context = console.context
    let redrawing = screen.serial == lastDrawn
    defer {
      screen.didDisplay()
      lastDrawn = screen.serial
    }
    if keptGeneration != window.rootGeneration {
      keptScreens.removeAll()
      keptGeneration = window.rootGeneration
    }
    // Asked before the body, which may take what it shows once.
    let inputs = drawingInputs(of: screen, in: context)
    let type = ObjectIdentifier(type(of: screen))
    if let inputs, let kept = keptScreens[type], kept.inputs.matches(inputs) {
      return console.writeScreen(kept.drawing, redrawing: redrawing)
    }
    // The same screen again (its data came in): on a terminal it replaces
    // its placeholder in place, so each screen is in the scrollback once.
    let header = chrome.header(for: window, in: context)
    let body = screen.body(in: context)
    var lines: [StyledLine] = [.blank]
    lines.reserveCapacity(1 + header.count + body.count)
    lines += header
    lines += body
    guard let inputs, let drawing = console.keptScreen(lines) else {
      keptScreens[type] = nil
      return console.writeScreen(lines, redrawing: redrawing)
    }
    keptScreens[type] = KeptDrawing(inputs: inputs, drawing: drawing)
    console.writeScreen(drawing, redrawing: redrawing)
  }

  /// What `screen` would be drawn from now; nil when it or the chrome
  /// cannot say, and it is drawn anew.
  private func drawingInputs(of screen: Screen, in context: RenderContext) -> DrawingInputs? {
    guard let screenKey = screen.drawingKey, let headerKey = chrome.headerKey(for: window, in: context) else {
      return nil
    }
    return DrawingInputs(screen: screenKey, header: headerKey, context: context)
  }

  // MARK: Commands

  /// The visible screen's commands, then the global ones it does not
  /// shadow; asked once a prompt, after the settings behind the tabs are
  /// brought up to date (another Wayfarer may have changed them).
  private func availableCommands(of screen: Screen?, tabled: Bool) -> PromptCommands {
    window.tabBar?.refreshShown()
    return PromptCommands(screen: screen, globals: globalCommands, tabled: tabled)
  }

  private func completionTable(_ commands: PromptCommands) -> CompletionTable {
    let commands = commands.all
    var arguments: [String: [String]] = [:]
    for command in commands where !command.completions.isEmpty {
      arguments[command.name] = command.completions
    }
    // A screen's own `open N` keeps its numbers to itself.
    if linkOpener != nil, arguments[Self.linkCommand] == nil {
      arguments[Self.linkCommand] = linkCompletions
    }
    // On a free-text screen commands are typed after a `/`.
    let prefix = window.visibleScreen?.acceptsFreeText == true ? "/" : ""
    return CompletionTable(
      commands: commands.map { prefix + $0.name },
      arguments: Dictionary(uniqueKeysWithValues: arguments.map { (prefix + $0.key, $0.value) }))
  }

  /// What can be typed on every screen.
  private enum GlobalAction: Sendable {
    case help(String?)
    case back
    case clear
    case tab(String)
    case link(String)
    case debug(String)
    case quit
  }

  /// The global commands' table: help, back, the tabs shown now, links
  /// when there is an opener, `debug memory` and quit.
  private var globalSpecs: [CommandSpec<GlobalAction>] {
    var specs = [
      CommandSpec(
        "help", Parameter("COMMAND", .word, isOptional: true, meaning: "COMMAND is a command's name"),
        summary: "List what you can do here (help COMMAND: how one is typed)"
      ) { GlobalAction.help($0.word) },
      CommandSpec("back", summary: "Go back to the previous screen", action: .back),
      CommandSpec("clear", summary: "Clear the terminal (nothing, when piped)", action: .clear),
    ]
    if let tabBar = window.tabBar {
      let shown = tabBar.shownTabs
      let names = shown.map(\.name)
      let list = names.joined(separator: ", ")
      specs.append(
        CommandSpec(
          "tab", Parameter("NAME", .choice(names), meaning: "NAME is one of \(list)"),
          summary: "Switch to a tab (\(list))"
        ) { .tab($0.word ?? "") })
      specs += shown.map { CommandSpec($0.name, summary: "Switch to the \($0.title) tab", action: .tab($0.name)) }
    }
    if linkOpener != nil {
      specs.append(
        CommandSpec(Self.linkCommand, Parameter("URL", .word, meaning: linkMeaning), summary: linkSummary) {
          .link($0.word ?? "")
        })
    }
    specs += [
      CommandSpec(
        "debug", Parameter("", .choice(["memory"]), meaning: "memory is the one thing debug shows"),
        summary: "Show which objects are alive and which were released"
      ) { .debug($0.word ?? "") },
      CommandSpec(CommonCommands.quit.name, summary: CommonCommands.quit.summary, action: .quit),
    ]
    return specs
  }

  /// The global commands, made again only when the tabs shown change
  /// (they name them): the same table serves every prompt in between.
  var globalCommands: [Command] {
    let tabs = window.tabBar?.shownTabNames ?? []
    if let cached = cachedGlobalCommands, cached.tabs == tabs { return cached.commands }
    let commands = Command.table(globalSpecs) { [unowned self] action, console in
      await perform(action, console: console)
    }
    cachedGlobalCommands = (tabs, commands)
    return commands
  }

  private var cachedGlobalCommands: (tabs: [String], commands: [Command])?

  private func perform(_ action: GlobalAction, console: any Console) async {
    switch action {
    case .help(nil): console.write(helpLines())
    case .help(let name?): console.write(helpLines(forCommand: name))
    case .back: goBack(console: console)
    case .clear: _ = console.clearScreen()
    case .tab(let name): selectTab(name, console: console)
    case .link(let link): await linkOpener?(link, console)
    case .debug(let what):
      guard what == "memory" else {
        return console.write(chrome.problem("Unknown debug command. Try: debug memory", in: console.context))
      }
      console.write(MemoryReport(rows: ledger.rows).lines(fitting: console.context.fullWidth))
    case .quit: quitRequested = true
    }
  }

  private func selectTab(_ name: String, console: any Console) {
    guard let tabBar = window.tabBar else { return }
    guard tabBar.select(named: name) else {
      let names = tabBar.shownTabs.map(\.name).joined(separator: ", ")
      let typed = TextSanitizer.visible(name, limit: 40)
      console.write(
        chrome.problem(
          "There is no tab called \(typed.isEmpty ? "that" : "'\(typed)'"). Tabs: \(names).", in: console.context))
      return
    }
  }

  private func goBack(console: any Console) {
    guard let stack = window.visibleStack else { return }
    if stack.dismiss() || stack.pop() { return }
    console.write(chrome.notice("You are already at the top of \(stack.root.title).", in: console.context))
  }
}
