internal import CEditLine
import Storage
import TerminalConsole
import TerminalText

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines on a terminal through libedit: editing, history, completion.
///
/// Signals stay ours (`EL_SIGNAL` off): a Ctrl-C makes `el_gets` return with
/// EINTR and the reader decides what it meant; a resize is applied with
/// `el_resize` before the next line, never inside a signal handler.
final class EditLineSource: LineSource, @unchecked Sendable {
  static let historySize: Int32 = 1000

  // Confined to the reader thread after init.
  private let editLine: OpaquePointer
  /// The commands' history and the questions': each line goes to one, and
  /// Up and Down go through the one of the prompt being read.
  private let histories: [LineHistory: OpaquePointer]
  /// The history attached now.
  private var history: OpaquePointer
  /// Attached while a form field is read: always empty, so Up and Down
  /// there cannot bring back a command.
  private let noHistory: OpaquePointer
  private var prompt: UnsafeMutablePointer<CChar>?
  private var completions = CompletionTable()
  private var tab = TabCompletion()
  /// Called on the reader thread when the terminal changed size while a
  /// command line was being read; returns once the console has redrawn
  /// what follows the size.
  ///
  /// Set once, before the first read.
  var onResize: (@Sendable () -> Void)?
  private var isReadingCommand = false
  /// Whether the line being read takes a paste of several lines as one
  /// (a question), with the terminal's bracketed paste mode on.
  private var takesPastes = false
  /// Whether the terminal is asked for bracketed pastes at all: not on
  /// TERM=dumb, which understands no escape codes (readline leaves the mode
  /// off there too).
  private let bracketsPastes: Bool
  private var historyPaths: [LineHistory: String] = [:]

  init?(bracketsPastes: Bool) {
    self.bracketsPastes = bracketsPastes
    guard let editLine = wf_el_open("wayfarer") else { return nil }
    guard let commands = wf_history_open(), let questions = wf_history_open(), let noHistory = wf_history_open()
    else {
      wf_el_close(editLine)
      return nil
    }
    self.editLine = editLine
    histories = [.commands: commands, .questions: questions]
    history = commands
    self.noHistory = noHistory
    for history in [commands, questions] {
      _ = wf_history_set_size(history, Self.historySize)
      _ = wf_history_set_unique(history, 1)
    }
    _ = wf_el_set_editor(editLine, "emacs")
    _ = wf_el_set_signal(editLine, 0)
    _ = wf_el_set_history(editLine, history)
    // The source lives as long as the process; libedit keeps an unretained pointer.
    _ = wf_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    _ = wf_el_set_prompt(editLine, editLinePrompt)
    _ = wf_el_add_function(editLine, "wayfarer-complete", "Complete a command or argument", editLineComplete)
    _ = wf_el_bind_key(editLine, "^I", "wayfarer-complete")
    // A bracketed paste (turned on for questions) is read whole, newlines
    // kept: one question, not one per line.
    _ = wf_el_add_function(editLine, "wayfarer-paste", "Insert a bracketed paste whole", editLinePaste)
    _ = wf_el_bind_key(editLine, "\\e[200~", "wayfarer-paste")
    _ = wf_el_source_default(editLine)
    // Between lines nothing is echoed: what is typed while a command runs
    // (type-ahead) waits in the terminal's buffer and appears at the next
    // prompt, instead of being printed into a spinner's line.
    _ = wf_terminal_set_echo(0)
  }

  deinit {
    wf_el_close(editLine)
    for history in histories.values { wf_history_close(history) }
    wf_history_close(noHistory)
    free(prompt)
  }

  static func from(_ editLine: OpaquePointer) -> EditLineSource? {
    guard let data = wf_el_get_client_data(editLine) else { return nil }
    return Unmanaged<EditLineSource>.fromOpaque(data).takeUnretainedValue()
  }

  var currentPrompt: UnsafeMutablePointer<CChar>? { prompt }

