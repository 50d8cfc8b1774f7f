import AppHarness
import CurlNetworking
import Explore
import Foundation
import LoopbackHTTP
import Networking
import ServiceAccess

/// `wayfarer-bench turns N`: a turn at the end of a conversation of N
/// questions against a turn half-way, through the real app (chat screen,
/// view model, App's SQLite conversation store, the libcurl client) against
/// a loopback Gemini that answers at once.
///
/// A request holds the newest turns up to the chat's budget (60,000
/// characters, about 3,500 of these short messages), so turns grow dearer
/// until the budget is full, about turn 1,750; past it a turn must not cost
/// more as the conversation grows (the whole conversation was once read
/// again each turn, 87 ms a turn at 9,000).
///
/// Two apps, each with its own database, are asked in turn: the long one
/// alone to N / 2, then both, one question each, so that the short one
/// reaches N / 2 as the long one reaches N. The last turns of the two are
/// compared pair by pair. Timed one after the other, windows seconds apart
/// on this machine differed by up to 40 % with nothing changed (16.4 to
/// 23.8 ms past the budget), as much as the growth the row looks for.
@MainActor
func benchmarkTurns(_ turns: Int) async throws {
  let server = try LoopbackHTTPServer(recordsRequests: false) { _ in
    .json(
      #"{"candidates":[{"content":{"role":"model","parts":[{"text":"A short answer."}]},"finishReason":"STOP"}]}"#)
  }
  defer { server.stop() }
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wayfarer-turns-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let client = CurlHTTPClient(configuration: .init(userAgent: "wayfarer-bench"))
  let access = AssistantAccess(
    gemini: .init(
      baseURL: URL(string: server.baseURL)!, key: Secret(value: "AIzaBenchKey1234", source: "GEMINI_API_KEY"),
      model: "gemini-2.5-flash"),
    openAI: nil)
  let long = try await chat(in: folder.appendingPathComponent("long.sqlite").path, access, client)
  let short = try await chat(in: folder.appendingPathComponent("short.sqlite").path, access, client)
  let half = turns / 2
  let window = max(turns / 50, 10)
  var early: [Double] = []
  for turn in 1...half {
    let time = await timed(long, "Question \(turn)?")
    if turn <= window { early.append(time) }
  }
  var pairs: [(short: Double, long: Double)] = []
  for turn in (half + 1)...(half * 2) {
    let atHalf = await timed(short, "Question \(turn - half)?")
    let atEnd = await timed(long, "Question \(turn)?")
    if turn > half * 2 - window { pairs.append((atHalf, atEnd)) }
  }
  report(turns: half * 2, early: early, pairs: pairs)
}

/// An app logged in, on Explore's assistant, with its own database.
@MainActor
private func chat(
  in databasePath: String, _ access: AssistantAccess, _ client: any HTTPClient & HTTPStreaming
) async throws -> AppFlowHarness {
  let harness = try await AppFlowHarness(databasePath: databasePath, assistant: (access, client))
  try await harness.logIn()
  await harness.type("explore")
  await harness.type("ask")
  return harness
}

/// Milliseconds to ask `question` and have its reply.
@MainActor
private func timed(_ harness: AppFlowHarness, _ question: String) async -> Double {
  let clock = ContinuousClock()
  let started = clock.now
  await harness.type(question)
  let elapsed = clock.now - started
  return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
}

private func report(turns: Int, early: [Double], pairs: [(short: Double, long: Double)]) {
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  func format(_ value: Double) -> String { String(format: "%.2f", value) }
  print("median turn, turns 1–\(early.count): \(format(median(early))) ms (the budget not yet full)")
  print("median turn, around turn \(turns / 2): \(format(median(pairs.map(\.short)))) ms")
  print("median turn, the last \(pairs.count): \(format(median(pairs.map(\.long)))) ms")
  print(
    "last ÷ half-way, pair by pair: \(format(median(pairs.map { $0.long / $0.short })))× "
      + "(past the budget a turn's cost must not grow: about 1×)")
}
