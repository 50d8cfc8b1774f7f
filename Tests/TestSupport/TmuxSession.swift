import Foundation

/// A real terminal: tmux on a private socket, driven with send-keys and read
/// with capture-pane.
public final class TmuxSession {
  public enum Failure: Error, CustomStringConvertible {
    case unavailable
    case timedOut(waitingFor: String, screen: String)

    public var description: String {
      switch self {
      case .unavailable: "tmux is not installed"
      case .timedOut(let text, let screen): "timed out waiting for '\(text)'; the screen was:\n\(screen)"
      }
    }
  }

  private let socket = "wayfarer-test-\(UUID().uuidString.prefix(8))"
  private let target = "main"

  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
  }

  /// Starts `command` in a terminal of `columns`×`rows` (100×30 unless said).
  public init(command: [String], environment: [String: String], columns: Int = 100, rows: Int = 30) throws {
    guard Self.isAvailable else { throw Failure.unavailable }
    // The leak check of a sanitized build stays on in the program under
    // test, whatever the test process was started with.
    let variables = environment.merging(["ASAN_OPTIONS": "detect_leaks=1"]) { mine, _ in mine }
    let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
    let shell = (["env", "-u", "NO_COLOR"] + assignments + command.map(Self.quote)).joined(separator: " ")
    try tmux([
      "new-session", "-d", "-s", target, "-x", String(columns), "-y", String(rows),
      shell + "; echo EXITED:$?; sleep 60",
    ])
  }

  /// The built `wayfarer` in a terminal of its own, with the home every
  /// terminal test gives it (`home` as WAYFARER_HOME and HOME, xterm-256color,
  /// UTF-8) and `extra` variables on top.
  public static func wayfarer(
    home: String, _ extra: [String: String] = [:], columns: Int = 100, rows: Int = 30
  ) throws -> TmuxSession {
    let environment = ["WAYFARER_HOME": home, "HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8"]
    return try TmuxSession(
      command: [WayfarerBinary.url.path], environment: environment.merging(extra) { _, given in given },
      columns: columns, rows: rows)
  }

  deinit {
    _ = try? tmux(["kill-server"])
  }

  /// Types keys: text, or tmux key names such as `Enter`, `C-c`, `Up`, `Tab`.
  public func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", target] + keys)
  }

  /// Types `text` literally (no key-name lookup).
  public func type(_ text: String) throws {
    try tmux(["send-keys", "-t", target, "-l", text])
  }

  /// Waits for `prompt`, then types `text` and Enter.
  public func answer(_ prompt: String, with text: String) throws {
    try waitFor(prompt)
    try type(text)
    try send("Enter")
  }

  /// Registers Ada Lovelace through Welcome's form, answered as a person
  /// types: what every terminal test of a logged-in screen starts with.
  public func registerAda() throws {
    try answer("welcome>", with: "register")
    try answer("Name:", with: "Ada")
    try answer("Surname:", with: "Lovelace")
    try answer("E-mail:", with: "ada@example.com")
    try answer("Password (at least 8 characters):", with: "hunter2hunter2")
    try answer("Confirm password:", with: "hunter2hunter2")
  }

  /// Copies every byte the program writes from now on, escape sequences
  /// included, to the file at `path` (what only the terminal sees: OSC 8
  /// links, OSC 52).
  public func recordOutput(to path: String) throws {
    try tmux(["pipe-pane", "-O", "-t", target, "cat >> " + Self.quote(path)])
  }

  /// What the terminal shows now, scrollback included.
  public func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", target, "-S", "-200"])
  }

  /// Everything the terminal holds: the screen and all of its scrollback.
  public func scrollback() throws -> String {
    try tmux(["capture-pane", "-p", "-t", target, "-S", "-"])
  }

  /// The screen as ``screen()`` returns it, with each character's colour
  /// and attributes written as SGR sequences (`ESC [ … m`).
  public func styledScreen() throws -> String {
    try tmux(["capture-pane", "-p", "-e", "-t", target, "-S", "-200"])
  }

  /// The screen with scrollback, each line the terminal wrapped joined back
  /// into one, trailing spaces removed: a line wider than the terminal
  /// shows as such.
  public func joinedScreen() throws -> String {
    try tmux(["capture-pane", "-p", "-J", "-t", target, "-S", "-200"])
      .components(separatedBy: "\n")
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
      .joined(separator: "\n")
  }

  /// The visible rows with their colours and attributes, as escape
  /// sequences (tmux's own rendering of what the program drew).
  public func styledRows() throws -> [String] {
    try tmux(["capture-pane", "-p", "-e", "-t", target]).components(separatedBy: "\n")
  }

  /// The visible rows only, without the scrollback: what a person sees.
  public func visibleRows() throws -> [String] {
    try tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
  }

  /// Forgets the scrollback: what ``screen()`` returns next starts with the
  /// visible rows.
  public func clearScrollback() throws {
    try tmux(["clear-history", "-t", target])
  }

  /// Changes the terminal's size, as a person dragging the window does.
  public func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", target, "-x", String(columns), "-y", String(rows)])
  }

  /// The pid of the program the terminal runs (the pane's shell's child
  /// called `name`), once it is running.
  public func programID(named name: String = "wayfarer") throws -> Int32? {
    guard
      let shell = Int32(
        try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
          .trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { continue }
      let command = stat[stat.index(after: open)..<close]
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if command == name, fields.count > 1, Int32(fields[1]) == shell { return pid }
    }
    return nil
  }

  /// Waits (at most `timeout` seconds) until `predicate` holds for the screen.
  @discardableResult
  public func waitFor(
    _ description: String, timeout: TimeInterval = 10, until predicate: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if predicate(last) { return last }
      usleep(20_000)
    }
    throw Failure.timedOut(waitingFor: description, screen: last)
  }

  /// Waits until the screen contains `text` `count` times.
  @discardableResult
  public func waitFor(_ text: String, count: Int = 1, timeout: TimeInterval = 10) throws -> String {
    try waitFor(text, timeout: timeout) { $0.components(separatedBy: text).count - 1 >= count }
  }

  /// Runs a tmux command on this terminal's server (`show-buffer`,
  /// `set-option -s set-clipboard on`) and returns what it printed.
  @discardableResult
  public func command(_ arguments: String...) throws -> String {
    try tmux(arguments)
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    try Self.spawn("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
  }

  /// Runs a program and returns what it printed.
  ///
  /// posix_spawn and waitpid
  /// rather than Foundation's Process, which under XCTest on Linux can miss
  /// the exit of a client whose child (the tmux server) lives on. Output goes
  /// through a file, not a pipe, for the same reason: the server would keep
  /// a pipe open for good.
  static func spawn(_ path: String, _ arguments: [String], timeout: TimeInterval = 10) throws -> String {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
    defer { unlink(outputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard status == 0 else { throw Failure.unavailable }

    let deadline = Date().addingTimeInterval(timeout)
    var exitStatus: Int32 = 0
    // Foundation may reap children itself (waitpid then fails with ECHILD):
    // then the process is done once it no longer exists.
    while true {
      let reaped = waitpid(pid, &exitStatus, WNOHANG)
      if reaped == pid || (reaped < 0 && kill(pid, 0) != 0) { break }
      guard Date() < deadline else {
        kill(pid, SIGKILL)
        _ = waitpid(pid, &exitStatus, 0)
        throw Failure.timedOut(waitingFor: "\(path) to finish", screen: "")
      }
      usleep(2_000)
    }
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  private static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
