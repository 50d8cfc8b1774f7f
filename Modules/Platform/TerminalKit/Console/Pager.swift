import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Shows long text through the person's pager (`less -FRX` unless PAGER
/// says otherwise) while the terminal is its own: the REPL reads nothing
/// until the pager exits.
enum Pager {
  /// Runs `command` with `text` on its standard input and waits for it to
  /// exit. False when it could not be started (the caller prints the text).
  static func show(_ text: String, command: [String]) async -> Bool {
    guard let program = command.first else { return false }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return false }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
    posix_spawn_file_actions_addclose(&actions, readEnd)

    // Wayfarer blocks SIGINT and SIGWINCH on this thread and ignores
    // SIGPIPE; the pager must get all three as a program normally does.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGWINCH, SIGPIPE, SIGTSTP, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var pid: pid_t = 0
    let arguments = command.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    let status = posix_spawnp(&pid, program, &actions, &attributes, arguments, environ)
    close(readEnd)
    guard status == 0 else {
      close(writeEnd)
      return false
    }
    let child = pid
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
        var exit: Int32 = 0
        while waitpid(child, &exit, 0) < 0 && errno == EINTR {}
        continuation.resume()
      }
    }
    return true
  }
}