  func readCommand(prompt: String, completions: CompletionTable, history kind: LineHistory, on thread: ReaderThread)
    -> String?
  {
    if let chosen = histories[kind], chosen != history {
      history = chosen
      _ = wf_el_set_history(editLine, chosen)
    }
    self.completions = completions
    tab = TabCompletion()
    isReadingCommand = true
    takesPastes = bracketsPastes && kind == .questions
    defer {
      isReadingCommand = false
      takesPastes = false
    }
    while true {
      switch edit(prompt: prompt, on: thread) {
      case .line(let line): return line
      case .interrupted: StandardOutput.write("^C\n")
      case .end:
        StandardOutput.write("\n")
        return nil
      }
    }
  }

  func readAnswer(prompt: String, isSecret: Bool, on thread: ReaderThread) -> String? {
    if isSecret { return readSecret(prompt: prompt, on: thread) }
    completions = CompletionTable()
    _ = wf_el_set_history(editLine, noHistory)
    defer { _ = wf_el_set_history(editLine, history) }
    switch edit(prompt: prompt, on: thread) {
    case .line(let line): return line
    case .interrupted:
      StandardOutput.write("^C\n")
      return nil
    case .end:
      StandardOutput.write("\n")
      return nil
    }
  }

  private enum EditResult {
    case line(String)
    case interrupted
    case end
  }

  private func edit(prompt text: String, on thread: ReaderThread) -> EditResult {
    free(prompt)
    prompt = strdup(text)
    // Only while the line is read: what a command prints, or a program it
    // starts, never sees paste markers.
    if takesPastes {
      StandardOutput.flush()
      wf_terminal_set_bracketed_paste(1)
    }
    // libedit puts back the modes it found, echo included: off again.
    defer {
      _ = wf_terminal_set_echo(0)
      if takesPastes { wf_terminal_set_bracketed_paste(0) }
    }
    while true {
      if wf_signals_take_resize() != 0 { el_resize(editLine) }
      var count: Int32 = 0
      errno = 0
      if let bytes = el_gets(editLine, &count), count > 0 {
        var line = String(cString: bytes)
        while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
        return .line(line)
      }
      // Read before anything else can change it (taking an interrupt reads a pipe).
      let failure = errno
      if thread.takeInterrupt() { return .interrupted }
      if count < 0 && failure == EINTR {
        if wf_signals_take_resize() != 0 { redrawAfterResize() }
        continue
      }
      return .end
    }
  }

  /// The terminal changed size while a line was read: under a command
  /// prompt the console redraws what depends on the size (a map); then the
  /// prompt comes back, on a cleared line, with what was typed so far.
  private func redrawAfterResize() {
    el_resize(editLine)
    let typed = typedText()
    if isReadingCommand, let onResize {
      onResize()
    } else {
      StandardOutput.write("\r\u{1B}[K")
    }
    if !typed.isEmpty { el_push(editLine, typed) }
  }

