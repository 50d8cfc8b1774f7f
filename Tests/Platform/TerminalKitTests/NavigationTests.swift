import Commands
import TestSupport
import XCTest

@testable import Diagnostics
@testable import TerminalConsole
@testable import TerminalNavigation
@testable import TerminalREPL
@testable import TerminalText

@MainActor
final class TitledScreen: Screen {
  var appearances = 0
  let extraCommands: [String]

  init(_ name: String, commands: [String] = []) {
    extraCommands = commands
    super.init(title: name.capitalized, pathComponent: name)
  }

  override var commands: [Command] {
    extraCommands.map { name in
      Command(
        CommandSpec(name, Parameter("TEXT", .text, isOptional: true, meaning: ""), summary: "Does \(name)") {
          $0.line.words
        }
      ) { words, console in
        console.write("ran \(name) \(words)")
      }
    }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    ["body of \(pathComponent)"]
  }

  override func didAppear(console: any Console) async {
    appearances += 1
  }
}

/// A chat-like screen: takes free text, and one command of its own.
@MainActor
final class ChatScreen: Screen {
  var received: [String] = []

  init() {
    super.init(title: "Chat", pathComponent: "chat")
  }

  override var acceptsFreeText: Bool { true }

  override var commands: [Command] {
    [
      Command(CommandSpec("new", summary: "Start again", action: ())) { _, console in console.write("new conversation")
      }
    ]
  }

  override func receiveText(_ text: String, console: any Console) async {
    received.append(text)
    console.writePartial("echo: ", style: .plain)
    console.writePartial(text + "\n", style: .plain)
  }
}

@MainActor
struct PlainChrome: WindowChrome {
  func header(for window: Window, in context: RenderContext) -> [StyledLine] {
    ["== \(window.path) =="]
  }

  func problem(_ sentence: String, in context: RenderContext) -> StyledLine {
    StyledLine("! " + sentence)
  }
}

/// A screen that says something before it is drawn, then loads as it appears.
@MainActor
final class LoadingScreen: Screen {
  private var isLoaded = false

  init() {
    super.init(title: "List", pathComponent: "list")
  }

  override func willAppear(console: any Console) {
    console.write("a notice")
  }

  override func didAppear(console: any Console) async {
    isLoaded = true
    setNeedsDisplay()
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    [StyledLine(isLoaded ? "body loaded" : "body loading")]
  }
}

/// Commands with each kind of argument rule, recording what ran.
@MainActor
final class ArgumentsScreen: Screen {
  var ran: [String] = []

  init() {
    super.init(title: "List", pathComponent: "list")
  }

  override var commands: [Command] {
    let specs = [
      CommandSpec("open", .row(count: 20, meaning: "N is a row number, 1–20"), summary: "") { "open \($0.line.words)" },
      CommandSpec("refresh", summary: "") { "refresh \($0.line.words)" },
      CommandSpec("search", Parameter("WORDS", .text, meaning: "WORDS are what to look for"), summary: "") {
        "search \($0.line.words)"
      },
      CommandSpec("filter", Parameter("TEXT", .text, isOptional: true, meaning: ""), summary: "") {
        "filter \($0.line.words)"
      },
    ]
    return Command.table(specs) { ran, _ in self.ran.append(ran) }
  }
}

/// Home, and Bookmarks shown while `bookmarksShown` says so.
@MainActor
func homeAndBookmarksTabs(bookmarksShown: @escaping @MainActor () -> Bool) -> TabBarController {
  TabBarController(tabs: [
    .init(name: "home", title: "Home", stack: NavigationStack(root: TitledScreen("home"))),
    .init(
      name: "bookmarks", title: "Bookmarks", stack: NavigationStack(root: TitledScreen("bookmarks")),
      isShown: bookmarksShown),
  ])
}

/// Says, as it is released, the path of the stack it was on.
@MainActor
final class ReleaseWatchingScreen: Screen {
  private let onRelease: @MainActor ([String]) -> Void

  init(_ name: String, onRelease: @escaping @MainActor ([String]) -> Void) {
    self.onRelease = onRelease
    super.init(title: name, pathComponent: name)
  }

  isolated deinit {
    onRelease(navigationStack?.path ?? [])
  }
}

@MainActor
final class NavigationStackTests: XCTestCase {
  func test_pushPopAndModal_changeThePathAndVisibleScreen() async {
    let root = TitledScreen("profile")
    let stack = NavigationStack(root: root)
    trackForMemoryLeaks(stack)
    trackForMemoryLeaks(root)

    var pushed: TitledScreen? = TitledScreen("settings")
    weak let weakPushed = pushed
    stack.push(pushed!)
    pushed = nil
    XCTAssertEqual(stack.path, ["profile", "settings"])
    XCTAssertTrue(weakPushed?.navigationStack === stack)

    stack.present(TitledScreen("readme"))
    XCTAssertEqual(stack.path, ["profile", "settings", "readme"])
    XCTAssertTrue(stack.dismiss())
    XCTAssertFalse(stack.dismiss())
    XCTAssertTrue(stack.pop())
    XCTAssertFalse(stack.pop())
    XCTAssertNil(weakPushed, "a popped screen is released")
    XCTAssertTrue(stack.visibleScreen === root)
  }

