#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a pipe or file: no prompt, no echo handling, no history.
///
/// Off a terminal the same script must always give the same bytes, so
/// nothing here writes. Reads interrupted by a signal are retried instead of
/// being taken for the end of input.
final class PlainLineSource: LineSource, @unchecked Sendable {
  // Confined to the reader thread.
  private var buffer: [UInt8] = []
  private var reachedEnd = false

  func readCommand(prompt: String, completions: CompletionTable, on thread: ReaderThread) -> String? {
    nextLine(on: thread)
  }

  func readAnswer(prompt: String, isSecret: Bool, on thread: ReaderThread) -> String? {
    nextLine(on: thread)
  }

  func remember(_ line: String) {}
  func useHistory(at path: String?) {}

  private func nextLine(on thread: ReaderThread) -> String? {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[..<newline]
        buffer.removeSubrange(...newline)
        return Self.decode(line)
      }
      if reachedEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return Self.decode(buffer[...])
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

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    var line = String(decoding: bytes, as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    return line
  }
}