  /// What is in the line being edited (an interrupted read leaves it there).
  private func typedText() -> String {
    guard let info = el_line(editLine)?.pointee, let start = info.buffer else { return "" }
    let length = info.lastchar - start
    guard length > 0 else { return "" }
    return String(
      decoding: UnsafeRawBufferPointer(start: start, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
  }

  /// Reads a line with echo off, byte by byte (non-canonical).
  ///
  /// Editing keys are told apart from text (see ``SecretInput``). Ctrl-C
  /// cancels; nothing is kept.
  private func readSecret(prompt: String, on thread: ReaderThread) -> String? {
    StandardOutput.write(prompt)
    var saved = termios()
    let isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
    if isTerminal {
      var quiet = saved
      quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
      quiet.c_lflag |= tcflag_t(ISIG)
      withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
        cc[Int(VMIN)] = 1
        cc[Int(VTIME)] = 0
      }
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
    }
    var input = SecretInput()
    defer {
      input.erase()
      if isTerminal { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
      StandardOutput.write("\n")
    }
    while true {
      // Keys send their sequences at once; a pause after Esc means the Esc
      // key alone, and what comes next is text.
      if input.isInEscape {
        var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, 50) == 0 { input.escapeTimedOut() }
      }
      var byte: UInt8 = 0
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 {
        switch input.feed(byte) {
        case .more: continue
        case .done: return input.text
        case .end: return nil
        }
      } else if count == 0 {
        return input.bytes.isEmpty ? nil : input.text
      } else if errno == EINTR {
        if thread.takeInterrupt() { return nil }
      } else {
        return nil
      }
    }
  }

  var keepsHistory: Bool { true }

  func remember(_ line: String, in kind: LineHistory) {
    guard let history = histories[kind] else { return }
    _ = wf_history_enter(history, line)
    guard let historyPath = historyPaths[kind] else { return }
    // A new private file, renamed over the old one: a Wayfarer ending in the
    // middle of a save (`quit`) leaves the old history whole, and a link
    // planted at the path is replaced, never written through.
    try? AtomicFile.replace(historyPath) { temporary in
      guard wf_history_save(history, temporary) >= 0 else {
        throw FileError("save the history to", path: temporary, code: EIO)
      }
    }
  }

  func useHistory(at path: String?, for kind: LineHistory) {
    guard path != historyPaths[kind], let history = histories[kind] else { return }
    historyPaths[kind] = path
    _ = wf_history_clear(history)
    if let path, access(path, R_OK) == 0 {
      _ = wf_history_load(history, path)
    }
  }

  /// The most bytes of one paste kept (the rest is read, and dropped).
  static let longestPaste = 1 << 20

  /// `ESC [ 200 ~`: the paste up to `ESC [ 201 ~` goes into the line as it
  /// is, its line breaks kept (a terminal sends them as CR) and any other
  /// control character left out.
  func paste() -> UInt8 {
    let end = Array("\u{1B}[201~".utf8)
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { break }
      if bytes.count < Self.longestPaste + end.count { bytes.append(byte) }
      if bytes.count >= end.count, bytes.suffix(end.count).elementsEqual(end) {
        bytes.removeLast(end.count)
        break
      }
    }
    let text = String(decoding: bytes.prefix(Self.longestPaste), as: UTF8.self)
      .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    let kept = String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0 == "\n" || $0 == "\t" || $0.properties.generalCategory != .control }))
    guard !kept.isEmpty else { return UInt8(CC_REFRESH) }
    return el_insertstr(editLine, kept) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_REFRESH_BEEP)
  }

  /// Tab: complete the word before the cursor from the completion table,
  /// as bash does (see ``TabCompletion``).
  func complete() -> UInt8 {
    guard let info = el_line(editLine)?.pointee, let start = info.buffer else { return UInt8(CC_ERROR) }
    let length = info.cursor - start
    let before = String(
      decoding: UnsafeRawBufferPointer(start: start, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
    var words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let prefix = before.hasSuffix(" ") || before.isEmpty ? "" : (words.popLast() ?? "")
    let candidates = completions.candidates(before: words, prefix: prefix)

    switch tab.press(line: before, prefix: prefix, candidates: candidates) {
    case .bell:
      return UInt8(CC_REFRESH_BEEP)
    case .insert(let text):
      _ = el_insertstr(editLine, text)
      return UInt8(CC_REFRESH)
    case .list(let candidates):
      let width = TerminalCapabilities.currentWidth(fallback: nil)
      StandardOutput.write("\n" + CompletionListing.rows(candidates, width: width).joined(separator: "\n") + "\n")
      return UInt8(CC_REDISPLAY)
    }
  }
}

private let editLinePrompt: wf_prompt_fn = { editLine in
  EditLineSource.from(editLine)?.currentPrompt
}

private let editLinePaste: wf_command_fn = { editLine, _ in
  EditLineSource.from(editLine)?.paste() ?? UInt8(CC_ERROR)
}

private let editLineComplete: wf_command_fn = { editLine, _ in
  EditLineSource.from(editLine)?.complete() ?? UInt8(CC_ERROR)
}
