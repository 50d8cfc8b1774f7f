import TerminalConsole

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a pipe or file: no prompt, no echo handling, no history.
///
/// Off a terminal the same script must always give the same bytes, so
/// nothing here writes. Standard input is read a block at a time on the
/// reader thread (``fill(on:)``); the lines of a block are then taken on
/// the main actor (``takeLine()``) with no thread hop each. The two never
/// run at once: the main actor waits for a fill. Reads interrupted by a
/// signal are retried instead of being taken for the end of input.
final class PlainLineSource: LineSource, @unchecked Sendable {
  // Lines are taken from `start` on; bytes up to `start + scanned` are known
  // to hold no newline, so a long line arriving in many reads is searched
  // once, not once per read. None is checked for overlapping access at run
  // time (each is touched at every line): they hold bytes and counts, and
  // no code of anyone else's runs while one is written.
  @exclusivity(unchecked) private var buffer: [UInt8] = []
  @exclusivity(unchecked) private var start = 0
  @exclusivity(unchecked) private var scanned = 0
  /// Input may begin with a UTF-8 byte order mark (a script saved by some
  /// Windows editors), which is not part of its first command.
  @exclusivity(unchecked) private var mayStartWithMark = true
  /// Standard input has ended: what is left is the last line, if anything.
  private(set) var reachedEnd = false
  static let blockSize = 65_536

  func readCommand(prompt: String, completions: CompletionTable, history: LineHistory, on thread: ReaderThread)
    -> String?
  {
    nextLine(on: thread).map(Self.command)
  }

  /// A line read as a command, without the byte order marks it starts
  /// with (among blanks, which a command's words are trimmed of anyway).
  ///
  /// As at the start of input: scripts joined with `cat` carry one per
  /// file (an empty file saved by Notepad is a mark alone), and "Unknown
  /// command 'bookmarks'" hid the mark inside the quotes.
  static func command(_ line: String) -> String {
    guard line.utf8.contains(0xEF) else { return line }  // the mark's first byte
    return String(line.unicodeScalars.drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\t" })
  }

  func readAnswer(prompt: String, isSecret: Bool, on thread: ReaderThread) -> String? {
    nextLine(on: thread)
  }

  var keepsHistory: Bool { false }
  func remember(_ line: String, in history: LineHistory) {}
  func useHistory(at path: String?, for history: LineHistory) {}

  /// The next whole line already read, if there is one.
  ///
  /// At the end of input, the last line even without its line feed. Nil:
  /// read more first.
  func takeLine() -> String? {
    if mayStartWithMark {
      skipByteOrderMark()
      if mayStartWithMark { return nil }
    }
    if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
      defer { consume(through: newline) }
      return Self.decode(buffer[start..<newline])
    }
    scanned = buffer.count - start
    guard reachedEnd, start < buffer.count else { return nil }
    defer { consume(through: buffer.count - 1) }
    return Self.decode(buffer[start...])
  }

  /// Moves past a byte order mark that input begins with; leaves
  /// `mayStartWithMark` set while too few bytes have come to tell.
  private func skipByteOrderMark() {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let count = buffer.count - start
    if count < mark.count, !reachedEnd, buffer[start...].elementsEqual(mark.prefix(count)) { return }
    mayStartWithMark = false
    guard count >= mark.count, buffer[start..<start + mark.count].elementsEqual(mark) else { return }
    start += mark.count
    scanned = 0
  }

  /// Whether every line has been taken and input has ended.
  var isExhausted: Bool { reachedEnd && start >= buffer.count }

  /// Reads one block of standard input (blocking), on the reader thread.
  func fill(on thread: ReaderThread) {
    var chunk = [UInt8](repeating: 0, count: Self.blockSize)
    while true {
      let count = read(STDIN_FILENO, &chunk, chunk.count)
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
        return
      } else if count < 0 && errno == EINTR {
        _ = thread.takeInterrupt()
      } else {
        reachedEnd = true
        return
      }
    }
  }

  private func nextLine(on thread: ReaderThread) -> String? {
    while true {
      if let line = takeLine() { return line }
      if isExhausted { return nil }
      fill(on: thread)
    }
  }

  /// Moves past `index`; drops the bytes read once they are most of the buffer.
  private func consume(through index: Int) {
    start = index + 1
    scanned = 0
    if start >= buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > Self.blockSize && start > buffer.count / 2 {
      buffer.removeFirst(start)
      start = 0
    }
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var line = String(decoding: bytes, as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    return line
  }
}
