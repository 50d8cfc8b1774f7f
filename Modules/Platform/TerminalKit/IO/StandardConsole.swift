import Dispatch
import Foundation
import TerminalConsole
import TerminalText

/// The real console: standard output, and standard input read on its own
/// thread through libedit on a terminal or plainly from a pipe.
@MainActor
public final class StandardConsole: Console {
  private let capabilities: TerminalCapabilities
  private let fallbackColumns: Int?
  private let renderer: TextRenderer
  private let source: any LineSource
  /// The source when standard input is a pipe or a file: its lines are
  /// taken here, a block read at a time, with no thread hop per line.
  private let piped: PlainLineSource?
  private let relay = InterruptRelay()
  private let reader: ReaderThread
  /// Whether a status line (a spinner) is on the terminal's current line.
  private var isShowingStatus = false
  /// The last screen drawn, while it is still the last thing on the
  /// terminal: what a redraw in place moves the cursor up over.
  private var lastScreen: DrawnScreen?
  /// What was written last, when it depends on the terminal's size.
  private var lastResizable: (@MainActor (RenderContext) -> [StyledLine])?
  /// What `writePartial` wrote since the last line written another way.
  ///
  /// What `replacePartial` moves the cursor up over, on a terminal that
  /// moves its cursor. Nil: the next partial text starts a line.
  private var partialRegion: PartialRegion?
  /// The terminal's size as `writePartial` last asked it, kept while its
  /// writes are gathered (until the next flush).
  private var gatheredSize: (columns: Int?, rows: Int?)?

  /// `fallbackColumns` is the width off a terminal (COLUMNS, checked at launch).
  public init(capabilities: TerminalCapabilities, fallbackColumns: Int?) {
    self.capabilities = capabilities
    self.fallbackColumns = fallbackColumns
    renderer = TextRenderer(capabilities: capabilities)
    let source = Self.makeSource(capabilities: capabilities)
    self.source = source
    piped = source as? PlainLineSource
    // Off a terminal what is written goes out in one write per wait, not
    // one per line or screen; on one, each write goes out at once.
    StandardOutput.isBuffered = !capabilities.outputIsTerminal
    reader = ReaderThread(onInterrupt: relay.forwardFromAnyThread)
    (source as? EditLineSource)?.onResize = { [weak self] in
      // The reader waits while the main actor redraws, then prompts again.
      let redrawn = DispatchSemaphore(value: 0)
      Task { @MainActor in
        self?.redrawAfterResize()
        redrawn.signal()
      }
      redrawn.wait()
    }
  }

  /// Clears the prompt line a resize interrupted, and draws the last
  /// resizable output again there, at the terminal's new size.
  private func redrawAfterResize() {
    guard capabilities.movesCursor else { return }
    StandardOutput.write("\r\u{1B}[K" + (lastResizable.map { renderer.render(fitted($0(context))) } ?? ""))
  }

  public func writeResizable(_ render: @escaping @MainActor (RenderContext) -> [StyledLine]) {
    write(render(context))
    lastResizable = render
  }

  private static func makeSource(capabilities: TerminalCapabilities) -> any LineSource {
    if capabilities.inputIsTerminal, let editLine = EditLineSource(bracketsPastes: !capabilities.isDumb) {
      return editLine
    }
    return PlainLineSource()
  }

  /// The pager long text goes through on a terminal (PAGER, checked at
  /// launch); nil or empty: none.
  public var pager: [String]?

  /// The editor `/edit` opens (VISUAL, else EDITOR, else vi; checked at
  /// launch).
  public var editor: [String] = ["vi"]

  public func editDraft(_ draft: String) async -> DraftEdit {
    guard capabilities.inputIsTerminal, capabilities.outputIsTerminal else { return .unavailable }
    // A Ctrl-C in the editor is the editor's: it cancels nothing here.
    let interrupted = onInterrupt
    onInterrupt = nil
    defer { onInterrupt = interrupted }
    return await DraftEditor.edit(draft, command: editor)
  }

  public func page(_ lines: [StyledLine]) async -> Bool {
    guard capabilities.outputIsTerminal, capabilities.inputIsTerminal, !capabilities.isDumb, let pager, !pager.isEmpty,
      lines.count > TerminalCapabilities.currentHeight() - 3
    else { return false }
    // A Ctrl-C in the pager is the pager's: it cancels nothing here.
    let interrupted = onInterrupt
    onInterrupt = nil
    defer { onInterrupt = interrupted }
    return await Pager.show(renderer.render(lines), command: pager)
  }

