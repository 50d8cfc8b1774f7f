// Login → every tab → logout, many times, through the real coordinators, in
// one process. Prints peak memory at cycle 1,000 and at the end, and what of
// the tab flow is still alive. Run by `Scripts/bench cycles`.
// `wayfarer-bench turns N` times assistant turns instead (Turns.swift).
import AppHarness
import Diagnostics
import Foundation
import TerminalNavigation

/// A memory figure of this process from /proc/self/status, in KiB:
/// `VmHWM` (peak resident) or `VmRSS` (resident now).
func memoryKiB(_ field: String) -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
  let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

@MainActor
func main() async throws {
  let cycles = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
  let checkpoint = min(1_000, cycles)
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wayfarer-bench-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  let harness = try await AppFlowHarness(databasePath: folder.appendingPathComponent("bench.sqlite").path)
  // What lives while logged out; the tab flow is whatever logging in adds
  // (read from the ledger, so a new tab's objects are counted without a list).
  let loggedOut = aliveCounts()
  var peakAtCheckpoint = 0
  var tabFlow: [String] = []
  var residentAtCheckpoint = 0
  let peakBefore = memoryKiB("VmHWM")
  let clock = ContinuousClock()
  let started = clock.now
  for cycle in 1...cycles {
    try await harness.logIn()
    await harness.visitTabs()
    if cycle == 1 { tabFlow = aliveCounts().filter { $0.value > loggedOut[$0.key] ?? 0 }.map(\.key).sorted() }
    await harness.logOut()
    if cycle == checkpoint {
      peakAtCheckpoint = memoryKiB("VmHWM")
      residentAtCheckpoint = memoryKiB("VmRSS")
    }
  }
  let elapsed = clock.now - started
  let peakAtEnd = memoryKiB("VmHWM")
  let residentAtEnd = memoryKiB("VmRSS")

  let rows = LifetimeLedger.shared.rows.filter { tabFlow.contains($0.typeName) }
  let aliveTabFlow = rows.map { $0.alive - (loggedOut[$0.typeName] ?? 0) }.reduce(0, +)
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

  print(
    "cycles: \(cycles) in \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", seconds / Double(cycles) * 1e6)) µs each)"
  )
  print("peak memory before the first cycle: \(peakBefore) KiB")
  print("peak memory at cycle \(checkpoint): \(peakAtCheckpoint) KiB (resident now \(residentAtCheckpoint) KiB)")
  print("peak memory at cycle \(cycles): \(peakAtEnd) KiB (resident now \(residentAtEnd) KiB)")
  print("growth: \(peakAtEnd - peakAtCheckpoint) KiB (limit 1024 KiB)")
  print("tab-flow types (alive while logged in, not while logged out): \(tabFlow.count)")
  print("tab-flow objects alive at the end: \(aliveTabFlow)")
  for row in rows {
    print("  \(row.typeName): alive \(row.alive), released \(row.released)")
  }
  let passed = peakAtEnd - peakAtCheckpoint < 1024 && aliveTabFlow == 0 && !tabFlow.isEmpty
  print(passed ? "result: pass" : "result: FAIL")
  if !passed { exit(1) }
}

/// How many of each tracked type are alive now, by type name.
func aliveCounts() -> [String: Int] {
  Dictionary(LifetimeLedger.shared.rows.map { ($0.typeName, $0.alive) }, uniquingKeysWith: +)
}

if CommandLine.arguments.dropFirst().first == "turns" {
  try await benchmarkTurns(CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 5_000)
} else {
  try await main()
}
