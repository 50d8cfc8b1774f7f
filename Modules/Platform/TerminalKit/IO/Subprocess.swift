import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Other programs Wayfarer runs (the pager, `gh auth token`, `xdg-open`),
/// started with `posix_spawnp` so that each gets the signals a program
/// normally has (Wayfarer blocks SIGINT and SIGWINCH on its threads and
/// ignores SIGPIPE), and is always waited for: no zombie, no leak.
public enum Subprocess {
  /// Names of environment variables no program Wayfarer starts inherits
  /// (its keys and tokens): set once at launch.
  private static let withheld = Locked<Set<String>>([])

  /// From now on, programs Wayfarer starts do not inherit `names` (the
  /// pager, `xdg-open` and the browser it starts, which may outlive
  /// Wayfarer), unless a start keeps one of them on purpose.
  public static func withhold(variables names: [String]) {
    withheld.withLock { $0.formUnion(names) }
  }

  /// `inherited` (`NAME=value` entries) without the withheld variables but
  /// those in `keeping`, then `added`.
  static func childEnvironment(inherited: [String], added: [String], keeping: Set<String>) -> [String] {
    let left = withheld.withLock { $0 }.subtracting(keeping)
    let kept = inherited.filter { entry in
      let name = entry.prefix { $0 != "=" }
      return !left.contains(String(name))
    }
    return kept + added
  }

  /// Wayfarer's own environment, as `NAME=value` entries.
  private static func ownEnvironment() -> [String] {
    var entries: [String] = []
    var entry = environ
    while let variable = entry.pointee {
      entries.append(String(cString: variable))
      entry += 1
    }
    return entries
  }

  /// Starts `command` (found through PATH) with the given descriptors as its
  /// standard input, output and error (nil: Wayfarer's own).
  ///
  /// - Parameters:
  ///   - command: The program and its arguments.
  ///   - stdin: The child's standard input, or nil for Wayfarer's.
  ///   - stdout: The child's standard output, or nil for Wayfarer's.
  ///   - stderr: The child's standard error, or nil for Wayfarer's.
  ///   - environment: `NAME=value` entries added to Wayfarer's own, which
  ///     the child inherits without the withheld variables but `keeping`.
  ///   - keeping: Withheld variables this child may still inherit.
  ///   - ownGroup: starts it in a process group of its own (its pid), so
  ///     that it and whatever it starts can be ended together.
  ///   - terminal: A terminal's path: the child runs on it, in a session of
  ///     its own, with it as its controlling terminal.
  /// - Returns: The pid, or nil when it could not be started.
  static func spawn(
    _ command: [String], stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil, environment: [String] = [],
    keeping: Set<String> = [], ownGroup: Bool = false, terminal: String? = nil
  ) -> pid_t? {
    // A child may write to the same standard output: ours goes first.
    StandardOutput.flush()
    guard let program = command.first else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (descriptor, target) in [(stdin, STDIN_FILENO), (stdout, STDOUT_FILENO), (stderr, STDERR_FILENO)] {
      if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, target) }
    }
    // On a terminal of its own: a new session (setsid runs before the file
    // actions), whose first terminal opened becomes its controlling one.
    if let terminal {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, terminal, O_RDWR, 0)
      posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
      posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGWINCH, SIGPIPE, SIGTSTP, SIGQUIT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    if ownGroup {
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    }
    // POSIX_SPAWN_SETSID (glibc 2.26 and later), which Swift does not import.
    if terminal != nil { flags |= 0x80 }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    var pid: pid_t = 0
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    let variables =
      childEnvironment(inherited: ownEnvironment(), added: environment, keeping: keeping).map { strdup($0) }
      + [nil]
    defer { for variable in variables { free(variable) } }
    return posix_spawnp(&pid, program, &actions, &attributes, arguments, variables) == 0 ? pid : nil
  }

  /// Starts `command` on the terminal at `path` (a pseudo-terminal's
  /// other end) as its controlling terminal, in a session of its own, with
  /// `environment` added to what it inherits (keys withheld as always).
  public static func spawn(onTerminal path: String, _ command: [String], environment: [String]) -> pid_t? {
    spawn(command, environment: environment, terminal: path)
  }

  /// Waits for `pid` to end; its exit status, or nil when it was killed.
  public static func wait(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
  }

  /// What `command` prints (at most `limit` bytes) when it exits with 0
  /// within `timeout`; nil otherwise (it is then killed).
  ///
  /// Its input and
  /// errors go nowhere.
  /// It runs in a process group of its own: when its time is up, the
  /// whole group is killed, so nothing it started is left running.
  /// `keeping` names withheld variables it may still inherit.
  public static func output(
    of command: [String], timeout: Duration, limit: Int = 4_096, keeping: Set<String> = []
  ) async -> String? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { if null >= 0 { close(null) } }
    let started = spawn(command, stdin: null, stdout: writeEnd, stderr: null, keeping: keeping, ownGroup: true)
    close(writeEnd)
    guard let pid = started else {
      close(readEnd)
      return nil
    }
    let milliseconds = Int32(
      clamping: timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000)
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(milliseconds)))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1_024)
        reading: while true {
          let left = ContinuousClock.now.duration(to: deadline)
          guard left > .zero else { break }
          var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
          let waitMilliseconds = Int32(clamping: left.components.seconds * 1_000 + 1)
          guard poll(&poller, 1, waitMilliseconds) > 0 else { continue }
          let count = read(readEnd, &buffer, buffer.count)
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break reading }
          bytes += buffer.prefix(min(count, max(0, limit - bytes.count)))
        }
        close(readEnd)
        let finishedInTime = ContinuousClock.now < deadline
        // Time is up: it and whatever it started in its group (a `sleep` it
        // forked) end together. Before the wait, the group's id cannot yet
        // belong to anyone else.
        if !finishedInTime { kill(-pid, SIGKILL) }
        let status = wait(pid)
        continuation.resume(returning: finishedInTime && status == 0 ? String(decoding: bytes, as: UTF8.self) : nil)
      }
    }
  }

  /// Starts `command` with no input or output and does not wait for it
  /// (a browser); a thread of its own reaps it.
  ///
  /// False when it could not start.
  public static func start(_ command: [String]) -> Bool {
    let null = open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { if null >= 0 { close(null) } }
    guard let pid = spawn(command, stdin: null, stdout: null, stderr: null) else { return false }
    Thread.detachNewThread { _ = wait(pid) }
    return true
  }
}
