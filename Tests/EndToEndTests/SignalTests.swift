import Foundation
import TestSupport
import XCTest

/// A Wayfarer ended by a signal while a reply comes: the question is never
/// lost (it is stored before it is sent), and SIGTERM or SIGHUP (the
/// terminal window closed) keep what arrived, marked stopped, as Ctrl-C does.
final class SignalTests: XCTestCase {
  private var home: TemporaryDirectory!
  private let register = ["register", "Ada", "Lovelace", "ada@example.com", "correct horse", "correct horse"]
  private let key = "AIzaSignalTestKey42"

  override func setUpWithError() throws {
    home = try TemporaryDirectory("wayfarer-signals")
  }

  override func tearDown() {
    home.remove()
  }

  /// Gemini that says `words` and then stays silent, the connection open.
  private func makeServer(saying words: [String]) throws -> LoopbackHTTPServer {
    try makeGeminiServer { request in
      guard !words.isEmpty else { return .stall }
      // The words, then silence with the connection open: the piece that
      // would end the reply never comes.
      let stream = AssistantFixtures.geminiStream(words + ["never"])
      let said = stream.dropLast().reduce(Data(), +)
      return .truncated(body: said + (stream.last ?? Data()), sentBytes: said.count)
    }
  }

  private func environment(_ server: LoopbackHTTPServer) -> [String: String] {
    ["GEMINI_API_KEY": key, "WAYFARER_GEMINI_URL": server.baseURL, "PATH": "/usr/bin:/bin"]
  }

  /// Waits (bounded) until the server has the question.
  private func waitForTheQuestion(_ server: LoopbackHTTPServer) throws {
    for _ in 0..<1_000 where !server.requests.contains(where: { $0.path.hasSuffix("enerateContent") }) {
      usleep(10_000)
    }
    XCTAssertTrue(server.requests.contains { $0.path.hasSuffix("enerateContent") }, "the question was never sent")
  }

  /// What a relaunch shows of the last conversation.
  private func relaunch(_ server: LoopbackHTTPServer) throws -> String {
    let run = try WayfarerBinary.run(
      script: ["explore", "ask", "/quit"], home: home.path, environment: environment(server))
    XCTAssertEqual(run.status, 0, run.stderr)
    return run.stdout
  }

  func test_SIGKILL_whileTheReplyIsAwaited_leavesTheQuestionStored() throws {
    let server = try makeServer(saying: [])
    let running = try WayfarerBinary.start(
      script: register + ["explore", "ask", "Will I be kept?"], home: home.path, environment: environment(server))
    try waitForTheQuestion(server)
    running.signal(SIGKILL)
    XCTAssertEqual(running.wait().reason, .uncaughtSignal)

    let shown = try relaunch(server)
    XCTAssertTrue(shown.contains("Resumed “Will I be kept?” (1 message)"), shown)
    XCTAssertTrue(shown.contains("you> Will I be kept?\n"), shown)
  }

  /// Piped, a reply comes whole: SIGTERM while it is awaited ends Wayfarer
  /// with 143 at once, the question kept.
  func test_SIGTERM_whileAPipedReplyIsAwaited_endsWith143_andKeepsTheQuestion() throws {
    let server = try makeServer(saying: [])
    let running = try WayfarerBinary.start(
      script: register + ["explore", "ask", "Am I kept?"], home: home.path, environment: environment(server))
    try waitForTheQuestion(server)
    let signalled = ContinuousClock.now
    running.signal(SIGTERM)
    let ended = running.wait()

    XCTAssertEqual(ended.reason, .exit)
    XCTAssertEqual(ended.status, 143)
    XCTAssertLessThan(ContinuousClock.now - signalled, .seconds(3), "the reply was stopped, not waited for")
    XCTAssertTrue(try relaunch(server).contains("you> Am I kept?\n"))
  }