  public var context: RenderContext {
    RenderContext(
      width: width, height: capabilities.outputIsTerminal ? TerminalCapabilities.currentHeight() : nil,
      capabilities: capabilities)
  }

  /// Columns now: asked of the terminal, or off one the fallback, with no
  /// system call.
  private var width: Int {
    capabilities.outputIsTerminal
      ? TerminalCapabilities.currentWidth(fallback: fallbackColumns) : fallbackColumns ?? 80
  }

  public var onInterrupt: (@MainActor () -> Void)? {
    get { relay.handler }
    set { relay.handler = newValue }
  }

  public func write(_ lines: [StyledLine]) {
    writeUnfitted(fitted(lines))
  }

  public func writeUnfitted(_ lines: [StyledLine]) {
    lastScreen = nil
    lastResizable = nil
    partialRegion = nil
    StandardOutput.write(clearingStatus() + renderer.render(lines))
  }

  /// On a terminal, lines wider than it are broken at spaces here, rather
  /// than mid-word by the terminal.
  ///
  /// Off one, only sentences are, at the transcript's width: a screen lays
  /// itself out for a transcript, and a table or a drawing stays whole.
  private func fitted(_ lines: [StyledLine]) -> [StyledLine] {
    guard capabilities.outputIsTerminal else {
      let width = min(self.width, RenderContext.transcriptWidth)
      // A help row (it says where it goes on) wraps as a sentence does. A
      // loop: most lines are kept as they are, with no array of their own.
      var fitted: [StyledLine] = []
      fitted.reserveCapacity(lines.count)
      for line in lines {
        if line.isSentence || line.continuationIndent != nil {
          fitted += line.wrapped(to: width)
        } else {
          fitted.append(line)
        }
      }
      return fitted
    }
    let width = self.width
    return lines.flatMap { $0.wrapped(to: width) }
  }

  public func writeScreen(_ lines: [StyledLine], redrawing: Bool) {
    let lines = fitted(lines)
    lastResizable = nil
    partialRegion = nil
    // Only a terminal that moves its cursor redraws in place: elsewhere the
    // drawing is not measured and kept.
    guard capabilities.movesCursor else {
      lastScreen = nil
      return StandardOutput.write(clearingStatus() + renderer.render(lines))
    }
    let drawn = DrawnScreen(lines: lines, width: width)
    defer { lastScreen = drawn }
    guard redrawing, let last = lastScreen,
      let change = last.change(to: drawn, height: TerminalCapabilities.currentHeight())
    else {
      StandardOutput.write(clearingStatus() + renderer.render(lines))
      return
    }
    // Up over the rows that changed (the cursor is at the start of the row
    // below the drawing), clear from there down, draw the new rows.
    let up = change.rowsToReplace > 0 ? "\u{1B}[\(change.rowsToReplace)A" : ""
    isShowingStatus = false
    StandardOutput.write("\r\u{1B}[K" + up + "\r\u{1B}[J" + renderer.render(Array(lines[change.firstChangedLine...])))
  }

  /// Off a terminal that moves its cursor, the text ``writeScreen(_:redrawing:)-([StyledLine],_)``
  /// would write; on one, nil: a drawing there is measured and may be
  /// redrawn in place.
  public func keptScreen(_ lines: [StyledLine]) -> KeptScreen? {
    guard !capabilities.movesCursor else { return nil }
    return KeptScreen(lines: [], text: renderer.render(fitted(lines)))
  }

  public func writeScreen(_ kept: KeptScreen, redrawing: Bool) {
    lastResizable = nil
    partialRegion = nil
    lastScreen = nil
    StandardOutput.write(clearingStatus() + kept.text)
  }

  public var isOutputBroken: Bool { StandardOutput.failure != nil }

  public func flush() {
    StandardOutput.flush()
  }

