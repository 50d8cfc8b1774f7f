import TerminalText

/// The terminal as screens and the REPL see it: write lines, ask for input.
@MainActor
public protocol Console: AnyObject {
  var context: RenderContext { get }

  func write(_ lines: [StyledLine])

  /// Writes `lines` as they are, not broken at the terminal's width: data
  /// meant to be copied (an export's JSON), where a break would change it.
  func writeUnfitted(_ lines: [StyledLine])

  /// Writes a screen's drawing. `redrawing` says it is the screen drawn
  /// last, drawn again (its data arrived). On a terminal that can move its
  /// cursor, when nothing was written or read since that drawing, the lines
  /// that changed are drawn over the old ones in place, so the screen is in
  /// the scrollback once; anywhere else the drawing goes below, as
  /// ``write(_:)`` writes.
  func writeScreen(_ lines: [StyledLine], redrawing: Bool)

  /// A screen's drawing made ready to write, to be written again as it is
  /// by ``writeScreen(_:redrawing:)-(KeptScreen,_)`` while nothing it shows
  /// changed; nil where a drawing is not written as it is (a terminal that
  /// moves its cursor redraws in place) or is not worth keeping.
  func keptScreen(_ lines: [StyledLine]) -> KeptScreen?

  /// Writes a drawing made by ``keptScreen(_:)``, as
  /// ``writeScreen(_:redrawing:)-([StyledLine],_)`` would write its lines.
  func writeScreen(_ kept: KeptScreen, redrawing: Bool)

  /// Writes what `render` draws now, and on a terminal draws it again,
  /// below, at the new size when the terminal is resized while it is the
  /// last thing written (a map under the prompt).
  func writeResizable(_ render: @escaping @MainActor (RenderContext) -> [StyledLine])

  /// Writes `text` at once without ending the line: a reply as it streams
  /// in, to be drawn over by ``replacePartial(with:)``. Line breaks in it
  /// are kept; anything else is sanitised as every span is (use
  /// ``StreamSanitizer`` first, so that a sequence split between two pieces
  /// is removed whole).
  ///
  /// On a terminal that moves its cursor, the text is broken where the
  /// terminal would wrap it, and while it is taller than the window only
  /// its last rows are shown: text to be kept as it is goes through
  /// ``writeUnfitted(_:)``.
  func writePartial(_ text: String, style: TextStyle)

  /// Asks for one answer (a form field). `nil` when the person pressed
  /// Ctrl-C or input ended: the form is cancelled.
  func readLine(prompt: String) async -> String?

  /// Like ``readLine(prompt:)``, but the answer is never echoed and never
  /// enters history.
  func readSecret(prompt: String) async -> String?

  /// Shows a transient line (a spinner) on a terminal; `nil` clears it.
  /// Does nothing when output is not a terminal.
  func setStatus(_ line: StyledLine?)

  /// Reads the next command line, Up and Down going through `history`.
  /// `nil` at end of input (Ctrl-D). Ctrl-C while typing clears the line
  /// and asks again.
  func readCommand(prompt: String, completions: CompletionTable, history: LineHistory) async -> String?

  /// Whether a line is read with Tab completion: only then is the table
  /// of completions worth building for each prompt.
  var completes: Bool { get }

  /// Whether the prompt passed to ``readCommand(prompt:completions:history:)``
  /// is shown: a line read from a pipe shows none, and its prompt (the
  /// stack's path) is not made.
  var showsPrompt: Bool { get }

  /// Adds a line to `history`.
  func remember(_ line: String, in history: LineHistory)

  /// Switches `history` to the file at `path` (per user), or to none.
  func useHistory(at path: String?, for history: LineHistory)

  /// Called on the main actor when Ctrl-C arrives while no line is being read.
  var onInterrupt: (@MainActor () -> Void)? { get set }

  /// Whether output can no longer be written (a full disk, a closed pipe):
  /// the REPL stops rather than go on writing into nothing.
  var isOutputBroken: Bool { get }

  /// Whether a line or an answer is being read now.
  var isWaitingForInput: Bool { get }

  /// Draws `lines` in place of what ``writePartial(_:style:)`` wrote since
  /// the last line written any other way (or the last replacement): a
  /// streamed block of Markdown, rendered once it is complete. False when
  /// it cannot (not a terminal that moves its cursor, something else
  /// written since): what was written then stays.
  func replacePartial(with lines: [StyledLine]) -> Bool

  /// Writes out what was gathered so far: called before work that may wait
  /// (a command, a request), so what it answered is seen while it waits.
  func flush()