  /// Back to the root closes what was presented over a screen above it.
  func test_popToRoot_closesAPresentedScreenToo() async {
    let stack = NavigationStack(root: TitledScreen("explore"))
    stack.push(TitledScreen("repo"))
    stack.present(TitledScreen("readme"))
    stack.popToRoot()
    XCTAssertEqual(stack.path, ["explore"])
    XCTAssertNil(stack.presented)
  }

  /// A screen let go by a stack is released after the stack has changed,
  /// not while it changes: the stack's storage is not checked for
  /// overlapping access at run time, and a deinit reading it mid-write
  /// would read it half-changed.
  func test_aRemovedScreen_goesAfterTheChange_andSeesTheStackChanged() async {
    var seen: [[String]] = []
    let stack = NavigationStack(root: TitledScreen("home"))
    let watching = { (name: String) in ReleaseWatchingScreen(name) { seen.append($0) } }

    stack.push(watching("one"))
    stack.pop()
    stack.push(watching("two"))
    stack.push(watching("three"))
    stack.present(watching("modal"))
    stack.present(watching("other"))
    stack.dismiss()
    stack.present(watching("last"))
    stack.popToRoot()

    XCTAssertEqual(
      seen,
      [
        ["home"], ["home", "two", "three", "other"], ["home", "two", "three"], ["home"], ["home"], ["home"],
      ])
  }

  /// A screen reaches its stack while the stack lives, and not after: not
  /// kept past it, nor while the stack is going (its screens going with it).
  func test_aScreensStack_isNilOnceTheStackBeginsToGo() async {
    var seen: [[String]] = []
    let kept = TitledScreen("kept")
    var stack: NavigationStack? = NavigationStack(root: ReleaseWatchingScreen("home") { seen.append($0) })
    stack?.push(kept)
    XCTAssertTrue(kept.navigationStack === stack)

    stack = nil

    XCTAssertNil(kept.navigationStack)
    XCTAssertEqual(seen, [[]], "the root, released with its stack, finds no stack")
  }

  func test_aRootMadeWithItsStack_getsTheStack_andAHandlePushesOnIt() async {
    var handle: StackHandle?
    let stack = NavigationStack { stack in
      handle = StackHandle(stack, owner: TitledScreen.self)
      return TitledScreen("home")
    }
    trackForMemoryLeaks(stack)
    XCTAssertTrue(stack.root.navigationStack === stack)

    handle?.pushFromRoot(TitledScreen("detail"))
    XCTAssertEqual(stack.path, ["home", "detail"])
    handle?.pushFromRoot(TitledScreen("other"))
    XCTAssertEqual(stack.path, ["home", "other"], "a router's push replaces what was above the root")
    handle?.push(TitledScreen("deeper"))
    XCTAssertEqual(stack.path, ["home", "other", "deeper"])
    handle?.popToRoot()
    XCTAssertEqual(stack.path, ["home"])
    XCTAssertEqual(handle?.isAttached, true)
  }

  func test_aHandleUsedAfterItsStackIsGone_reportsTheBug() async {
    var reports: [String] = []
    let original = StackHandle.reportDetachedUse
    StackHandle.reportDetachedUse = { reports.append($0) }
    defer { StackHandle.reportDetachedUse = original }
    var stack: NavigationStack? = NavigationStack(root: TitledScreen("home"))
    let handle = StackHandle(stack!, owner: TitledScreen.self)
    stack = nil

    handle.pushFromRoot(TitledScreen("detail"))
    handle.popToRoot()

    XCTAssertFalse(handle.isAttached)
    XCTAssertEqual(
      reports, Array(repeating: "TitledScreen used its navigation stack after the stack was released", count: 2))
  }

  func test_tabs_keepTheirOwnStacks_andReselectingReturnsToRoot() async {
    let home = NavigationStack(root: TitledScreen("home"))
    let profile = NavigationStack(root: TitledScreen("profile"))
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: home), .init(name: "profile", title: "Profile", stack: profile),
    ])
    let window = Window()
    window.setRoot(.tabs(tabs))

    XCTAssertTrue(tabs.select(named: "Profile"))
    profile.push(TitledScreen("settings"))
    XCTAssertEqual(window.path, "profile/settings")
    tabs.select(named: "home")
    XCTAssertEqual(window.path, "home")
    tabs.select(named: "profile")
    XCTAssertEqual(window.path, "profile/settings")
    tabs.select(named: "profile")
    XCTAssertEqual(window.path, "profile")
    XCTAssertFalse(tabs.select(named: "nowhere"))
  }

  /// A tab a setting hides is not drawn or chosen, and comes back when the
  /// setting does; the tab shown stays shown.
  func test_aHiddenTab_isNeitherShownNorSelectable_untilItIsShownAgain() async {
    final class Setting {
      var isOn = false
    }
    let bookmarks = Setting()
    let tabs = homeAndBookmarksTabs(bookmarksShown: { bookmarks.isOn })
    XCTAssertEqual(tabs.shownTabs.map(\.name), ["home"])
    XCTAssertFalse(tabs.select(named: "bookmarks"))
    XCTAssertEqual(tabs.selectedTab.name, "home")

    bookmarks.isOn = true
    XCTAssertTrue(tabs.select(named: "bookmarks"))
    bookmarks.isOn = false
    XCTAssertEqual(tabs.shownTabs.map(\.name), ["home", "bookmarks"], "the tab in use is not pulled away")
  }
}