  public func writePartial(_ text: String, style: TextStyle) {
    lastScreen = nil
    lastResizable = nil
    guard capabilities.movesCursor else {
      let pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      return StandardOutput.write(clearingStatus() + rendered(pieces, style: style))
    }
    // The pieces that arrive together go out in one write, and the
    // terminal is asked its columns and rows once for them: they were one
    // write and one ioctl a token (strace).
    let size: (columns: Int?, rows: Int?)
    if StandardOutput.gatherUntilFlush(), let held = gatheredSize {
      size = held
    } else {
      size = TerminalCapabilities.currentSize()
      gatheredSize = size
    }
    let width = capabilities.outputIsTerminal ? size.columns ?? fallbackColumns ?? 80 : fallbackColumns ?? 80
    var region = partialRegion ?? PartialRegion()
    // The region alone holds its lines while they grow: one held here too
    // copied the line's text at every token (callgrind).
    partialRegion = nil
    let rowsBefore = region.rows(at: width)
    // A piece that fits on the cursor's row (most of a streamed reply) is
    // its one line, rendered as it is: no array of lines made for it.
    let onRow = region.appendOnRow(text, columns: width)
    let lines = onRow ? [] : region.appendAcrossRows(text, columns: width)
    // Taller than the window: its last rows drawn again where it starts,
    // before any of it scrolls away.
    let kept = region.keepingLastRows(max((size.rows ?? 24) - 1, 1), columns: width)
    partialRegion = region
    guard let kept else {
      let output = onRow ? renderer.render(text, style: style) : rendered(lines, style: style)
      // No status line to clear (nearly always): the piece is not appended
      // to an empty string, about 75 instructions a token (callgrind).
      let clearing = clearingStatus()
      return StandardOutput.write(clearing.isEmpty ? output : clearing + output)
    }
    StandardOutput.write(clearingStatus() + Self.up(over: rowsBefore) + rendered(kept, style: style))
  }

  /// `lines` rendered in `style`, joined by line breaks.
  ///
  /// A streamed reply comes here once a token, most often with one line.
  private func rendered(_ lines: [String], style: TextStyle) -> String {
    // One line: the renderer's string, not appended to an empty one.
    if lines.count == 1 { return renderer.render(lines[0], style: style) }
    var output = ""
    for (index, line) in lines.enumerated() {
      if index > 0 { output += "\n" }
      output += renderer.render(line, style: style)
    }
    return output
  }

  public func replacePartial(with lines: [StyledLine]) -> Bool {
    guard capabilities.movesCursor, let region = partialRegion else { return false }
    // A resize (SIGWINCH) is seen only here, the next time the width is
    // asked: the region's rows are counted at the width now.
    let width = self.width
    isShowingStatus = false
    StandardOutput.write(Self.up(over: region.rows(at: width)) + renderer.render(fitted(lines)))
    partialRegion = PartialRegion()
    return true
  }

  /// The most rows partial text keeps on the terminal: all but its top
  /// row, so that it is never cleared from the top-left corner, which a
  /// terminal may take as clearing the screen and keep what was there in
  /// its scrollback (tmux's `scroll-on-clear`).
  private static func partialRowsLimit() -> Int {
    max(TerminalCapabilities.currentHeight() - 1, 1)
  }

  /// The bytes that take the cursor, on the last of `rows` rows, to the
  /// start of the first and clear from there down: at most the rows the
  /// partial text may keep (a window made lower may have pushed the rest
  /// into the scrollback, out of reach).
  private static func up(over rows: Int) -> String {
    let rows = min(rows, partialRowsLimit())
    return "\r" + (rows > 1 ? "\u{1B}[\(rows - 1)A" : "") + "\u{1B}[J"
  }

  public func clearScreen() -> Bool {
    guard capabilities.movesCursor else { return false }
    lastScreen = nil
    lastResizable = nil
    partialRegion = nil
    // Home, erase the screen, erase the scrollback (as `clear` does).
    StandardOutput.write("\u{1B}[H\u{1B}[2J\u{1B}[3J")
    return true
  }

