import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Shows long text through the person's pager (`less -FRX` unless PAGER
/// says otherwise) while the terminal is its own: the REPL reads nothing
/// until the pager exits.
public enum Pager {
  /// Runs `command` with `text` on its standard input and waits for it to
  /// exit.
  ///
  /// False when it could not be started (the caller prints the text).
  public static func show(_ text: String, command: [String]) async -> Bool {
    guard !command.isEmpty else { return false }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return false }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    // Both ends close on exec: the pager gets the read end as its standard
    // input (dup2 leaves that copy open) and nothing else of Wayfarer's.
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)

    // What was typed ahead was meant for Wayfarer's prompt, not the pager,
    // where a letter is a command: it is dropped.
    if isatty(STDIN_FILENO) == 1 { tcflush(STDIN_FILENO, TCIFLUSH) }
    // LESSSECURE: less may not run commands, open an editor or save files,
    // whatever is typed into it.
    let started = Subprocess.spawn(command, stdin: readEnd, environment: ["LESSSECURE=1"])
    close(readEnd)
    guard let child = started else {
      close(writeEnd)
      return false
    }
    let bytes = Array(text.utf8)
    // Writing and waiting block: done on a thread of their own, never on
    // the main actor (a spinner or a signal must still be handled).
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Thread.detachNewThread {
        // A pager quit early makes the write fail with EPIPE; its SIGPIPE
        // is blocked on this thread (and dropped with it), whatever the
        // process does with SIGPIPE.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        bytes.withUnsafeBytes { buffer in
          var offset = 0
          while offset < buffer.count {
            let written = write(writeEnd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { break }
            offset += written
          }
        }
        close(writeEnd)
        _ = Subprocess.wait(child)
        continuation.resume()
      }
    }
    return true
  }
}