  /// Clears the terminal and its scrollback (`clear`); false where the
  /// cursor cannot move (a pipe, TERM=dumb), which keeps what was written.
  func clearScreen() -> Bool

  /// Puts `text` on the terminal's clipboard with OSC 52 (`ESC ] 52 ; c ;
  /// BASE64 BEL`; tmux takes it itself with `set-clipboard on`); false
  /// where there is no terminal to ask (a pipe, TERM=dumb).
  func copyToClipboard(_ text: String) -> Bool

  /// Opens the person's editor on `draft` and returns what was saved
  /// (``DraftEdit/unavailable`` off a terminal).
  func editDraft(_ draft: String) async -> DraftEdit

  /// Shows `lines` through the pager when they do not fit the terminal.
  /// False when they were not shown (not a terminal, short enough, no
  /// pager): the caller then draws them as usual.
  func page(_ lines: [StyledLine]) async -> Bool
}

/// The two histories a person has: the commands typed at prompts, and
/// what was typed on a screen of free text (questions to the assistant).
///
/// Neither is ever mixed into the other.
public enum LineHistory: Sendable, Hashable, CaseIterable {
  case commands
  case questions
}

extension Console {
  /// Reads a command line with the commands' history.
  public func readCommand(prompt: String, completions: CompletionTable) async -> String? {
    await readCommand(prompt: prompt, completions: completions, history: .commands)
  }

  /// Adds a command line to the commands' history.
  public func remember(_ line: String) {
    remember(line, in: .commands)
  }

  public func flush() {}
  public var isOutputBroken: Bool { false }
  public var isWaitingForInput: Bool { false }
  public var completes: Bool { context.capabilities.inputIsTerminal }
  public var showsPrompt: Bool { true }
  public func page(_ lines: [StyledLine]) async -> Bool { false }
  public func clearScreen() -> Bool { false }
  public func copyToClipboard(_ text: String) -> Bool { false }
  public func editDraft(_ draft: String) async -> DraftEdit { .unavailable }
  public func replacePartial(with lines: [StyledLine]) -> Bool { false }

  public func writeScreen(_ lines: [StyledLine], redrawing: Bool) {
    write(lines)
  }

  public func keptScreen(_ lines: [StyledLine]) -> KeptScreen? { nil }

  public func writeScreen(_ kept: KeptScreen, redrawing: Bool) {
    writeScreen(kept.lines, redrawing: redrawing)
  }

  public func writeUnfitted(_ lines: [StyledLine]) {
    write(lines)
  }

  public func writeResizable(_ render: @escaping @MainActor (RenderContext) -> [StyledLine]) {
    write(render(context))
  }

  public func write(_ line: StyledLine) {
    write([line])
  }
}

/// What became of a draft opened in the person's editor.
public enum DraftEdit: Sendable, Equatable {
  /// Saved with text in it (trimmed).
  case saved(String)
  /// Saved empty: nothing to send.
  case empty
  /// The editor exited with this status (nil: a signal ended it).
  case failed(status: Int32?)
  /// The editor could not be started, or the draft file made.
  case couldNotStart
  /// No terminal to run an editor in.
  case unavailable
}

/// Words that Tab completion offers: command names, then per command the
/// candidates for its first argument.
///
/// A value, so the reader thread can use
/// it while the main actor goes on.
public struct CompletionTable: Sendable, Equatable {
  public var commands: [String]
  public var arguments: [String: [String]]

  public init(commands: [String] = [], arguments: [String: [String]] = [:]) {
    self.commands = commands
    self.arguments = arguments
  }

  /// Candidates for the word being typed, given the words before it, in
  /// ``ordered(_:)`` order.
  public func candidates(before words: [String], prefix: String) -> [String] {
    let pool: [String]
    switch words.count {
    case 0: pool = commands
    case 1: pool = arguments[words[0].lowercased()] ?? []
    default: pool = []
    }
    return Self.ordered(Array(Set(pool.filter { $0.hasPrefix(prefix) })))
  }

  /// Numbers first, in numeric order (`1 2 … 10`, not `1 10 2`), then
  /// words in alphabetical order.
  public static func ordered(_ words: [String]) -> [String] {
    words.sorted { left, right in
      switch (Int(left), Int(right)) {
      case (let left?, let right?): left < right
      case (.some, nil): true
      case (nil, .some): false
      case (nil, nil): left < right
      }
    }
  }

  /// The longest text every candidate starts with.
  package static func commonPrefix(of candidates: [String]) -> String {
    guard var prefix = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}
