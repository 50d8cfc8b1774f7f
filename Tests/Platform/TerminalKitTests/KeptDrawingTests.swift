import Commands
import TestSupport
import XCTest

@testable import TerminalConsole
@testable import TerminalNavigation
@testable import TerminalREPL
@testable import TerminalText

/// What a kept screen shows: a text that a command on another tab may
/// change, as saving a bookmark in Explore changes Bookmarks' list.
@MainActor
private final class Note {
  var text = "first"
  /// Whether the third tab is shown, as a setting may hide Bookmarks.
  var showsThird = true
  private(set) var revision = DrawingRevision.next()

  func change(to text: String) {
    self.text = text
    revision = .next()
  }
}

@MainActor
private final class NoteScreen: Screen {
  let note: Note
  let hasKey: Bool
  var bodies = 0

  init(_ note: Note, hasKey: Bool = true) {
    self.note = note
    self.hasKey = hasKey
    super.init(title: "Note", pathComponent: "note")
  }

  override var drawingKey: (any Equatable)? { hasKey ? note.revision : nil }

  override func body(in context: RenderContext) -> [StyledLine] {
    bodies += 1
    return ["note: \(note.text) at \(context.width)"]
  }
}

/// Draws the path and the tabs shown, and says so in its key.
@MainActor
private struct KeyedChrome: WindowChrome {
  func header(for window: Window, in context: RenderContext) -> [StyledLine] {
    [StyledLine(key(for: window))]
  }

  func headerKey(for window: Window, in context: RenderContext) -> (any Equatable)? {
    key(for: window)
  }

  private func key(for window: Window) -> String {
    "== \(window.path) (\((window.tabBar?.shownTabNames ?? []).joined(separator: " "))) =="
  }
}

@MainActor
final class KeptDrawingTests: XCTestCase {
  /// Two tabs: the note's, and one whose commands change the note
  /// (`change TEXT`) or the console's width (`narrow`).
  private func makeSUT(
    note: Note, hasKey: Bool = true, chrome: any WindowChrome = KeyedChrome(), file: StaticString = #filePath,
    line: UInt = #line
  ) -> (REPL, NoteScreen, ScriptedConsole) {
    let screen = NoteScreen(note, hasKey: hasKey)
    let console = ScriptedConsole()
    let other = TitledScreen("other", commands: [])
    let changer = ChangingScreen(note: note, console: console)
    let window = Window()
    changer.window = window
    window.setRoot(
      .tabs(
        TabBarController(tabs: [
          .init(name: "note", title: "Note", stack: NavigationStack(root: screen)),
          .init(name: "other", title: "Other", stack: NavigationStack(root: changer)),
          .init(name: "third", title: "Third", stack: NavigationStack(root: other), isShown: { note.showsThird }),
        ])))
    let repl = REPL(window: window, console: console, chrome: chrome)
    for object in [window, console, repl, screen, changer, other] as [AnyObject] {
      trackForMemoryLeaks(object, file: file, line: line)
    }
    return (repl, screen, console)
  }

  /// Changes the note, or the console's width, from another tab.
  @MainActor
  private final class ChangingScreen: Screen {
    let note: Note
    weak var console: ScriptedConsole?
    weak var window: Window?

    init(note: Note, console: ScriptedConsole) {
      self.note = note
      self.console = console
      super.init(title: "Other", pathComponent: "other")
    }

    override var commands: [Command] {
      [
        Command(CommandSpec("change", Parameter("TEXT", .text, meaning: ""), summary: "") { $0.line.words }) {
          words, _ in self.note.change(to: words.joined(separator: " "))
        },
        Command(CommandSpec("narrow", summary: "", action: ())) { _, _ in self.console?.context.width = 40 },
        Command(CommandSpec("hide", summary: "", action: ())) { _, _ in self.note.showsThird = false },
        // A logout: the window gets a new root, the tabs go.
        Command(CommandSpec("leave", summary: "", action: ())) { _, _ in
          self.window?.setRoot(.stack(NavigationStack(root: TitledScreen("login", commands: []))))
        },
      ]
    }
  }

  private func notes(in console: ScriptedConsole) -> [String] {
    console.output.filter { $0.hasPrefix("note:") }
  }

  func test_aScreenShownAgainUnchanged_isWrittenAsKept_notDrawnAgain() async {
    let (repl, screen, console) = makeSUT(note: Note())
    console.feed(["other", "note", "other", "note"])

    await repl.run()

    XCTAssertEqual(notes(in: console), Array(repeating: "note: first at 80", count: 3))
    XCTAssertEqual(screen.bodies, 1, "drawn once, then written as kept")
  }

  func test_aChangeMadeWhileTheScreenWasHidden_isDrawn() async {
    let (repl, screen, console) = makeSUT(note: Note())
    console.feed(["other", "note", "other", "change second", "note", "other", "note"])

    await repl.run()

    XCTAssertEqual(
      notes(in: console), ["note: first at 80", "note: first at 80", "note: second at 80", "note: second at 80"])
    XCTAssertEqual(screen.bodies, 2)
  }

  func test_aNewWidth_drawsTheScreenAgain() async {
    let (repl, _, console) = makeSUT(note: Note())
    console.feed(["other", "narrow", "note"])

    await repl.run()

    XCTAssertEqual(notes(in: console), ["note: first at 80", "note: first at 40"])
  }

  func test_aNewHeader_drawsTheScreenAgain() async {
    let (repl, screen, console) = makeSUT(note: Note())
    console.feed(["other", "hide", "note"])

    await repl.run()

    XCTAssertEqual(
      console.output.filter { $0.hasPrefix("== note") },
      ["== note (note other third) ==", "== note (note other) =="])
    XCTAssertEqual(screen.bodies, 2)
  }

  func test_withoutAScreenKey_orAHeaderKey_eachShowingDrawsAnew() async {
    for (hasKey, chrome) in [(false, KeyedChrome()), (true, PlainChrome())] as [(Bool, any WindowChrome)] {
      let (repl, screen, console) = makeSUT(note: Note(), hasKey: hasKey, chrome: chrome)
      console.feed(["other", "note", "other", "note"])

      await repl.run()

      XCTAssertEqual(screen.bodies, 3)
      XCTAssertEqual(console.screensKept, 0)
    }
  }

  func test_aKeptDrawing_keepsNoScreenAlive() async {
    weak var released: NoteScreen?
    do {
      let (repl, screen, console) = makeSUT(note: Note())
      released = screen
      console.feed(["other", "note"])
      await repl.run()
    }
    XCTAssertNil(released)
  }

  func test_aNewRoot_dropsWhatWasKept() async {
    let (repl, _, console) = makeSUT(note: Note())
    console.feed(["other", "note", "other", "leave"])

    await repl.run()

    XCTAssertEqual(notes(in: console).count, 2)
    XCTAssertTrue(repl.keptScreens.isEmpty, "a logged-out flow's drawings are not kept")
  }
}
