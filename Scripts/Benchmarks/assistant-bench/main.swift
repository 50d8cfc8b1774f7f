// The assistant's streaming speed and memory, through Explore's real chat
// (builder, screen, view model, Gemini backend, libcurl client) against a
// loopback Gemini that writes a 2,000-token reply one token per SSE event.
// A console standing for the terminal notes when each token is written to
// it (and writes it to /dev/null). Prints the per-token latency (median,
// p99, max) from the server's write to the console's, the whole reply's
// time against the server's sending time, and resident memory across a
// 500-turn conversation (left out with `--reply-only`). Run by
// `Scripts/bench burst`: `assistant-bench [µS] [--reply-only]`.
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

/// The terminal, as far as a streamed reply sees it: the real console
/// (which keeps the partial region, renders and writes each piece), its
/// output sent to /dev/null, and when each token (`wNNNN`) is first written.
///
/// It moves its cursor, so each paragraph is
/// drawn again rendered from Markdown once the next begins (the cost of
/// that is in the times of the tokens that follow).
@MainActor
final class TimingConsole: Console {
  private static let capabilities = TerminalCapabilities(
    inputIsTerminal: false, outputIsTerminal: true, usesColor: true, usesUnicode: true)
  let context = RenderContext(width: 100, capabilities: TimingConsole.capabilities)
  var onInterrupt: (@MainActor () -> Void)?
  private let terminal = StandardConsole(capabilities: TimingConsole.capabilities, fallbackColumns: 100)
  private(set) var tokenTimes: [UInt64] = []
  private var seen = [Bool](repeating: false, count: 10_000)
  private(set) var replacements = 0
  var recording = true

  func write(_ lines: [StyledLine]) {}
  func writePartial(_ text: String, style: TextStyle) {
    terminal.writePartial(text, style: style)
    guard recording else { return }
    let now = nanoseconds()
    var text = text
    // A token's first sighting: the text after a block drawn again repeats
    // some. Read from the bytes in place, so that the instrument costs
    // little beside what it measures (it was 15 % of the reader's samples).
    text.withUTF8 { bytes in
      var index = 0
      while index + 4 < bytes.count {
        if bytes[index] == UInt8(ascii: "w"), let number = Self.tokenNumber(bytes, at: index + 1),
          seen[number] == false
        {
          seen[number] = true
          tokenTimes.append(now)
        }
        index += 1
      }
    }
  }
  /// The four digits at `start` as a number, if they are digits.
  private static func tokenNumber(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
    var number = 0
    for offset in 0..<4 {
      let digit = bytes[start + offset] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      number = number * 10 + Int(digit)
    }
    return number
  }
  func replacePartial(with lines: [StyledLine]) -> Bool {
    replacements += 1
    return terminal.replacePartial(with: lines)
  }
  func readLine(prompt: String) async -> String? { nil }
  func readSecret(prompt: String) async -> String? { nil }
  func setStatus(_ line: StyledLine?) {}
  func readCommand(prompt: String, completions: CompletionTable, history: LineHistory) async -> String? { nil }
  func remember(_ line: String, in history: LineHistory) {}
  func useHistory(at path: String?, for history: LineHistory) {}
  func reset() {
    tokenTimes = []
    seen = [Bool](repeating: false, count: 10_000)
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

@MainActor
func main() async throws {
  let tokens = 2_000
  let intervalMicroseconds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 1_000
  // `--reply-only`: the long reply alone, without the 500-turn memory runs.
  let replyOnly = CommandLine.arguments.contains("--reply-only")
  let turns = 500
  let sentTimes = Locked<[UInt64]>([])
  let requestTimes = Locked<[UInt64]>([])
  // Paragraphs of 50 tokens: each drawn again, rendered, as the next begins.
  let longReply = (0..<tokens).map {
    geminiEvent(String(format: "w%04d", $0) + ($0 % 50 == 49 ? "\\n\\n" : " "), last: $0 == tokens - 1)
  }
  let shortReply = (0..<20).map { geminiEvent("short\($0) ", last: $0 == 19) }
  let long = Locked(true)
  let server = try LoopbackHTTPServer(recordsRequests: false) { _ in
    requestTimes.withLock { $0.append(nanoseconds()) }
    if long.withLock({ $0 }) {
      return .eventStream(longReply, intervalMicroseconds: intervalMicroseconds) { index in
        let now = nanoseconds()
        sentTimes.withLock { $0.append(now) }
        _ = index
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
  let console = TimingConsole()
  guard let ask = tab.stack.root.commands.first(where: { $0.name == "ask" }) else { fatalError("no ask command") }
  await ask.run(CommandInput(argumentText: "", console: console))
  let chat = tab.stack.visibleScreen

  // 1. One 2,000-token reply, three times; the last run is reported. What
  // the console writes goes to /dev/null, the figures to standard output.
  let figures = dup(STDOUT_FILENO)
  let null = open("/dev/null", O_WRONLY)
  dup2(null, STDOUT_FILENO)
  var latencies: [Double] = []
  var ratio = 0.0
  var serverSeconds = 0.0
  var wholeSeconds = 0.0
  for _ in 0..<3 {
    sentTimes.withLock { $0 = [] }
    requestTimes.withLock { $0 = [] }
    console.reset()
    let asked = nanoseconds()
    await chat.receiveText("Tell me a long story", console: console)
    let done = nanoseconds()
    let sent = sentTimes.withLock { $0 }
    let requested = requestTimes.withLock { $0.first } ?? asked
    guard sent.count == tokens, console.tokenTimes.count == tokens else {
      dup2(figures, STDOUT_FILENO)
      print("incomplete: server sent \(sent.count), console saw \(console.tokenTimes.count) of \(tokens)")
      return
    }
    latencies = zip(sent, console.tokenTimes).map { Double(Int64(bitPattern: $1 &- $0)) / 1e6 }.sorted()
    serverSeconds = Double(sent[tokens - 1] - requested) / 1e9
    wholeSeconds = Double(done - asked) / 1e9
    ratio = wholeSeconds / serverSeconds
  }
  dup2(figures, STDOUT_FILENO)
  print(
    "reply: \(tokens) tokens, one per SSE event, \(intervalMicroseconds) µs apart, in paragraphs of 50 (\(console.replacements) drawn again rendered)"
  )
  print(
    String(
      format:
        "per-token latency (server write → terminal write): median %.3f ms, p99 %.3f ms, max %.3f ms (target p99 < 5 ms)",
      percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.last ?? 0))
  print(
    String(
      format:
        "whole reply: %.3f s on the terminal (question to last line) for %.3f s of sending (request to last event): %.3f× (target < 1.2×)",
      wholeSeconds, serverSeconds, ratio))

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
  guard let new = chat.commands.first(where: { $0.name == "new" }) else { fatalError("no /new") }
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
