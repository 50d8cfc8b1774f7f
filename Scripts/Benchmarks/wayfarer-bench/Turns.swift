import AppHarness
import CurlNetworking
import Explore
import Foundation
import LoopbackHTTP
import Networking
import ServiceAccess

/// `wayfarer-bench turns N`: N questions to the assistant in one
/// conversation, through the real app (chat screen, view model, App's
/// SQLite conversation store, the libcurl client) against a loopback Gemini
/// that answers at once.
///
/// Prints the time of a turn at the start, half-way and
/// at the end. A request holds the newest turns up to the chat's budget
/// (60,000 characters, about 3,500 of these short messages), so turns grow
/// dearer until the budget is full, about turn 1,750; past it a turn must
/// not cost more as the conversation grows (the whole conversation was once
/// read again each turn, 87 ms a turn at 9,000).
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
  let harness = try await AppFlowHarness(
    databasePath: folder.appendingPathComponent("turns.sqlite").path, assistant: (access, client))
  try await harness.logIn()
  await harness.type("explore")
  await harness.type("ask")
  let window = max(turns / 50, 10)
  var times: [Double] = []
  let clock = ContinuousClock()
  for turn in 1...turns {
    let started = clock.now
    await harness.type("Question \(turn)?")
    let elapsed = clock.now - started
    times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
  }
  func median(_ slice: ArraySlice<Double>) -> Double { slice.sorted()[slice.count / 2] }
  func format(_ value: Double) -> String { String(format: "%.2f", value) }
  let half = turns / 2
  let first = median(times.prefix(window))
  let middle = median(times[(half - window / 2)..<(half + window / 2)])
  let last = median(times.suffix(window))
  print("turns: \(turns) in one conversation, \(format(times.reduce(0, +) / 1e3)) s in all")
  print("median turn, turns 1–\(window): \(format(first)) ms (the budget not yet full)")
  print("median turn, around turn \(half): \(format(middle)) ms")
  print("median turn, the last \(window): \(format(last)) ms")
  print("last ÷ half-way: \(format(last / middle))× (past the budget a turn's cost must not grow: about 1×)")
}
