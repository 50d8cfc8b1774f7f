// The assistant's streaming speed and memory, through Explore's real chat
// (builder, screen, view model, Gemini backend, libcurl client) against a
// loopback Gemini that writes a 2,000-token reply one token per SSE event.
// A console standing for the terminal notes when each token is written to
// it (and writes it to /dev/null). Prints the per-token latency (median,
// p99, max) from the server's write to the console's, the whole reply's
// time against the server's sending time, and resident memory across a
// 500-turn conversation (left out with `--reply-only`). Run by
// `Scripts/bench burst`: `assistant-bench [µS] [--reply-only] [--pairs N]
// [--plain] [--console-to PATH]`.
import CurlNetworking
import Diagnostics
import Explore
import FeatureEnvironment
import Foundation
import Locking
import LoopbackHTTP
import Networking
import ServiceAccess
import TerminalConsole
import TerminalIO
import TerminalNavigation
import TerminalText

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func memoryKiB(_ field: String) -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
  let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// One Gemini SSE event carrying `text` (the last with a finishReason).
func geminiEvent(_ text: String, last: Bool) -> Data {
  let finish = last ? #","finishReason":"STOP""# : ""
  return Data(
    (#"data: {"candidates":[{"content":{"role":"model","parts":[{"text":""# + text + #""}]}"# + finish
      + #","index":0}],"usageMetadata":{"promptTokenCount":5,"totalTokenCount":5}}"# + "\r\n\r\n").utf8)
}

/// Token `index` dressed in Markdown and JSON escapes, by its place.
func markdownToken(_ token: String, at index: Int) -> String {
  switch index % 50 {
  case 0 where index % 150 == 0: return "## " + token + " "
  case 49: return token + "\\n\\n"
  case 20...24: return "\\n- " + token + " "
  case 25: return "\\n\\n" + token + " "
  default: break
  }
  switch index % 7 {
  case 1: return "**" + token + "** "
  case 3: return "`" + token + "` "
  case 5: return #"\""# + token + #"\u00e9\" "#
  default: return token + " "
  }
}

/// When the console's gathered writes went out (a wait's flush, the
/// reply's last): a token is on the terminal at the first flush after it
/// was written.
let flushTimes = Locked<[UInt64]>([])

/// Each of `written` (ascending) moved to the first of `flushes` at or
/// after it; as it was when none came after.
func onTerminal(_ written: [UInt64], flushes: [UInt64]) -> [UInt64] {
  var next = 0
  return written.map { time in
    while next < flushes.count && flushes[next] < time { next += 1 }
    return next < flushes.count ? flushes[next] : time
  }
}

/// How many tokens (`w` and four digits) `text` holds that `seen` has not
/// flagged yet, flagged now.
///
/// A token's first sighting: the text after a
/// block drawn again repeats some. Read from the bytes in place and outside
/// the main actor (a closure on it checked its executor at each call), so
/// that the instrument costs little beside what it measures.
func firstSightings(in text: String, seen: UnsafeMutableBufferPointer<Bool>) -> Int {
  var text = text
  return text.withUTF8 { bytes in
    var found = 0
    var index = 0
    while index + 4 < bytes.count {
      if bytes[index] == UInt8(ascii: "w"), let number = tokenNumber(bytes, at: index + 1), !seen[number] {
        seen[number] = true
        found += 1
      }
      index += 1
    }
    return found
  }
}

/// The four digits at `start` as a number, if they are digits.
func tokenNumber(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
  var number = 0
  for offset in 0..<4 {
    let digit = bytes[start + offset] &- UInt8(ascii: "0")
    guard digit < 10 else { return nil }
    number = number * 10 + Int(digit)
  }
  return number
}

/// The terminal, as far as a streamed reply sees it: the real console
/// (which keeps the partial region, renders and writes each piece), its
/// output sent to /dev/null, and when each token (`wNNNN`) is first written.
///
/// It moves its cursor, so each paragraph is
/// drawn again rendered from Markdown once the next begins (the cost of
/// that is in the times of the tokens that follow).
@MainActor
final class TimingConsole: Console {
  let context: RenderContext
  var onInterrupt: (@MainActor () -> Void)?
  private let terminal: StandardConsole
  // Not checked for overlapping access (2 checks a token were a third of
  // the instrument's cost, callgrind): nothing runs inside their writes.
  @exclusivity(unchecked) private(set) var tokenTimes: [UInt64] = []
  /// The token numbers met (one flag each, `w0000` to `w9999`), kept
  /// for the whole run.
  private let seen: UnsafeMutableBufferPointer<Bool> = {
    let flags = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 10_000)
    flags.initialize(repeating: false)
    return flags
  }()
  private(set) var replacements = 0
  var recording = true

  /// `usesColor` false: a terminal without colours (`--plain`).
  init(usesColor: Bool) {
    let capabilities = TerminalCapabilities(
      inputIsTerminal: false, outputIsTerminal: true, usesColor: usesColor, usesUnicode: true)
    context = RenderContext(width: 100, capabilities: capabilities)
    terminal = StandardConsole(capabilities: capabilities, fallbackColumns: 100)
  }

  func write(_ lines: [StyledLine]) {}
  func writePartial(_ text: String, style: TextStyle) {
    terminal.writePartial(text, style: style)
    guard recording else { return }
    let now = nanoseconds()
    for _ in 0..<firstSightings(in: text, seen: seen) { tokenTimes.append(now) }
  }
  func replacePartial(with lines: [StyledLine]) -> Bool {
    replacements += 1
    return terminal.replacePartial(with: lines)
  }
  func flush() {
    terminal.flush()
    let now = nanoseconds()
    flushTimes.withLock { $0.append(now) }
  }
  func readLine(prompt: String) async -> String? { nil }
  func readSecret(prompt: String) async -> String? { nil }
  func setStatus(_ line: StyledLine?) {}
  func readCommand(prompt: String, completions: CompletionTable, history: LineHistory) async -> String? { nil }
  func remember(_ line: String, in history: LineHistory) {}
  func useHistory(at path: String?, for history: LineHistory) {}
  func reset() {
    tokenTimes = []
    flushTimes.withLock { $0 = [] }
    seen.update(repeating: false)
    replacements = 0
  }
}

/// Conversations kept in memory for the benchmark's one person.
@MainActor
final class MemoryConversations: ExploreConversationsStoring {
  private var stored: [Int64: StoredConversation] = [:]
  func createConversation(title: String, subject: String?, context: String?, systemPrompt: String?) throws -> Int64 {
    let id = Int64(stored.count + 1)
    stored[id] = StoredConversation(
      summary: ConversationSummary(id: id, title: title, subject: subject, updatedAt: Date()), context: context,
      systemPrompt: systemPrompt, messages: [])
    return id
  }
  /// False: messages are taken and dropped, as a database on disk would
  /// take them out of this process's memory.
  var keepsMessages = true
  private var nextMessageID: Int64 = 1
  func appendMessage(_ message: StoredMessage, to id: Int64) throws -> StoredMessage {
    var saved = message
    saved.id = nextMessageID
    nextMessageID += 1
    if keepsMessages { stored[id]?.messages.append(saved) }
    return saved
  }
  func messages(of id: Int64, after messageID: Int64?) throws -> [StoredMessage] {
    (stored[id]?.messages ?? []).filter { ($0.id ?? 0) > (messageID ?? 0) }
  }
  func setSystemPrompt(_ prompt: String?, of id: Int64) throws { stored[id]?.systemPrompt = prompt }
  func conversations() throws -> [ConversationSummary] { stored.values.map(\.summary) }
  func conversation(_ id: Int64) throws -> StoredConversation? { stored[id] }
  func deleteConversation(_ id: Int64) throws { stored[id] = nil }
  func restoreConversation(_ conversation: StoredConversation) throws -> Int64 {
    let id = Int64(stored.count + 1)
    stored[id] = conversation
    stored[id]?.summary.id = id
    return id
  }
}

@MainActor
final class NoBookmarks: ExploreBookmarksStoring, ExploreFeatureFlagsProviding {
  func isBookmarked(repository fullName: String) throws -> Bool { false }
  func saveRepository(_ repository: SavedRepository) throws {}
  func removeRepository(fullName: String) throws {}
  var areBookmarksEnabled: Bool { false }
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  let rank = (fraction * Double(sorted.count - 1)).rounded()
  return sorted[min(sorted.count - 1, max(0, Int(exactly: rank) ?? 0))]
}

/// One of our replies: question to last line, and what the server saw.
struct OurReply {
  /// Question asked to the reply's last line on the terminal.
  var wholeSeconds: Double
  /// The server's sending time while our reader read (request to last event).
  var sendingSeconds: Double
  /// Each token's time from the server's write to the terminal's, sorted.
  var latencies: [Double]
}

/// Times the server's events, request to last event, whoever reads them.
final class ServerClock: Sendable {
  let sent = Locked<[UInt64]>([])
  let requested = Locked<[UInt64]>([])

  func reset() {
    sent.withLock { $0 = [] }
    requested.withLock { $0 = [] }
  }

  /// Request to last event, if all `count` events were sent.
  func sendingSeconds(count: Int) -> Double? {
    let sent = sent.withLock { $0 }
    guard sent.count == count, let requested = requested.withLock({ $0.first }), let last = sent.last else {
      return nil
    }
    return Double(last &- requested) / 1e9
  }
}

/// The yardstick's reader: a bare socket that only drains the burst's bytes.
///
/// No HTTP parsing, no decoding, no drawing. Its connection is kept, as
/// libcurl keeps ours: on a new one each time, TCP's slow start and
/// delayed acknowledgements held the server back (2.6 to 45 ms).
///
/// It reads once the server has written the last event (``allSent``), into
/// a receive buffer that holds the whole burst, so the server never waits
/// for it and is never made to wake it. A reader blocked in `recv` while the
/// server sends is woken by the server's own `send`s, as often as the
/// scheduler lets it: on the server's core it preempts the server at each
/// wakeup, on the other core each wakeup is paid by the sending thread.
/// How many wakeups a burst made (a C model of this server and reader: 6 to
/// 437 reads for the same 2,000 events, each read an involuntary switch of
/// the server's when they shared a core) is what moved the same server's
/// sending time 2.5 to 10 ms between processes. Waiting with `SO_RCVLOWAT`
/// made the kernel slower (3.4 ms in the model) and hung when the window
/// closed; a reader that never sleeps (`MSG_DONTWAIT` in a loop) was steady
/// alone but took the server's CPU under load (22 ms).
final class BareReader {
  private let socket: Int32
  /// Signalled by the server just after it writes the burst's last event.
  private let allSent: DispatchSemaphore

  init?(port: Int, allSent: DispatchSemaphore) {
    self.allSent = allSent
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    var yes: Int32 = 1
    setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    // Room for the whole burst (the kernel doubles it, up to rmem_max's 4 MiB).
    var room: Int32 = 4 << 20
    setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &room, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      return nil
    }
  }

  deinit { close(socket) }

  /// Asks for the burst, waits until it is all sent (unless `asItComes`:
  /// reads while it is sent), and reads until its body's last chunk: true
  /// if it came.
  func drain(asItComes: Bool = false) -> Bool {
    let request = Array("POST /drain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n".utf8)
    guard send(socket, request, request.count, 0) == request.count else { return false }
    if asItComes {
      defer { _ = allSent.wait(timeout: .now() + 10) }
      return readToEnd()
    }
    guard allSent.wait(timeout: .now() + 10) == .success else { return false }
    return readToEnd()
  }

  private func readToEnd() -> Bool {
    let end = Array("\r\n0\r\n\r\n".utf8)
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var tail: [UInt8] = []
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      guard count > 0 else { return false }
      tail = Array((tail + buffer[..<count]).suffix(end.count))
      if tail == end { return true }
    }
  }
}

