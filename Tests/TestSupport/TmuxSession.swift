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

  /// Starts `command` in a 100×30 terminal.
  public init(command: [String], environment: [String: String]) throws {
    guard Self.isAvailable else { throw Failure.unavailable }
    let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
    let shell = (["env"] + assignments + command.map(Self.quote)).joined(separator: " ")
    try tmux(["new-session", "-d", "-s", target, "-x", "100", "-y", "30", shell + "; echo EXITED:$?; sleep 60"])
  }

  deinit {
    try? tmux(["kill-server"])
  }

  /// Types keys: text, or tmux key names such as `Enter`, `C-c`, `Up`, `Tab`.
  public func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", target] + keys)
  }

  /// Types `text` literally (no key-name lookup).
  public func type(_ text: String) throws {
    try tmux(["send-keys", "-t", target, "-l", text])
  }

  /// What the terminal shows now, scrollback included.
  public func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", target, "-S", "-200"])
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

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
    process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  private static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
