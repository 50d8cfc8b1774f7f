import Foundation
import TerminalIO

/// Runs a demo: Wayfarer on a pseudo-terminal, the script's lines typed
/// into it, everything it draws kept as an asciicast.
@MainActor
final class DemoRecorder {
  struct Settings {
    var columns: Int
    var rows: Int
    /// Milliseconds between keys; 0 types each line at once.
    var typingMilliseconds: Int
    /// Synthetic event times and WAYFARER_FIXED_TIME: the same file every run.
    var fixedClock: Bool
  }

  /// The time a fixed-clock demo's Wayfarer takes as now.
  static let fixedTime = "2026-01-01T09:00:00Z"
  /// Silence that means Wayfarer is done with a line and waits for the next.
  static let quietMilliseconds = 400
  /// The longest one line may take before the next is typed anyway.
  static let longestStepSeconds = 20.0

  private let settings: Settings
  private let terminal: PseudoTerminal
  private var cast: Asciicast
  private let started = Date()
  private var virtualTime = 0.0
  /// UTF-8 bytes of a character whose rest has not been read yet.
  private var pending: [UInt8] = []
  private var isClosed = false

  init?(settings: Settings) {
    guard let terminal = PseudoTerminal(columns: settings.columns, rows: settings.rows) else { return nil }
    self.settings = settings
    self.terminal = terminal
    cast = Asciicast(
      width: settings.columns, height: settings.rows, startedAt: settings.fixedClock ? nil : Date())
  }

  /// Runs `program` with `home` as its WAYFARER_HOME, types `lines`, ends
  /// it with Ctrl-D and returns the recording; nil when it could not start.
  ///
  /// `guarded` (the caller's own folders) are written to by no line.
  func record(program: String, home: String, lines: [String], guarded: OwnFolders) -> Asciicast? {
    var environment = [
      "WAYFARER_HOME=\(home)", "HOME=\(home)", "TERM=xterm-256color", "LANG=C.UTF-8",
      "\(OwnFolders.inheritedVariable)=\(guarded.inheritable)",
    ]
    if settings.fixedClock { environment.append("WAYFARER_FIXED_TIME=\(Self.fixedTime)") }
    guard let pid = Subprocess.spawn(onTerminal: terminal.path, [program], environment: environment) else {
      return nil
    }
    settle()
    for line in lines where !isClosed {
      type(Array(line.utf8) + [UInt8(ascii: "\r")])
      settle()
    }
    if !isClosed {
      type([4])  // Ctrl-D: leave as a person would
      settle()
    }
    if !isClosed { kill(pid, SIGTERM) }
    _ = Subprocess.wait(pid)
    return cast
  }

  /// Types `keys`, at once or one by one, keeping what is drawn meanwhile.
  private func type(_ keys: [UInt8]) {
    guard settings.typingMilliseconds > 0 else {
      terminal.type(keys)
      return
    }
    for key in keys {
      terminal.type([key])
      advance(by: Double(settings.typingMilliseconds) / 1_000)
      keep(terminal.read(waiting: settings.typingMilliseconds))
    }
  }

  /// Keeps what is drawn until Wayfarer has been quiet for a while (or its
  /// terminal closed); on a fixed clock as one event.
  private func settle() {
    let deadline = Date().addingTimeInterval(Self.longestStepSeconds)
    while Date() < deadline {
      guard let bytes = terminal.read(waiting: Self.quietMilliseconds) else {
        isClosed = true
        break
      }
      if bytes.isEmpty { break }
      keep(bytes)
    }
    advance(by: 0.5)
  }

  private func keep(_ bytes: [UInt8]?) {
    guard let bytes else {
      isClosed = true
      return
    }
    pending += bytes
    // Up to the last whole character: the rest waits for its bytes.
    var end = pending.count
    while end > 0, end > pending.count - 4, pending[end - 1] & 0xC0 == 0x80 { end -= 1 }
    if end > 0, pending[end - 1] >= 0xC0 { end -= 1 }
    let whole = Array(pending[0..<end])
    pending.removeFirst(end)
    let time = settings.fixedClock ? virtualTime : Date().timeIntervalSince(started)
    if settings.fixedClock, let last = cast.events.last, last.time == time {
      cast.appendToLast(String(decoding: whole, as: UTF8.self))
    } else {
      cast.output(String(decoding: whole, as: UTF8.self), at: time)
    }
  }

  private func advance(by seconds: Double) {
    virtualTime += seconds
  }
}