/// Asks the long question in a new conversation and times the reply.
@MainActor
func ourReply(chat: Screen, new: Command, console: TimingConsole, clock: ServerClock, tokens: Int) async
  -> OurReply?
{
  await new.run(CommandInput(argumentText: "", console: console))
  clock.reset()
  console.reset()
  let asked = nanoseconds()
  await chat.receiveText("Tell me a long story", console: console)
  let done = nanoseconds()
  let sent = clock.sent.withLock { $0 }
  guard let sending = clock.sendingSeconds(count: tokens), console.tokenTimes.count == tokens else { return nil }
  return OurReply(
    wholeSeconds: Double(done - asked) / 1e9, sendingSeconds: sending,
    latencies: zip(sent, onTerminal(console.tokenTimes, flushes: flushTimes.withLock { $0 })).map {
      Double(Int64(bitPattern: $1 &- $0)) / 1e6
    }.sorted())
}

func median(_ values: [Double]) -> Double { percentile(values.sorted(), 0.5) }

/// The reply's figures.
///
/// The ratio is our fastest whole reply over the
/// bare reader's fastest sending time, of the pairs: on a shared machine a
/// few milliseconds are often stretched by others' work (the bare reader's
/// 2.6 ms came as 2.6 to 67 ms), and the fastest of each is the time with
/// the least of it on both sides. Medians are printed beside them.
@MainActor
func printReplyFigures(
  ours: [OurReply], bare: [Double], asItComes: [Double], tokens: Int, interval: Int, console: TimingConsole
) {
  let whole = ours.map(\.wholeSeconds)
  print(
    "reply: \(tokens) tokens, one per SSE event, \(interval) µs apart, in paragraphs of 50 (\(console.replacements) drawn again rendered)"
  )
  print(
    String(
      format:
        "per-token latency (server write → terminal write): median %.3f ms, p99 %.3f ms, max %.3f ms (medians over %d replies; target p99 < 5 ms)",
      median(ours.map { percentile($0.latencies, 0.5) }), median(ours.map { percentile($0.latencies, 0.99) }),
      median(ours.map { $0.latencies.last ?? 0 }), ours.count))
  print(
    String(
      format:
        "medians of %d pairs: whole reply %.3f s, sending to the bare reader %.3f s, sending while ours reads %.3f s (a slow reader holds the server back)",
      ours.count, median(whole), median(bare), median(ours.map(\.sendingSeconds))))
  let fastest = whole.min() ?? 0
  let yardstick = bare.min() ?? 0
  print(
    String(
      format:
        "whole reply: %.4f s on the terminal (question to last line) for %.4f s of sending to a reader that only drains (request to last event, same server, interleaved; fastest of %d each): %.3f×",
      fastest, yardstick, ours.count, yardstick > 0 ? fastest / yardstick : 0))
  let floor = asItComes.min() ?? 0
  print(
    String(
      format:
        "against a bare reader that reads as it comes: %.4f s vs %.4f s (request to its last byte; fastest of %d each): %.3f×",
      fastest, floor, asItComes.count, floor > 0 ? fastest / floor : 0))
}