@MainActor
final class REPLTests: XCTestCase {
  private func makeSUT(
    root: Screen, file: StaticString = #filePath, line: UInt = #line
  ) -> (REPL, Window, ScriptedConsole) {
    let window = Window()
    window.setRoot(.stack(NavigationStack(root: root)))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    for object in [window, console, repl, root] as [AnyObject] { trackForMemoryLeaks(object, file: file, line: line) }
    return (repl, window, console)
  }

  /// A screen that counts how often its commands are built, whole or one.
  private final class CountingScreen: Screen {
    var built = 0
    var lookedUp: [String] = []

    override var commands: [Command] {
      built += 1
      return [Self.ping]
    }

    override func command(named name: String) -> Command? {
      lookedUp.append(name)
      return name == "ping" ? Self.ping : nil
    }

    private static var ping: Command {
      Command(CommandSpec("ping", summary: "Answer", action: ())) { _, console in console.write("pong") }
    }
  }

  /// Piped, a prompt needs no completion: the screen is asked once for the
  /// one command typed, and its table is made only for advice on a name it
  /// does not have.
  func test_aPipedPrompt_looksUpTheCommand_withoutTheScreensTable() async {
    let screen = CountingScreen(title: "Counting", pathComponent: "counting")
    let (repl, _, console) = makeSUT(root: screen)
    console.completes = false
    console.feed(Array(repeating: "ping", count: 10) + ["pnig"])

    await repl.run()

    XCTAssertEqual(console.output.filter { $0 == "pong" }.count, 10)
    XCTAssertEqual(screen.lookedUp.filter { $0 == "ping" }.count, 10, "once a line: history and running share it")
    XCTAssertEqual(screen.built, 1, "only for did-you-mean")
    XCTAssertTrue(console.output.contains { $0.contains("ping") && $0.contains("pnig") }, "\(console.output)")
  }

  /// Each prompt resolves its table of commands once, for completion, the
  /// history's check and the command alike (it was built three times).
  func test_eachPrompt_buildsTheScreensCommandsOnce() async {
    let screen = CountingScreen(title: "Counting", pathComponent: "counting")
    let (repl, _, console) = makeSUT(root: screen)
    console.feed(Array(repeating: "ping", count: 10))

    await repl.run()

    XCTAssertEqual(console.output.filter { $0 == "pong" }.count, 10)
    XCTAssertEqual(screen.built, 11, "once per prompt: ten lines, and the prompt that met the end of input")
  }

  /// A tab another Wayfarer shows while this one waits for a line can be
  /// chosen by that line, on a terminal and off one.
  func test_aTabShownWhileTheLineWasAwaited_isChosenByIt() async {
    final class Setting {
      var saved = false
      var read = false
    }
    for completes in [true, false] {
      let setting = Setting()
      let tabs = homeAndBookmarksTabs(bookmarksShown: { setting.read })
      tabs.willCheckShown = { setting.read = setting.saved }
      let window = Window()
      window.setRoot(.tabs(tabs))
      let console = ScriptedConsole(input: ["bookmarks"])
      console.completes = completes
      console.whileAwaitingCommand = { setting.saved = true }
      let repl = REPL(window: window, console: console, chrome: PlainChrome())

      await repl.run()

      XCTAssertEqual(window.path, "bookmarks", "completes: \(completes); \(console.transcript)")
    }
  }

  func test_run_drawsTheScreen_runsCommands_andStopsAtEndOfInput() async {
    let (repl, _, console) = makeSUT(root: TitledScreen("welcome", commands: ["greet"]))
    console.feed(["greet a b", "", "nonsense", "quit", "never read"])

    await repl.run()

    XCTAssertEqual(
      console.output,
      [
        "", "== welcome ==", "body of welcome", "ran greet [\"a\", \"b\"]",
        "! Unknown command 'nonsense'. Type help to see what you can do here.",
      ])
    XCTAssertEqual(console.input, ["never read"])
    XCTAssertEqual(console.remembered, ["greet a b", "quit"], "a line that is no command is not kept")
    XCTAssertEqual(console.requests, Array(repeating: .command(prompt: "welcome> "), count: 4))
  }

  /// `open` followed by `scheme:…` goes to the app's link opener, even on
  /// a screen with an `open N` of its own; a number stays the screen's.
  func test_openWithALink_goesToTheLinkOpener_onAnyScreen() async {
    let (repl, _, console) = makeSUT(root: TitledScreen("list", commands: ["open"]))
    var links: [String] = []
    repl.linkOpener = { link, _ in links.append(link) }

    await repl.execute("open 2")
    await repl.execute("OPEN wayfarer://bookmarks")
    await repl.execute("open http://x")
    await repl.execute("open 10:30")

    XCTAssertEqual(links, ["wayfarer://bookmarks", "http://x"])
    XCTAssertEqual(console.output, ["ran open [\"2\"]", "ran open [\"10:30\"]"])
    await repl.execute("help")
    XCTAssertTrue(console.output.contains { $0.contains("open URL") }, "listed beside the screen's open N")
  }

  /// Work scheduled on a screen from outside runs once the screen is shown
  /// and has appeared, with the console, once.
  func test_scheduledWork_runsAfterTheScreenIsDrawn_once() async {
    let screen = TitledScreen("search")
    let (repl, _, console) = makeSUT(root: screen)
    await repl.settle()
    screen.schedule { console in console.write("searched") }
    screen.setNeedsDisplay()

    await repl.settle()
    await repl.settle()

    XCTAssertEqual(
      console.output, ["", "== search ==", "body of search", "", "== search ==", "body of search", "searched"])
  }

