import Foundation
import TerminalConsole

#if canImport(Glibc)
  import Glibc
#endif

/// Opens the person's editor (`VISUAL`, else `EDITOR`, else `vi`) on a
/// draft file while the terminal is its own, and reads back what was saved.
///
/// The file is the person's alone (0600, in `TMPDIR`) and removed
/// afterwards, whatever happened; the editor inherits no key or token
/// (``Subprocess`` withholds them from every child).
public enum DraftEditor {
  /// Edits `draft` with `command` (its words; the file's path is added).
  public static func edit(_ draft: String, command: [String]) async -> DraftEdit {
    guard !command.isEmpty else { return .couldNotStart }
    let directory = FileManager.default.temporaryDirectory.path
    var template = Array((directory + "/wayfarer-draft-XXXXXX.md").utf8) + [0]
    // mkstemps makes the file 0600, with a name no one else holds.
    let descriptor = template.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { mkstemps($0, 3) } ?? -1 }
    }
    guard descriptor >= 0 else { return .couldNotStart }
    let path = String(decoding: template.dropLast(), as: UTF8.self)
    defer { unlink(path) }
    let written = Array(draft.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == draft.utf8.count else { return .couldNotStart }
    // What was typed ahead was meant for Wayfarer's prompt, not the editor.
    if isatty(STDIN_FILENO) == 1 { tcflush(STDIN_FILENO, TCIFLUSH) }
    guard let child = Subprocess.spawn(command + [path]) else { return .couldNotStart }
    // Waiting blocks: on a thread of its own, never on the main actor.
    let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
      Thread.detachNewThread { continuation.resume(returning: Subprocess.wait(child)) }
    }
    guard status == 0 else { return .failed(status: status) }
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
    else { return .failed(status: status) }
    let saved = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return saved.isEmpty ? .empty : .saved(saved)
  }
}
