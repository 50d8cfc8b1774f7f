import Commands
import Foundation
import TerminalIO
import TerminalText
import TextWidth

/// A one-shot command's standard streams: output gathered and written at
/// the end (or per 64 KiB), messages at once on standard error.
@MainActor
final class StandardShellIO: ShellIO {
  let outputIsTerminal = isatty(STDOUT_FILENO) == 1
  let inputIsTerminal = isatty(STDIN_FILENO) == 1

  /// TERM=dumb: what is written is folded to ASCII, as the REPL's is.
  private let isASCIIOnly = ProcessInfo.processInfo.environment["TERM"] == "dumb"

  init() {
    StandardOutput.isBuffered = !outputIsTerminal
  }

  func write(_ text: String) {
    StandardOutput.write(isASCIIOnly ? ASCIIFolding.fold(text) : text)
  }

  func write(bytes: [UInt8]) {
    StandardOutput.write(String(decoding: bytes, as: UTF8.self))
  }

  func flush() {
    StandardOutput.flush()
  }

  var outputFailed: Bool { StandardOutput.failure != nil }

  func say(_ sentence: String) {
    StandardError.say(sentence)
  }

  func readInputBytes(limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      // Ctrl-C while a stoppable command (`ask`) waits for its input: nothing read.
      guard TerminalSignals.waitForInput(on: STDIN_FILENO) else { return nil }
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        say("Standard input could not be read: \(String(cString: strerror(errno))).")
        return nil
      }
      bytes += chunk[0..<count]
      if bytes.count > limit {
        say(
          "Standard input is larger than \(limit >> 20 > 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"), more than this command reads."
        )
        return nil
      }
    }
    return bytes
  }
}
