import TerminalConsole

#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a pipe or file: no prompt, no echo handling, no history.
///
/// Off a terminal the same script must always give the same bytes, so
/// nothing here writes. Reads interrupted by a signal are retried instead of
/// being taken for the end of input.
final class PlainLineSource: LineSource, @unchecked Sendable {
  // Confined to the reader thread. Lines are taken from `start` on; bytes
  // up to `start + scanned` are known to hold no newline, so a long line
  // arriving in many reads is searched once, not once per read.
  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private var reachedEnd = false

  func readCommand(prompt: String, completions: CompletionTable, history: LineHistory, on thread: ReaderThread)
    -> String?
  {
    nextLine(on: thread)
  }

  func readAnswer(prompt: String, isSecret: Bool, on thread: ReaderThread) -> String? {
    nextLine(on: thread)
  }

  var keepsHistory: Bool { false }
  func remember(_ line: String, in history: LineHistory) {}
  func useHistory(at path: String?, for history: LineHistory) {}

  private func nextLine(on thread: ReaderThread) -> String? {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
        defer { consume(through: newline) }
        return Self.decode(buffer[start..<newline])
      }
      scanned = buffer.count - start
      if reachedEnd {
        guard start < buffer.count else { return nil }
        defer { consume(through: buffer.count - 1) }
        return Self.decode(buffer[start...])
      }
      let count = read(STDIN_FILENO, &chunk, chunk.count)
      if count > 0 {
        buffer.append(contentsOf: chunk[..<count])
      } else if count < 0 && errno == EINTR {
        _ = thread.takeInterrupt()
      } else {
        reachedEnd = true
      }
    }
  }

  /// Moves past `index`; drops the bytes read once they are most of the buffer.
  private func consume(through index: Int) {
    start = index + 1
    scanned = 0
    if start >= buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 65_536 && start > buffer.count / 2 {
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
