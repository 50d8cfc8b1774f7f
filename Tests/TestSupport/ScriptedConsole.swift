import TerminalConsole
import TerminalText

/// A console fed from a script, as a pipe would feed the real one, recording
/// everything written as plain text.
@MainActor
public final class ScriptedConsole: Console {
  /// What was asked, in order: commands, answers and secrets alike.
  public enum Request: Equatable {
    case command(prompt: String)
    case answer(prompt: String)
    case secret(prompt: String)
  }

  public private(set) var input: [String]
  public private(set) var output: [String] = []
  public private(set) var requests: [Request] = []
  public private(set) var remembered: [String] = []
  public private(set) var historyPaths: [String?] = []
  public private(set) var statusUpdates = 0
  public var context: RenderContext
  public var onInterrupt: (@MainActor () -> Void)?

  public init(input: [String] = [], context: RenderContext = .plain) {
    self.input = input
    self.context = context
  }

  /// Adds lines to read, after those already queued.
  public func feed(_ lines: [String]) {
    input += lines
  }

  /// Everything written, one line each.
  public var transcript: String {
    output.joined(separator: "\n")
  }

  public func clearOutput() {
    output.removeAll()
  }

  public func write(_ lines: [StyledLine]) {
    output += lines.map(\.plainText)
    pendingPartial = ""
  }

  /// For each screen drawing, in order: whether it was asked as a redraw
  /// of the screen drawn last (in place, on a terminal).
  public private(set) var screenDrawings: [Bool] = []

  public func writeScreen(_ lines: [StyledLine], redrawing: Bool) {
    screenDrawings.append(redrawing)
    write(lines)
  }

  /// Whether a screen's drawing is kept for the REPL to write again while
  /// nothing it shows changed, as the console does off a terminal: on by
  /// default, so that every scripted session checks that a change is seen.
  public var keepsScreens = true
  /// How many drawings were made to be kept: fewer than
  /// ``screenDrawings`` when some were written again as they were kept.
  public private(set) var screensKept = 0

  public func keptScreen(_ lines: [StyledLine]) -> KeptScreen? {
    guard keepsScreens else { return nil }
    screensKept += 1
    return KeptScreen(lines: lines, text: "")
  }

  public func writeScreen(_ kept: KeptScreen, redrawing: Bool) {
    writeScreen(kept.lines, redrawing: redrawing)
  }

  /// Whether the clipboard can be written (OSC 52, on a terminal).
  public var copiesToClipboard = false
  /// What was put on the clipboard, in order.
  public private(set) var clipboard: [String] = []

  public func copyToClipboard(_ text: String) -> Bool {
    guard copiesToClipboard else { return false }
    clipboard.append(text)
    return true
  }

  /// What the editor gives back for each `editDraft`, in order (none left:
  /// no terminal to run one in).
  public var editedDrafts: [DraftEdit] = []

  public func editDraft(_ draft: String) async -> DraftEdit {
    editedDrafts.isEmpty ? .unavailable : editedDrafts.removeFirst()
  }

  /// Partial writes, in order, as written.
  public private(set) var partialOutput: [String] = []
  /// How many of ``partialOutput`` had been written when the console was
  /// last flushed (a real console's gathered writes go out then).
  public private(set) var partialOutputFlushed = 0

  public func flush() { partialOutputFlushed = partialOutput.count }

  public func writePartial(_ text: String, style: TextStyle) {
    partialOutput.append(text)
    pendingPartial += text
  }

  /// Whether `replacePartial` works, as on a terminal that moves its cursor.
  public var replacesPartialText = false
  /// What each replacement drew over (the partial text), and drew.
  public private(set) var replacements: [(replaced: String, lines: [String])] = []
  private var pendingPartial = ""

  public func replacePartial(with lines: [StyledLine]) -> Bool {
    guard replacesPartialText else { return false }
    replacements.append((pendingPartial, lines.map(\.plainText)))
    pendingPartial = ""
    return true
  }

  public func readLine(prompt: String) async -> String? {
    requests.append(.answer(prompt: prompt))
    return next()
  }

  public func readSecret(prompt: String) async -> String? {
    requests.append(.secret(prompt: prompt))
    return next()
  }

  public func setStatus(_ line: StyledLine?) {
    statusUpdates += 1
  }

  /// The completions offered with each command prompt, in order.
  public private(set) var completionTables: [CompletionTable] = []

  /// The history each command prompt went through, in order.
  public private(set) var commandHistories: [LineHistory] = []
  /// Lines kept in the questions' history (``remembered`` holds the commands').
  public private(set) var rememberedQuestions: [String] = []
  public private(set) var questionHistoryPaths: [String?] = []

  /// Completes as a terminal does, so tests see each prompt's table; false,
  /// reads as from a pipe, which needs no table.
  public var completes = true

  /// Runs while a command line is awaited, as another process may.
  public var whileAwaitingCommand: (@MainActor () -> Void)?

  public func readCommand(prompt: String, completions: CompletionTable, history: LineHistory) async -> String? {
    whileAwaitingCommand?()
    requests.append(.command(prompt: prompt))
    completionTables.append(completions)
    commandHistories.append(history)
    return next()
  }

  public func remember(_ line: String, in history: LineHistory) {
    switch history {
    case .commands: remembered.append(line)
    case .questions: rememberedQuestions.append(line)
    }
  }

  public func useHistory(at path: String?, for history: LineHistory) {
    switch history {
    case .commands: historyPaths.append(path)
    case .questions: questionHistoryPaths.append(path)
    }
  }

  private func next() -> String? {
    input.isEmpty ? nil : input.removeFirst()
  }
}