@MainActor
func main() async throws {
  let tokens = 2_000
  let intervalMicroseconds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000
  // `--reply-only`: the long reply alone, without the 500-turn memory runs.
  let replyOnly = CommandLine.arguments.contains("--reply-only")
  // `--pairs N`: how many (bare reader, ours) pairs are timed after one
  // pair of warm-up (the fastest of each side is reported).
  let pairs =
    CommandLine.arguments.firstIndex(of: "--pairs").flatMap {
      CommandLine.arguments.dropFirst($0 + 1).first.flatMap(Int.init)
    } ?? 10
  let turns = 500
  let clock = ServerClock()
  // Paragraphs of 50 tokens: each drawn again, rendered, as the next begins.
  // `--markdown`: tokens in Markdown and JSON escapes (bold, code, a
  // heading, a list, quotes, accents), to compare the console's bytes.
  let markdown = CommandLine.arguments.contains("--markdown")
  let longReply = (0..<tokens).map {
    let token = String(format: "w%04d", $0)
    let text = markdown ? markdownToken(token, at: $0) : token + ($0 % 50 == 49 ? "\\n\\n" : " ")
    return geminiEvent(text, last: $0 == tokens - 1)
  }
  let shortReply = (0..<20).map { geminiEvent("short\($0) ", last: $0 == 19) }
  let long = Locked(true)
  let allSent = DispatchSemaphore(value: 0)
  let server = try LoopbackHTTPServer(recordsRequests: false) { request in
    clock.requested.withLock { $0.append(nanoseconds()) }
    // The bare reader's request (`/drain`) gets the same long reply.
    let drain = request.target == "/drain"
    if drain || long.withLock({ $0 }) {
      return .eventStream(longReply, intervalMicroseconds: intervalMicroseconds) { index in
        let now = nanoseconds()
        clock.sent.withLock { $0.append(now) }
        if drain && index == tokens - 1 { allSent.signal() }
      }
    }
    return .eventStream(shortReply, intervalMicroseconds: 0) { _ in }
  }
  defer { server.stop() }

  let client = CurlHTTPClient(configuration: .init(userAgent: "wayfarer/bench"))
  let conversations = MemoryConversations()
  let tab = ExploreBuilder.build(
    dependencies: ExploreDependencies(
      github: nil, bookmarks: NoBookmarks(), flags: NoBookmarks(), browser: nil,
      assistant: AssistantAccess(
        gemini: .init(
          baseURL: URL(string: server.baseURL)!, key: AssistantKey(value: "bench", source: "GEMINI_API_KEY"),
          model: "gemini-2.5-flash"), openAI: nil),
      conversations: conversations),
    environment: Environment(client: client, cacheDirectory: "/nonexistent"))
  let console = TimingConsole(usesColor: !CommandLine.arguments.contains("--plain"))
  // The console's flush at a wait, timed too (after the console set it).
  BeforeWaiting.register {
    StandardOutput.flush()
    let now = nanoseconds()
    flushTimes.withLock { $0.append(now) }
  }
  guard let ask = tab.stack.root.commands.first(where: { $0.name == "ask" }) else { fatalError("no ask command") }
  await ask.run(CommandInput(argumentText: "", console: console))
  let chat = tab.stack.visibleScreen
  guard let new = chat.commands.first(where: { $0.name == "new" }) else { fatalError("no /new") }

  // 1. The 2,000-token reply read by a bare reader that only drains the
  // bytes, then by ours (each in a new conversation), in pairs: the first
  // pair warms up, the others are reported. The baseline is the server's
  // sending time to the bare reader: a slow reader holds the server back
  // (the socket fills), so the sending time measured while ours reads moved
  // with ours (3 to 11 ms on the same tree); to the bare reader it is as
  // short as this server sends. What the console writes goes to /dev/null,
  // the figures to standard output.
  let figures = dup(STDOUT_FILENO)
  // `--console-to PATH`: the console's bytes kept in PATH (to compare
  // them between two builds), not dropped.
  let kept = CommandLine.arguments.firstIndex(of: "--console-to").flatMap {
    CommandLine.arguments.dropFirst($0 + 1).first
  }
  let null = kept.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? open("/dev/null", O_WRONLY)
  dup2(null, STDOUT_FILENO)
  var ours: [OurReply] = []
  var bare: [Double] = []
  // The floor for any reader that reads while the server sends: the
  // server's sends then wake it, and pay for it (see `BareReader`).
  var asItComes: [Double] = []
  guard let reader = BareReader(port: server.port, allSent: allSent) else {
    fatalError("the bare reader could not connect")
  }
  for pair in 0...pairs {
    clock.reset()
    guard reader.drain(), let sending = clock.sendingSeconds(count: tokens) else {
      dup2(figures, STDOUT_FILENO)
      print("incomplete: the bare reader's burst did not all come")
      return
    }
    guard let reply = await ourReply(chat: chat, new: new, console: console, clock: clock, tokens: tokens) else {
      dup2(figures, STDOUT_FILENO)
      print(
        "incomplete: server sent \(clock.sent.withLock(\.count)), console saw \(console.tokenTimes.count) of \(tokens)")
      return
    }
    clock.reset()
    let asked = nanoseconds()
    guard reader.drain(asItComes: true) else {
      dup2(figures, STDOUT_FILENO)
      print("incomplete: the bare reader's burst did not all come as it came")
      return
    }
    let read = nanoseconds()
    if pair > 0 {
      bare.append(sending)
      ours.append(reply)
      asItComes.append(Double(read - asked) / 1e9)
    }
  }
  dup2(figures, STDOUT_FILENO)
  printReplyFigures(
    ours: ours, bare: bare, asItComes: asItComes, tokens: tokens, interval: intervalMicroseconds, console: console)

  if replyOnly { return }

  // 2. Memory across a 500-turn conversation (short replies, same chat).
  long.withLock { $0 = false }
  console.recording = false
  var residentAt50 = 0
  let started = nanoseconds()
  for turn in 1...turns {
    await chat.receiveText("Question \(turn)", console: console)
    if turn == 50 { residentAt50 = memoryKiB("VmRSS") }
  }
  let residentAtEnd = memoryKiB("VmRSS")
  print(
    String(
      format: "%d turns in %.2f s; resident memory at turn 50: %d KiB, at turn %d: %d KiB (growth %d KiB)",
      turns, Double(nanoseconds() - started) / 1e9, residentAt50, turns, residentAtEnd, residentAtEnd - residentAt50))
  let alive = LifetimeLedger.shared.rows.filter { ["StreamedReply"].contains($0.typeName) }.map(\.alive).reduce(0, +)
  print("reply writers alive after the last turn: \(alive)")

  // 3. The same 500 turns with the conversation itself out of the count:
  // messages go to the store and out of memory (as to SQLite), and /new
  // every 25 turns. What grows now is what each turn leaves behind.
  conversations.keepsMessages = false
  var residentBefore = 0
  for turn in 1...turns {
    if turn % 25 == 1 { await new.run(CommandInput(argumentText: "", console: console)) }
    await chat.receiveText("Question \(turn)", console: console)
    if turn == 50 { residentBefore = memoryKiB("VmRSS") }
  }
  let residentAfter = memoryKiB("VmRSS")
  print(
    "\(turns) turns without the conversation in memory: resident at turn 50: \(residentBefore) KiB, at turn \(turns): \(residentAfter) KiB (growth \(residentAfter - residentBefore) KiB)"
  )
}

try await main()