  func test_missingOrExtraArguments_areAnsweredWithTheUsage_beforeTheCommandRuns() async {
    let screen = ArgumentsScreen()
    let (repl, _, console) = makeSUT(root: screen)

    for line in ["open", "open 1 2", "refresh now", "search", "open 3", "refresh", "search  two words", "filter"] {
      await repl.execute(line)
    }

    XCTAssertEqual(
      console.output,
      [
        "! Usage: open N — N is a row number, 1–20.",
        "! Usage: open N — N is a row number, 1–20.",
        "! Usage: refresh — nothing goes after refresh.",
        "! Usage: search WORDS — WORDS are what to look for.",
      ])
    XCTAssertEqual(screen.ran, ["open [\"3\"]", "refresh []", "search [\"two\", \"words\"]", "filter []"])
  }

  func test_globalCommands_followTheSameRule() async {
    let window = Window()
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: NavigationStack(root: TitledScreen("home"))),
      .init(name: "profile", title: "Profile", stack: NavigationStack(root: TitledScreen("profile"))),
    ])
    window.setRoot(.tabs(tabs))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    for line in ["tab", "tab home profile", "home now", "debug", "tab \u{07}", "quit now"] {
      await repl.execute(line)
    }

    XCTAssertEqual(
      console.output,
      [
        "! Usage: tab NAME — NAME is one of home, profile.",
        "! Usage: tab NAME — NAME is one of home, profile.",
        "! Usage: home — nothing goes after home.",
        "! Usage: debug memory — memory is the one thing debug shows.",
        "! Usage: tab NAME — NAME is one of home, profile.",  // a bell alone is nothing typed
        "! Usage: quit — nothing goes after quit.",
      ])
  }

  /// Issue 21 §4: help COMMAND and `?`, did-you-mean for a near miss, and
  /// where to find another tab's command, all read from the tables.
  func test_helpForOneCommand_aNearMiss_andAnotherTabsCommand() async {
    let window = Window()
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: NavigationStack(root: TitledScreen("home", commands: ["nearby"]))),
      .init(
        name: "bookmarks", title: "Bookmarks", stack: NavigationStack(root: TitledScreen("list", commands: ["export"]))),
    ])
    window.setRoot(.tabs(tabs))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    for line in ["help nearby", "? debug", "help fly", "nearbi", "bookmark", "export", "xyzzy", "book\u{FEFF}marks"] {
      await repl.execute(line)
    }

    XCTAssertEqual(
      console.output,
      [
        "nearby [TEXT]", "Does nearby.", "  TEXT (may be left out).",
        "debug memory", "Show which objects are alive and which were released.",
        "  memory: memory is the one thing debug shows.", "Example: debug memory",
        "! There is no command 'fly' here. Type help to see what you can do here.",
        "! Unknown command 'nearbi'. Did you mean nearby?",
        "! Unknown command 'bookmark'. Did you mean bookmarks?",
        "! export is a Bookmarks command: type bookmarks, then export.",
        "! Unknown command 'xyzzy'. Type help to see what you can do here.",
        "! Unknown command 'book<U+FEFF>marks'. Did you mean bookmarks?",
      ])
  }

  /// A command the screen offers at other times says why it is not here,
  /// typed or asked about, rather than suggesting a look-alike.
  func test_aCommandTheScreenDoesNotOfferNow_saysWhy_ratherThanANearName() async {
    final class EmptyDetail: Screen {
      override func reasonUnavailable(_ name: String) -> String? {
        name == "bookmark" ? "There is no repository to bookmark." : nil
      }
    }
    let window = Window()
    let tabs = TabBarController(tabs: [
      .init(
        name: "explore", title: "Explore", stack: NavigationStack(root: EmptyDetail(title: "x", pathComponent: "x"))),
      .init(name: "bookmarks", title: "Bookmarks", stack: NavigationStack(root: TitledScreen("list"))),
    ])
    window.setRoot(.tabs(tabs))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    for line in ["bookmark", "help bookmark", "bookmarx"] {
      await repl.execute(line)
    }

    XCTAssertEqual(
      console.output,
      [
        "! There is no repository to bookmark.", "! There is no repository to bookmark.",
        "! Unknown command 'bookmarx'. Did you mean bookmarks?",
      ])
  }

  /// A tab's first screen that opens one with `toggle` by `settings`.
  private final class OpeningScreen: Screen {
    override var commands: [Command] {
      [Command(CommandSpec("settings", summary: "Open settings", action: ())) { _, _ in }]
    }

    override var innerCommands: [InnerCommands] {
      let toggle = CommandSignature(
        name: "toggle", parameters: [Parameter("NAME", .word, meaning: "NAME is a setting")], flags: [],
        summary: "Turn a feature on or off")
      return [InnerCommands(.titled("Settings"), screen: SettingsPage.self, way: ["settings"], signatures: [toggle])]
    }
  }

  private final class SettingsPage: Screen {}
  private final class RepositoryPage: Screen {}

  /// A tab's first screen that leads to a page (`search`, then `open one`)
  /// with `readme`, and to a chat whose `/new` is typed with its slash.
  private final class SearchRoot: Screen {
    override var commands: [Command] {
      [Command(CommandSpec("search", summary: "Search", action: ())) { _, _ in }]
    }

    override var innerCommands: [InnerCommands] {
      let signature = { (name: String) in CommandSignature(name: name, parameters: [], flags: [], summary: name) }
      return [
        InnerCommands(
          .described("a repository's page"), screen: RepositoryPage.self, way: ["search", "open one"],
          signatures: [signature("readme"), signature("web")]),
        InnerCommands(
          .described("the chat"), screen: ChatScreen.self, way: ["ask"], prefix: "/", signatures: [signature("new")]),
      ]
    }
  }

  func test_everyInnerScreensCommand_ofThisTabOrAnother_saysTheNearestWayThere() async {
    let window = Window()
    let home = NavigationStack(root: TitledScreen("home"))
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: home),
      .init(
        name: "explore", title: "Explore", stack: NavigationStack(root: SearchRoot(title: "x", pathComponent: "x"))),
      .init(
        name: "profile", title: "Profile",
        stack: NavigationStack(root: OpeningScreen(title: "Profile", pathComponent: "profile"))),
    ])
    window.setRoot(.tabs(tabs))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    for line in ["readme", "help new", "new"] { await repl.execute(line) }
    tabs.select(named: "explore")
    for line in ["readme", "settings"] { await repl.execute(line) }
    // Typed on the page itself (a command it offers at other times): not sent to itself.
    tabs.selectedTab.stack.push(RepositoryPage(title: "Repo", pathComponent: "repo"))
    for line in ["web", "search"] { await repl.execute(line) }
    tabs.selectedTab.stack.push(ChatScreen())
    for line in ["/readme", "/settings"] { await repl.submit(line) }

    XCTAssertEqual(
      console.output.filter { $0.hasPrefix("!") || $0.contains(" is ") || $0.hasPrefix("/") },
      [
        "! readme is a command of a repository's page on Explore: type explore, then search, then open one, then readme.",
        "/new", "new is a command of the chat on Explore: type explore, then ask, then /new.",
        "! new is a command of the chat on Explore: type explore, then ask, then /new.",
        "! readme is a command of a repository's page on Explore: type search, then open one, then readme.",
        "! settings is a Profile command: type profile, then settings.",
        "! Unknown command 'web'. Type help to see what you can do here.",
        "! search is an Explore command: type explore, then search.",
        "! readme is a command of a repository's page on Explore: type /explore, then search, then open one, then readme.",
        "! settings is a Profile command: type /profile, then settings.",
      ])
  }

  func test_anotherTabsCommand_itsHelp_andAnInnerScreensCommand_sayWhereTheyAre() async {
    let window = Window()
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: NavigationStack(root: TitledScreen("home"))),
      .init(
        name: "explore", title: "Explore", stack: NavigationStack(root: TitledScreen("list", commands: ["search"]))),
      .init(
        name: "profile", title: "Profile",
        stack: NavigationStack(root: OpeningScreen(title: "Profile", pathComponent: "profile"))),
    ])
    window.setRoot(.tabs(tabs))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    for line in ["search", "help search", "toggle 1", "help toggle"] { await repl.execute(line) }

    XCTAssertEqual(
      console.output,
      [
        "! search is an Explore command: type explore, then search.",
        "search [TEXT]", "Does search.", "  TEXT (may be left out).",
        "search is an Explore command: type explore, then search.",
        "! toggle is a Profile › Settings command: type profile, then settings, then toggle.",
        "toggle NAME", "Turn a feature on or off.", "  NAME: NAME is a setting.",
        "toggle is a Profile › Settings command: type profile, then settings, then toggle.",
      ])
  }

  /// Issue 21: `toggle` typed on Profile's own first screen said "Unknown
  /// command"; it says where it is, as from any other tab, without the
  /// tab's name; on another of its screens, with it.
  func test_anInnerScreensCommand_typedOnItsOwnTab_saysTheWayFromThere() async {
    let window = Window()
    let profile = NavigationStack(root: OpeningScreen(title: "Profile", pathComponent: "profile"))
    let tabs = TabBarController(tabs: [
      .init(name: "home", title: "Home", stack: NavigationStack(root: TitledScreen("home"))),
      .init(name: "profile", title: "Profile", stack: profile),
    ])
    window.setRoot(.tabs(tabs))
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    await repl.execute("profile")
    console.clearOutput()
    for line in ["toggle 1", "help toggle"] { await repl.execute(line) }
    profile.push(TitledScreen("about"))
    for line in ["toggle 1", "settings"] { await repl.execute(line) }

    XCTAssertEqual(
      console.output.filter { $0.contains(" command: ") },
      [
        "! toggle is a Profile › Settings command: type settings, then toggle.",
        "toggle is a Profile › Settings command: type settings, then toggle.",
        "! toggle is a Profile › Settings command: type profile, then settings, then toggle.",
        "! settings is a Profile command: type profile, then settings.",
      ])
  }

  func test_aFreeTextScreen_suggestsANearMiss_andAnotherTabsCommand_withTheirSlash() async {
    let window = Window()
    let explore = NavigationStack(root: TitledScreen("explore"))
    let tabs = TabBarController(tabs: [
      .init(name: "explore", title: "Explore", stack: explore),
      .init(
        name: "bookmarks", title: "Bookmarks", stack: NavigationStack(root: TitledScreen("list", commands: ["export"]))),
    ])
    window.setRoot(.tabs(tabs))
    explore.push(ChatScreen())
    let console = ScriptedConsole()
    let repl = REPL(window: window, console: console, chrome: PlainChrome())
    trackForMemoryLeaks(repl)

    for line in ["/nwe", "/export", "/help fly"] { await repl.submit(line) }

    XCTAssertEqual(
      console.output.filter { $0.hasPrefix("!") },
      [
        "! Unknown command '/nwe'. Did you mean /new?",
        "! export is a Bookmarks command: type /bookmarks, then export.",
        "! There is no command 'fly' here. Type /help to see what you can do here.",
      ])
  }

  func test_nearestName_isOneEditAway_andNoneWhenTwoAreAsNear() {
    XCTAssertEqual(NearestName.to("logn", among: ["login", "logout"]), "login")
    XCTAssertEqual(NearestName.to("lgoin", among: ["login"]), "login", "two letters swapped")
    XCTAssertEqual(NearestName.to("bookmrks", among: ["bookmarks"]), "bookmarks")
    XCTAssertNil(NearestName.to("tab", among: ["tap", "tag"]), "two as near")
    XCTAssertNil(NearestName.to("x", among: ["w"]), "too short to guess")
    XCTAssertNil(NearestName.to("quit", among: ["quit"]), "not a miss")
  }

  func test_nearestExtension_prefersANameTypedsStartBegins_overANearSpelling() {
    XCTAssertEqual(NearestName.extending("m2", among: ["m1", "m2-large"]), "m2-large", "m1 is only one edit away")
    XCTAssertEqual(NearestName.extending("M2", among: ["m1", "m2-large"]), "m2-large", "in any case")
    XCTAssertEqual(NearestName.extending("gemini-2.5-flsh", among: ["gemini-2.5-flash"]), "gemini-2.5-flash")
    XCTAssertEqual(
      NearestName.extending("llama", among: ["gemma3", "llama3.2", "llama3.1:8b", "llama3.2"]),
      "llama3.2 or llama3.1:8b", "each that begins with it, in the server's order")
    XCTAssertEqual(NearestName.extending("m2", among: ["m1", "m2-large", "m2-small"]), "m2-large or m2-small")
    XCTAssertNil(NearestName.extending("m", among: (1...5).map { "m\($0)-large" }), "too many begin with it")
    XCTAssertNil(NearestName.extending("m2", among: (1...5).map { "m2-\($0)" }), "too many to list")
    XCTAssertNil(NearestName.extending("m", among: ["m1", "m2-large"]), "too short to guess")
  }

  func test_aLongHelpRow_wrapsUnderItsSummary() {
    var line = StyledLine("  open N      Show the place numbered N, with its details and the map around it")
    line.continuationIndent = 14
    XCTAssertEqual(
      line.wrapped(to: 50).map(\.plainText),
      ["  open N      Show the place numbered N, with its", "              details and the map around it"])
  }

  /// At 40 columns a name column 33 wide leaves its summary no room: the
  /// summary goes under the name, indented, and wraps there (it was cut
  /// into `Search` beside the name and the rest at the window's edge).
  func test_aHelpRow_inANarrowWindow_putsItsSummaryUnderItsName() {
    var line = StyledLine("  search QUERY                   Search GitHub's repositories (qualifiers work)")
    line.continuationIndent = 33
    XCTAssertEqual(
      line.wrapped(to: 40).map(\.plainText),
      ["  search QUERY", "    Search GitHub's repositories", "    (qualifiers work)"])
    var short = StyledLine("  back                           Go back")
    short.continuationIndent = 33
    XCTAssertEqual(short.wrapped(to: 40).map(\.plainText), ["  back                           Go back"], "fits")
    // A name column under half the width that leaves fewer than 24 columns.
    var home = StyledLine("  open URL         Follow a wayfarer:// link, or a repository's github.com address")
    home.continuationIndent = 19
    XCTAssertEqual(
      home.wrapped(to: 40).map(\.plainText),
      ["  open URL", "    Follow a wayfarer:// link, or a", "    repository's github.com address"])
    XCTAssertEqual(home.wrapped(to: 80).map(\.plainText).count, 2, "beside its name where there is room")
  }

  func test_aCommandAvailableElsewhere_getsTheAppsAdvice_andOthersAreUnknown() async {
    let (repl, _, console) = makeSUT(root: TitledScreen("welcome"))
    repl.adviceForMissingCommand = { $0 == "tab" ? "Log in first." : nil }

    await repl.execute("TAB home")
    await repl.execute("fly")

    XCTAssertEqual(
      console.output, ["! Log in first.", "! Unknown command 'fly'. Type help to see what you can do here."])
  }

  func test_unknownCommands_areEchoedHarmlessly_onOneLine() async {
    let (repl, _, console) = makeSUT(root: TitledScreen("welcome"))

    await repl.execute("\u{1B}]0;owned\u{07}x")
    await repl.execute(String(repeating: "w", count: 10_000))

    XCTAssertEqual(console.output.first, "! Unknown command 'x'. Type help to see what you can do here.")
    XCTAssertEqual(
      console.output.last,
      "! Unknown command '\(String(repeating: "w", count: 39))…'. Type help to see what you can do here.")
  }

  func test_itemNumbered_isSafeForAnyNumber() {
    let items = ["a", "b", "c"]
    XCTAssertEqual(RowNumber.item(1, of: items), "a")
    XCTAssertEqual(RowNumber.item(3, of: items), "c")
    for outside in [0, 4, -1, Int.min, Int.max] {
      XCTAssertNil(RowNumber.item(outside, of: items), "\(outside)")
    }
    XCTAssertEqual(RowNumber.item(1, of: items[1...]), "b", "a slice counts from its own first item")
  }

  /// A number a filter hides is answered with the numbers shown, as a
  /// sentence: in order, runs as ranges, and many cut to a count.
  func test_aRowNotShown_listsTheRowsShown_asASentence() {
    func sentence(_ shown: [Int]) -> String { RowNumber.notShown("Bookmark", number: 7, shown: shown) }
    XCTAssertEqual(sentence([12, 1, 3]), "Bookmark 7 is not shown; the rows shown are 1, 3 and 12.")
    XCTAssertEqual(sentence([4]), "Bookmark 7 is not shown; the only row shown is 4.")
    XCTAssertEqual(sentence([2, 1]), "Bookmark 7 is not shown; the rows shown are 1 and 2.")
    XCTAssertEqual(sentence(Array(8...50) + [1]), "Bookmark 7 is not shown; the rows shown are 1 and 8–50.")
    XCTAssertEqual(
      sentence([1, 3, 5, 9, 11] + Array(20...59)),
      "Bookmark 7 is not shown; the rows shown are 1, 3, 5, 9, 11 and 20–59.")
    XCTAssertEqual(
      sentence([1, 3, 5, 9, 11, 13] + Array(20...59)),
      "Bookmark 7 is not shown; the rows shown are 1, 3, 5, 9, 11 and 41 more.")
    XCTAssertEqual(sentence([]), "Bookmark 7 is not shown; no row is shown.")
    XCTAssertEqual(
      RowNumber.notShown("Place", number: nil, shown: [Int.max - 1, Int.max, 1]),
      "Place like that is not shown; the rows shown are 1, \(Int.max - 1) and \(Int.max).")
    XCTAssertFalse(sentence(Array(1...6).map { $0 * 2 }).contains("…"), "ends as a sentence ends")
  }

  func test_aFreeTextScreen_takesLinesAsText_andCommandsAfterASlash() async {
    let chat = ChatScreen()
    let (repl, window, console) = makeSUT(root: TitledScreen("explore"))
    window.visibleStack?.push(chat)
    console.feed(["hello there", "quit", "/new", "//etc/hosts", "/nonsense", "/help", "/back", "quit"])

    await repl.run()

    XCTAssertEqual(chat.received, ["hello there", "quit", "/etc/hosts"], "quit is text here: /quit leaves")
    XCTAssertEqual(console.partialOutput, ["echo: ", "hello there\n", "echo: ", "quit\n", "echo: ", "/etc/hosts\n"])
    XCTAssertTrue(console.output.contains("new conversation"), console.transcript)
    XCTAssertTrue(
      console.output.contains("! Unknown command '/nonsense'. Type /help to see what you can do here."),
      console.transcript)
    XCTAssertTrue(console.output.contains { $0.hasPrefix("  /new ") }, console.transcript)
    XCTAssertTrue(console.output.contains { $0.hasPrefix("  /back ") }, console.transcript)
    XCTAssertEqual(window.path, "explore", "/back popped the chat")
    XCTAssertEqual(
      console.rememberedQuestions.prefix(3), ["hello there", "quit", "/new"],
      "what is typed in the chat goes to its own history")
    XCTAssertFalse(console.remembered.contains("hello there"), "and never to the commands'")
    XCTAssertEqual(console.commandHistories.first, .questions, "Up in the chat recalls questions")
    XCTAssertEqual(console.commandHistories.last, .commands, "and back on Explore, commands")
    XCTAssertTrue(console.completionTables.first?.commands.contains("/new") == true)
    XCTAssertTrue(console.completionTables.first?.commands.contains("/back") == true)
    XCTAssertFalse(console.completionTables.last?.commands.contains("/back") == true, "plain names off the chat")
  }

  func test_back_atTheRoot_saysSo_andElsewherePops() async {
    let root = TitledScreen("welcome")
    let (repl, window, console) = makeSUT(root: root)
    await repl.execute("back")
    XCTAssertEqual(console.output, ["You are already at the top of Welcome."])

    window.visibleStack?.push(TitledScreen("login"))
    await repl.execute("BACK")
    XCTAssertEqual(window.path, "welcome")
  }

  func test_screenAppearsEachTimeItBecomesVisible_andIsDrawnOnlyWhenChanged() async {
    let root = TitledScreen("home")
    let (repl, window, console) = makeSUT(root: root)
    await repl.settle()
    await repl.settle()
    XCTAssertEqual(root.appearances, 1)
    XCTAssertEqual(console.output.filter { $0.hasPrefix("==") }.count, 1)

    window.visibleStack?.push(TitledScreen("detail"))
    await repl.settle()
    window.visibleStack?.pop()
    await repl.settle()
    XCTAssertEqual(root.appearances, 2)
  }

  func test_aScreenWhoseDataArrivesAsItAppears_isRedrawn_notDrawnAnew_andItsNoticeComesFirst() async {
    let root = LoadingScreen()
    let (repl, _, console) = makeSUT(root: root)

    await repl.settle()

    XCTAssertEqual(console.screenDrawings, [false, true], "drawn, then drawn again over itself")
    XCTAssertEqual(console.output.first, "a notice")
    XCTAssertEqual(console.output.filter { $0.hasPrefix("body") }, ["body loading", "body loaded"])
  }

  func test_help_listsTheScreensCommandsThenTheGlobalOnes() async {
    let (repl, _, console) = makeSUT(root: TitledScreen("welcome", commands: ["greet"]))

    await repl.execute("help")

    XCTAssertEqual(
      console.output,
      [
        "On Welcome:", "  greet [TEXT]    Does greet", "Anywhere:",
        "  help [COMMAND]  List what you can do here (help COMMAND: how one is typed)",
        "  back            Go back to the previous screen",
        "  clear           Clear the terminal (nothing, when piped)",
        "  debug memory    Show which objects are alive and which were released", "  quit            Leave Wayfarer",
      ])
  }

  func test_debugMemory_printsTheLedger() async {
    let (repl, _, console) = makeSUT(root: TitledScreen("welcome"))

    await repl.execute("debug memory")
    await repl.execute("debug nothing")

    let header = console.output.first ?? ""
    XCTAssertTrue(header.hasPrefix("type ") && header.hasSuffix("  alive  released"), header)
    XCTAssertTrue(console.output.contains { $0.hasPrefix("TitledScreen ") })
    XCTAssertEqual(console.output.last, "! Unknown debug command. Try: debug memory")
  }

  /// Issue 21: at 40 columns the table ran to 42; it narrows its gaps,
  /// then cuts the longest names in the middle, a type a line.
  func test_theMemoryReport_fitsANarrowWidth() {
    let report = MemoryReport(rows: [
      .init(typeName: "RepositoryDetailViewModel", alive: 1, released: 12),
      .init(typeName: "AppCoordinator", alive: 1, released: 0),
    ])

    XCTAssertEqual(
      report.lines(fitting: 40).map(\.plainText),
      [
        "type                      alive released", "RepositoryDetailViewModel     1       12",
        "AppCoordinator                1        0",
      ])
    XCTAssertEqual(
      report.lines(fitting: 30).map(\.plainText),
      ["type            alive released", "Reposit…ewModel     1       12", "AppCoordinator      1        0"])
    XCTAssertEqual(
      report.lines.map(\.plainText).first, "type                       alive  released",
      "two columns apart when it fits")
  }

  func test_debugMemory_printsTheLedgerBoundWhenTheREPLWasMade() async {
    await withPrivateLedger { ledger in
      let (repl, _, console) = makeSUT(root: TitledScreen("welcome"))

      await repl.execute("debug memory")

      XCTAssertEqual(console.output, MemoryReport(rows: ledger.rows).lines.map(\.plainText))
      XCTAssertEqual(ledger.row(for: "TitledScreen"), .init(typeName: "TitledScreen", alive: 1, released: 0))
    }
  }

  func test_interrupt_cancelsTheRunningCommand() async {
    let root = SlowScreen()
    let (repl, _, console) = makeSUT(root: root)
    let running = Task { await repl.execute("wait") }
    while !root.started { await Task.yield() }

    repl.interrupt()
    await running.value

    XCTAssertTrue(root.sawCancellation)
    XCTAssertEqual(console.output, ["Cancelled."])
  }
}