  public func copyToClipboard(_ text: String) -> Bool {
    guard capabilities.movesCursor else { return false }
    // Written as it is: a terminal that does not know OSC 52 ignores it.
    StandardOutput.write(clearingStatus() + "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
    return true
  }

  public func setStatus(_ line: StyledLine?) {
    // Work that waits starts with a status: what was written goes out first.
    StandardOutput.flush()
    // A status line is redrawn with `\r` and erased with `ESC [ K`, which a
    // dumb terminal would print as they are.
    guard capabilities.movesCursor else { return }
    isShowingStatus = line != nil
    // One row, short of the last column: a spinner wider than a narrow
    // window wrapped, and its first rows stayed in the transcript.
    StandardOutput.write(renderer.statusLine(line?.truncated(to: max(width - 1, 1))))
  }

  /// The bytes that clear a status line first, if one is showing: nothing
  /// is ever written after a spinner on its line.
  private func clearingStatus() -> String {
    guard isShowingStatus else { return "" }
    isShowingStatus = false
    return renderer.statusLine(nil)
  }

  public private(set) var isWaitingForInput = false

  public var showsPrompt: Bool { piped == nil }

  public func readCommand(prompt: String, completions: CompletionTable, history: LineHistory) async -> String? {
    if let piped { return await nextPipedLine(piped).map(PlainLineSource.command) }
    let source = source
    return await read { source.readCommand(prompt: prompt, completions: completions, history: history, on: $0) }
  }

  public func readLine(prompt: String) async -> String? {
    if let piped { return await nextPipedLine(piped) }
    let source = source
    return await read { source.readAnswer(prompt: prompt, isSecret: false, on: $0) }
  }

  public func readSecret(prompt: String) async -> String? {
    if let piped { return await nextPipedLine(piped) }
    let source = source
    return await read { source.readAnswer(prompt: prompt, isSecret: true, on: $0) }
  }

  /// Runs `job` (a read) on the reader thread, the console marked as waiting.
  private func read(_ job: @escaping @Sendable (ReaderThread) -> String?) async -> String? {
    prepareToRead()
    // Whatever a streamed reply gathered goes out before a person is asked
    // for a line, whichever path wrote it.
    StandardOutput.flush()
    isWaitingForInput = true
    defer { isWaitingForInput = false }
    return await reader.perform(job)
  }

  /// The next piped line: taken from the block already read when it holds
  /// one, else after reading another block on the reader thread (what was
  /// written goes out first: the reader of the output may be waiting).
  private func nextPipedLine(_ piped: PlainLineSource) async -> String? {
    prepareToRead()
    while true {
      if let line = piped.takeLine() { return line }
      if piped.isExhausted { return nil }
      StandardOutput.flush()
      isWaitingForInput = true
      await reader.perform { piped.fill(on: $0) }
      isWaitingForInput = false
    }
  }

  /// A prompt and what is typed go below the last screen: it can no longer
  /// be redrawn in place.
  private func prepareToRead() {
    lastScreen = nil
    partialRegion = nil
    let clear = clearingStatus()
    if !clear.isEmpty { StandardOutput.write(clear) }
  }

  // A pipe keeps no history: nothing is sent to the reader thread for it.

  public func remember(_ line: String, in history: LineHistory) {
    guard source.keepsHistory else { return }
    let source = source
    reader.enqueue { _ in source.remember(line, in: history) }
  }

  public func useHistory(at path: String?, for history: LineHistory) {
    guard source.keepsHistory else { return }
    let source = source
    reader.enqueue { _ in source.useHistory(at: path, for: history) }
  }
}

/// A screen as drawn: its lines, and how many terminal rows each took at
/// the width it was drawn at (a line wider than the terminal wraps).
struct DrawnScreen: Equatable {
  let lines: [StyledLine]
  let rows: [Int]
  let width: Int

  init(lines: [StyledLine], width: Int) {
    self.lines = lines
    self.width = max(width, 1)
    rows = lines.map { line in max(1, (line.displayWidth + max(width, 1) - 1) / max(width, 1)) }
  }

  /// What redrawing `new` over this drawing in place takes: from which
  /// line they differ and how many rows up that line starts.
  ///
  /// Nil when it
  /// cannot be done in place: the width changed (the old rows wrapped
  /// differently), or the rows to replace reach above the top of the
  /// terminal (`height` rows, one of them the cursor's), into the
  /// scrollback, where the cursor cannot go.
  func change(to new: DrawnScreen, height: Int?) -> (firstChangedLine: Int, rowsToReplace: Int)? {
    guard new.width == width, let height else { return nil }
    var common = 0
    while common < lines.count, common < new.lines.count, lines[common] == new.lines[common] {
      common += 1
    }
    let rowsToReplace = rows[common...].reduce(0, +)
    guard rowsToReplace <= height - 1 else { return nil }
    return (common, rowsToReplace)
  }
}

/// Carries Ctrl-C from the reader thread to whoever listens on the main actor.
@MainActor
final class InterruptRelay {
  var handler: (@MainActor () -> Void)?

  nonisolated var forwardFromAnyThread: @Sendable () -> Void {
    { Task { @MainActor in self.handler?() } }
  }
}