  /// In a terminal the reply streams in: SIGTERM, and SIGHUP (the window
  /// closed), stop it as Ctrl-C does and keep what arrived, marked stopped.
  func test_SIGTERMAndSIGHUP_inATerminal_keepWhatArrived() throws {
    try XCTSkipUnless(TmuxSession.isAvailable, "tmux is not installed (Scripts/bootstrap.sh installs it)")
    let registered = try WayfarerBinary.run(script: register + ["quit"], home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
    for (signal, status) in [(SIGTERM, 143), (SIGHUP, 129)] {
      let server = try makeServer(saying: ["Kept ", "words ", "number \(signal)."])
      let terminal = try TmuxSession(
        command: [WayfarerBinary.url.path],
        environment: environment(server).merging([
          "WAYFARER_HOME": home.path, "HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
        ]) { $1 })
      try terminal.answer("home>", with: "explore")
      try terminal.answer("explore>", with: "ask")
      try terminal.answer("explore/ask>", with: "Tell me \(signal)")
      try terminal.waitFor("number \(signal).")
      let pid = try XCTUnwrap(try terminal.programID())
      kill(pid, signal)
      try terminal.waitFor("EXITED:\(status)", timeout: 5)

      let shown = try relaunch(server)
      XCTAssertTrue(shown.contains("you> Tell me \(signal)\n"), shown)
      XCTAssertTrue(shown.contains("Kept words number \(signal)."), shown)
      XCTAssertTrue(shown.contains("(stopped)"), "kept, and marked stopped, as when it stopped:\n\(shown)")
      XCTAssertFalse(shown.contains("(incomplete)"), "one label for a stopped reply:\n\(shown)")
    }
  }

  /// `wayfarer ask` stopped by Ctrl-C or SIGTERM keeps what it printed,
  /// marked stopped, as the REPL does, and ends with 128 + the signal.
  func test_askStoppedByCtrlCOrSIGTERM_keepsWhatItPrinted() throws {
    let registered = try WayfarerBinary.run(script: register + ["quit"], home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
    for (signal, status): (Int32, Int32) in [(SIGINT, 130), (SIGTERM, 143)] {
      let server = try makeServer(saying: ["Printed ", "words ", "number \(signal)."])
      let running = try WayfarerBinary.start(
        script: [], home: home.path, arguments: ["ask", "Tell me \(signal)"], environment: environment(server))
      try running.endInput()  // piped input, read before the words are asked (as llm reads it)
      for _ in 0..<1_000 where !running.stdout.contains("number \(signal).") { usleep(10_000) }
      running.signal(signal)
      let ended = running.wait(timeout: 10)

      XCTAssertEqual(ended.reason, .exit, "ended by itself, not by the signal")
      XCTAssertEqual(ended.status, status)
      XCTAssertEqual(ended.stdout, "Printed words number \(signal).\n")
      XCTAssertEqual(ended.stderr, "wayfarer: Stopped; what arrived is kept in the conversation.\n")
      let shown = try relaunch(server)
      XCTAssertTrue(shown.contains("you> Tell me \(signal)\n"), shown)
      XCTAssertTrue(shown.contains("Printed words number \(signal)."), shown)
      XCTAssertTrue(shown.contains("(stopped)"), "kept, and marked stopped:\n\(shown)")
    }
  }

  /// Stopped before any of the reply came, `ask` prints nothing and says
  /// so: the question is kept, not "what arrived".
  func test_askStoppedBeforeAnyReply_printsNothing_andSaysTheQuestionIsKept() throws {
    let registered = try WayfarerBinary.run(script: register + ["quit"], home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
    let server = try makeServer(saying: [])
    for (number, arguments) in [["ask", "Silent?"], ["ask", "--json", "Silent?"]].enumerated() {
      let running = try WayfarerBinary.start(
        script: [], home: home.path, arguments: arguments, environment: environment(server))
      try running.endInput()
      for _ in 0..<1_000 where server.requests.count <= number { usleep(10_000) }
      running.signal(SIGINT)
      let ended = running.wait(timeout: 10)

      XCTAssertEqual(ended.status, 130, "\(arguments)")
      XCTAssertEqual(ended.stdout, "", "\(arguments): no line of a reply that never came")
      XCTAssertEqual(
        ended.stderr, "wayfarer: Stopped before any reply came; the question is kept in the conversation.\n")
    }
  }

  /// `wayfarer ask` into a pipe whose reader has already gone: stopped at
  /// once, quietly, the question kept; nothing is waited for.
  func test_askIntoAPipeWithNoReader_endsAtOnce_keepingTheQuestion() throws {
    let registered = try WayfarerBinary.run(script: register + ["quit"], home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
    let server = try makeServer(saying: ["Nobody ", "reads ", "this."])
    let started = ContinuousClock.now
    let ended = try WayfarerBinary.run(
      script: [], home: home.path, arguments: ["ask", "Anyone?"], environment: environment(server),
      output: .closedPipe, timeout: 30)

    XCTAssertEqual(ended.status, 1)
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(5), "the stalled rest was not waited for")
    let shown = try relaunch(server)
    XCTAssertTrue(shown.contains("you> Anyone?\n"), shown)
    XCTAssertFalse(shown.contains("Nobody"), "stopped before the reply:\n\(shown)")

    // Output that fails otherwise (a full disk) is said, as for any command.
    let full = try WayfarerBinary.run(
      script: [], home: home.path, arguments: ["ask", "Full?"], environment: environment(server),
      standardOutput: "/dev/full", timeout: 30)
    XCTAssertEqual(full.status, 1)
    XCTAssertEqual(full.stderr, "wayfarer: cannot write to standard output: No space left on device\n")
  }

  /// `ask … | head -1` while the server has gone quiet: the reader's going
  /// is heard at once, not at the next write (which could wait out the
  /// 20 s budget for silence); what arrived is kept, marked stopped.
  func test_askWhoseReaderGoesWhileTheServerIsQuiet_endsAtOnce() throws {
    let registered = try WayfarerBinary.run(script: register + ["quit"], home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
    let server = try makeServer(saying: ["line one\n", "line two\n"])
    let process = Process()
    process.executableURL = WayfarerBinary.url
    process.arguments = ["ask", "Two lines?"]
    process.environment = environment(server).merging([
      "WAYFARER_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8",
    ]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // As head -1: read until both lines came (the server is then silent), then go.
    var read = Data()
    while !String(decoding: read, as: UTF8.self).contains("line two"), read.count < 1_000 {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      read += chunk
    }
    try output.fileHandleForReading.close()
    let left = ContinuousClock.now
    for _ in 0..<1_000 where process.isRunning { usleep(10_000) }
    let took = ContinuousClock.now - left
    if process.isRunning { process.terminate() }
    process.waitUntilExit()

    XCTAssertLessThan(took, .seconds(5), "the silence was not waited out")
    XCTAssertEqual(process.terminationStatus, 1)
    XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "")
    let shown = try relaunch(server)
    XCTAssertTrue(shown.contains("line two"), shown)
    XCTAssertTrue(shown.contains("(stopped)"), "kept, and marked stopped:\n\(shown)")
  }

  /// Whether one of process `pid`'s threads waits in poll(2) on standard
  /// input (the kernel's /proc/PID/task/*/syscall says which call each waits in).
  private func waitsForInput(_ pid: Int32) -> Bool {
    #if arch(x86_64)
      let poll = "7 "
    #else
      let poll = "73 "  // ppoll
    #endif
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.contains { task in
      let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
      return call.hasPrefix(poll)
    }
  }

  /// Ctrl-C while `ask` waits for a piped question ends it at once, with
  /// 130 and nothing asked.
  func test_askWaitingForAPipedQuestion_endsAtCtrlC() throws {
    let registered = try WayfarerBinary.run(script: register + ["quit"], home: home.path)
    XCTAssertEqual(registered.status, 0, registered.stderr)
    let server = try makeServer(saying: ["Never asked."])
    let running = try WayfarerBinary.start(
      script: [], home: home.path, arguments: ["ask"], environment: environment(server))
    for _ in 0..<1_000 where !waitsForInput(running.pid) { usleep(10_000) }
    let signalled = ContinuousClock.now
    running.signal(SIGINT)
    let ended = running.wait(timeout: 10)

    XCTAssertEqual(ended.reason, .exit)
    XCTAssertEqual(ended.status, 130)
    XCTAssertLessThan(ContinuousClock.now - signalled, .seconds(2), "ended at once, not after the grace")
    XCTAssertEqual(ended.stdout, "")
    XCTAssertTrue(server.requests.isEmpty, "nothing was asked")
  }

  /// Piped output is gathered until Wayfarer waits: SIGTERM while a long
  /// command keeps the main actor busy past the grace period (an import
  /// of 99,000 bookmarks) still lets out what the commands before it wrote.
  func test_SIGTERM_duringALongImport_keepsWhatEarlierCommandsWrote() throws {
    let file = home.file("many.json")
    let place =
      #"{"version":3,"id":"offline-x%d","name":"Place %d","category":"tourism","city":"Lisboa","#
      + #""latitude":38.7,"longitude":-9.1,"savedAt":"2026-12-03T10:00:00.000Z"}"#
    let places = (0..<99_000).map { String(format: place, $0, $0) }.joined(separator: ",")
    let export = #"{"format":"wayfarer-bookmarks","version":1,"exportedAt":"2026-12-03T10:00:00.000Z","places":["#
    try Data((export + places + #"],"repositories":[]}"#).utf8).write(to: URL(fileURLWithPath: file))
    let running = try WayfarerBinary.start(script: register, home: home.path)
    for _ in 0..<1_000 where !running.stdout.contains("Account created") { usleep(10_000) }
    // One block of input: help's page is gathered, not written, when the import starts.
    try running.type(["help", "bookmarks", "import " + file])
    usleep(1_000_000)
    running.signal(SIGTERM)
    let ended = running.wait(timeout: 60)

    XCTAssertEqual(ended.status, 143)
    XCTAssertTrue(ended.stdout.contains("Follow a wayfarer:// link"), ended.stdout)
  }
}
