import Dispatch
import Foundation

/// One parser (or one path of outside data) under the fuzzer.
struct FuzzTarget: Sendable {
  let name: String
  let summary: String
  let run: @Sendable ([UInt8]) -> Void

  nonisolated(unsafe) static var selected: FuzzTarget?

  /// Every target, as Scripts/fuzz lists them. Most reach inside the
  /// modules, so a release build (`swift build -c release`) has only these.
  #if DEBUG
    static let all: [FuzzTarget] = [
      json, geoapify, github, gemini, openAI, serverSentEvents, deepLinks, bookmarkImport, markdown, sessionFile,
      commandLineOptions, commandLines,
    ]
  #else
    static let all: [FuzzTarget] = [commandLines]
  #endif

  /// A target whose work needs the main actor: run there, and waited for.
  static func onMainActor(
    _ name: String, _ summary: String, _ work: @escaping @MainActor @Sendable ([UInt8]) async -> Void
  ) -> FuzzTarget {
    FuzzTarget(name: name, summary: summary) { bytes in
      let done = DispatchSemaphore(value: 0)
      Task { @MainActor in
        await work(bytes)
        done.signal()
      }
      done.wait()
    }
  }
}

/// Stops the run with `message` when `condition` is false: the fuzzer
/// records the input as a crash.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

/// No escape, C1 control, BEL or other C0 control but a line feed: what
/// sanitised text may hold.
func isTerminalSafe(_ text: String) -> Bool {
  text.unicodeScalars.allSatisfy { scalar in
    scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
  }
}