@MainActor
final class SlowScreen: Screen {
  var started = false
  var sawCancellation = false

  init() { super.init(title: "Slow", pathComponent: "slow") }

  override var commands: [Command] {
    [
      Command(CommandSpec("wait", summary: "Waits until cancelled", action: ())) { _, _ in
        self.started = true
        while !Task.isCancelled { await Task.yield() }
        self.sawCancellation = true
      }
    ]
  }
}

final class LifetimeLedgerTests: XCTestCase {
  func test_countsAliveAndReleasedPerType() {
    final class Tracked {
      let lifetime: Lifetime
      init(_ ledger: LifetimeLedger) { lifetime = Lifetime(Tracked.self, ledger: ledger) }
    }
    let ledger = LifetimeLedger()
    var first: Tracked? = Tracked(ledger)
    let second = Tracked(ledger)
    XCTAssertEqual(ledger.rows, [.init(typeName: "Tracked", alive: 2, released: 0)])

    first = nil
    XCTAssertNil(first)
    XCTAssertEqual(ledger.row(for: "Tracked"), .init(typeName: "Tracked", alive: 1, released: 1))
    _ = second
  }

  func test_objectsMadeWhileALedgerIsBound_countThere_andAreReleasedThereLater() async {
    final class Tracked: Sendable {
      let lifetime = Lifetime(Tracked.self)
    }
    let ledger = LifetimeLedger()
    var madeInTheTest: Tracked?
    var madeByATask: Tracked?

    await LifetimeLedger.$current.withValue(ledger) {
      madeInTheTest = Tracked()
      madeByATask = await Task { Tracked() }.value
    }
    XCTAssertEqual(ledger.rows, [.init(typeName: "Tracked", alive: 2, released: 0)])
    XCTAssertTrue(LifetimeLedger.current === LifetimeLedger.shared, "unbound, objects count in the process's ledger")

    madeInTheTest = nil
    madeByATask = nil

    XCTAssertNil(madeInTheTest ?? madeByATask)
    XCTAssertEqual(ledger.rows, [.init(typeName: "Tracked", alive: 0, released: 2)])
  }
}
