import Commands
import Diagnostics
import Foundation
import JSON
import TerminalText

/// `wayfarer memory-check`: login → every tab → logout, N times, through
/// the real coordinators on a throwaway database, then `debug memory`'s
/// table; exit 1 when anything of a finished tab flow is still alive.
enum MemoryCheckCommand {
  static let spec = ShellCommandSpec(
    ["memory-check"],
    summary: "Run login → every tab → logout cycles and check that each finished flow was released",
    options: [
      ShellOption(
        "--cycles", Parameter("N", .number(range: 1...10_000), meaning: "N is how many cycles, 1–10000"),
        summary: "How many cycles, 1–10000 (default 10)"),
      .json(fields: typeFields.names, of: "each type"),
    ],
    examples: ["wayfarer memory-check", "wayfarer memory-check --cycles 1000 --json"])

  /// What `--json` prints of each type the ledger counts.
  static let typeFields = JSONFields<LifetimeLedger.Row>([
    JSONField("type", text: { $0.typeName }), JSONField("alive", number: { $0.alive }),
    JSONField("released", number: { $0.released }),
  ])

  static let command = ShellCommand(spec) { arguments, io in
    let cycles = arguments.number("--cycles") ?? 10
    let folder: String
    do {
      folder = try TemporaryFolder.make()
    } catch {
      io.say(
        "A private folder for the check could not be made in TMPDIR (\(TemporaryFolder.base)): \(error).")
      return .failure
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let ledger = LifetimeLedger()
    let result: (rows: [LifetimeLedger.Row], leaked: [LifetimeLedger.Row])
    do {
      result = try await LifetimeLedger.$current.withValue(ledger) {
        try await run(cycles: cycles, databasePath: folder + "/check.sqlite", ledger: ledger)
      }
    } catch {
      io.say("The check could not run: \(error).")
      return .failure
    }
    if arguments.wantsJSON {
      io.write(bytes: json(result.rows, cycles: cycles, leaked: result.leaked, picked: arguments.jsonFields))
    } else {
      io.write(MemoryReport(rows: result.rows).lines.map { $0.plainText + "\n" }.joined())
    }
    guard result.leaked.isEmpty else {
      let names = result.leaked.map { "\($0.typeName) (\($0.alive))" }
      io.say("Still alive after the last logout: \(Phrase.list(names, "and")).")
      return .failure
    }
    io.say("\(cycles) cycle\(cycles == 1 ? "" : "s"): every finished tab flow was released.")
    return .success
  }

  /// The ledger's rows after `cycles` cycles, and the tab flow's types
  /// that are still alive once logged out.
  @MainActor
  static func run(cycles: Int, databasePath: String, ledger: LifetimeLedger) async throws
    -> (rows: [LifetimeLedger.Row], leaked: [LifetimeLedger.Row])
  {
    let harness = try await AppFlowHarness(databasePath: databasePath)
    let loggedOut = Set(ledger.rows.filter { $0.alive > 0 }.map(\.typeName))
    var tabFlow = Set<String>()
    for _ in 0..<cycles {
      try await harness.logIn()
      await harness.visitTabs()
      tabFlow.formUnion(ledger.rows.filter { $0.alive > 0 }.map(\.typeName))
      await harness.logOut()
    }
    let rows = ledger.rows
    return (rows, rows.filter { tabFlow.subtracting(loggedOut).contains($0.typeName) && $0.alive > 0 })
  }

  /// `{"schema_version": 1, "cycles", "types": [rows], "still_alive"}`,
  /// each row whole or of the `picked` fields.
  static func json(_ rows: [LifetimeLedger.Row], cycles: Int, leaked: [LifetimeLedger.Row], picked: [String]?)
    -> [UInt8]
  {
    var writer = JSONWriter(pretty: true)
    writer.object { object in
      object.member("schema_version", ShellJSON.schemaVersion)
      object.member("cycles", cycles)
      object.key("types")
      object.array { list in
        for row in rows { typeFields.write(row, picked: picked, to: &list) }
      }
      object.member("still_alive", leaked.map(\.typeName))
    }
    return writer.bytes + [UInt8(ascii: "\n")]
  }
}

/// A folder of the check's own under TMPDIR, removed by its caller.
enum TemporaryFolder {
  /// Why the folder could not be made: strerror's words.
  struct Failure: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
  }

  static var base: String {
    ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
  }

  static func make() throws -> String {
    var template = Array((base + "/wayfarer-memory-check.XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) }) else {
      throw Failure(reason: String(cString: strerror(errno)))
    }
    return String(cString: made)
  }
}
