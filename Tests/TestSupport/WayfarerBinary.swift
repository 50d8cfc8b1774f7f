import Foundation
import XCTest

/// The built `wayfarer` executable, run as a person or a script would.
public enum WayfarerBinary {
  public struct Run {
    public let stdout: String
    public let stderr: String
    public let status: Int32
    /// How it ended: `.exit`, or `.uncaughtSignal` when it trapped or was killed.
    public let reason: Process.TerminationReason
  }

  /// Where standard output goes.
  public enum Output {
    /// A file the run's `stdout` is read from.
    case captured
    /// This path (`/dev/full`, say); `stdout` is then empty.
    case file(String)
    /// Standard output and standard error both into a pipe nobody reads
    /// (its read end closed before the start: `wayfarer 2>&1 | head -0`).
    case closedPipe
    /// Standard error into the same file as standard output (`2>&1`): the
    /// run's `stdout` holds both, in the order they were written.
    case mergedWithErrors
  }

  /// The executable beside the test bundle in the build folder.
  public static var url: URL {
    let products =
      Bundle.main.bundleURL.pathExtension == "xctest"
      ? Bundle.main.bundleURL.deletingLastPathComponent() : Bundle.main.bundleURL
    return products.appendingPathComponent("wayfarer")
  }

  /// Registers the tests' account (Ada Lovelace, ada@example.com, "correct
  /// horse") through a pipe under `home`, so a Wayfarer started there next
  /// opens logged in; fails the test if the registration does not end well.
  public static func registerAda(home: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let registered = try run(
      script: ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse", "quit"], home: home)
    XCTAssertEqual(registered.status, 0, registered.stderr, file: file, line: line)
  }

  /// Runs wayfarer with `script` piped to standard input, everything kept under
  /// `home`, and waits at most `timeout` seconds for it to end.
  ///
  /// Standard
  /// output goes to `standardOutput` when given (`/dev/full`, say); `stdout`
  /// is then empty.
  public static func run(
    script: [String], home: String, arguments: [String] = [], environment: [String: String] = [:],
    standardOutput: String? = nil, timeout: TimeInterval = 60
  ) throws -> Run {
    try run(
      script: script, home: home, arguments: arguments, environment: environment,
      output: standardOutput.map(Output.file) ?? .captured, timeout: timeout)
  }

  /// As ``run(script:home:arguments:environment:standardOutput:timeout:)``,
  /// with standard output sent as `output` says, and `rawInput` (bytes that
  /// need not be text) piped after the script's lines.
  public static func run(
    script: [String], home: String, arguments: [String] = [], environment: [String: String] = [:],
    output: Output, rawInput: [UInt8] = [], timeout: TimeInterval = 60
  ) throws -> Run {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    var variables = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home,
      "WAYFARER_HOME": home,
      "LANG": "C.UTF-8",
      // Under `--sanitize=address` the binary checks for leaks at exit even
      // when the test process itself does not (see Scripts/test-sanitized.sh).
      "ASAN_OPTIONS": "detect_leaks=1",
    ]
    variables.merge(environment) { _, new in new }
    process.environment = variables

    let stdin = Pipe()
    let stdoutFile = home + "/.stdout-\(UUID().uuidString)"
    let stderrFile = home + "/.stderr-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: stdoutFile)
      try? FileManager.default.removeItem(atPath: stderrFile)
    }
    process.standardInput = stdin
    switch output {
    case .captured:
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
    case .file(let path):
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
    case .mergedWithErrors:
      let both = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
      process.standardOutput = both
      process.standardError = both
    case .closedPipe:
      let unread = Pipe()
      try unread.fileHandleForReading.close()
      process.standardOutput = unread.fileHandleForWriting
      process.standardError = unread.fileHandleForWriting
    }
    try process.run()
    let text = script.map { $0 + "\n" }.joined()
    try stdin.fileHandleForWriting.write(contentsOf: Data(text.utf8) + rawInput)
    try stdin.fileHandleForWriting.close()

    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline {
      usleep(5_000)
    }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    return Run(
      stdout: (try? String(contentsOfFile: stdoutFile, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? "",
      status: process.terminationStatus, reason: process.terminationReason)
  }

  /// A wayfarer started with its input still open: lines can be added,
  /// signals sent, and its end waited for.
  public final class Running {
    private let process: Process
    private let input: FileHandle
    private let stdoutFile: String
    private let stderrFile: String

    init(process: Process, input: FileHandle, stdoutFile: String, stderrFile: String) {
      self.process = process
      self.input = input
      self.stdoutFile = stdoutFile
      self.stderrFile = stderrFile
    }

    deinit {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      try? FileManager.default.removeItem(atPath: stdoutFile)
      try? FileManager.default.removeItem(atPath: stderrFile)
    }

    public var pid: Int32 { process.processIdentifier }

    /// What it printed so far.
    public var stdout: String { (try? String(contentsOfFile: stdoutFile, encoding: .utf8)) ?? "" }

    public func type(_ lines: [String]) throws {
      try input.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Closes its standard input, as the end of a pipe: `ask` with its
    /// words reads the empty input and asks them.
    public func endInput() throws {
      try input.close()
    }

    public func signal(_ number: Int32) {
      kill(process.processIdentifier, number)
    }

    /// Waits at most `timeout` seconds for it to end (else kills it).
    public func wait(timeout: TimeInterval = 30) -> Run {
      let deadline = Date().addingTimeInterval(timeout)
      while process.isRunning && Date() < deadline { usleep(5_000) }
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
      }
      try? input.close()
      return Run(
        stdout: stdout, stderr: (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? "",
        status: process.terminationStatus, reason: process.terminationReason)
    }
  }

  /// Starts wayfarer piped as ``run(script:home:arguments:environment:output:timeout:)``
  /// does, with `script` typed and standard input left open.
  public static func start(
    script: [String], home: String, arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> Running {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home, "WAYFARER_HOME": home,
      "LANG": "C.UTF-8", "ASAN_OPTIONS": "detect_leaks=1",
    ].merging(environment) { _, new in new }
    let stdin = Pipe()
    let stdoutFile = home + "/.stdout-\(UUID().uuidString)"
    let stderrFile = home + "/.stderr-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
    _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
    process.standardInput = stdin
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
    try process.run()
    let running = Running(
      process: process, input: stdin.fileHandleForWriting, stdoutFile: stdoutFile, stderrFile: stderrFile)
    try running.type(script)
    return running
  }
}
