// One executable for every fuzz target: WAYFARER_FUZZ_TARGET names it.
// Built by Scripts/fuzz with libFuzzer (coverage, AddressSanitizer), it
// fuzzes; built as part of the package, it replays the corpora it is given
// (the regression tests of every crash kept).
import CFuzzDriver
import Dispatch
import Foundation

let name = ProcessInfo.processInfo.environment["WAYFARER_FUZZ_TARGET"] ?? ""
guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
  let names = FuzzTarget.all.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
  FileHandle.standardError.write(Data("Set WAYFARER_FUZZ_TARGET to one of:\n\(names)\n".utf8))
  exit(2)
}
FuzzTarget.selected = target

// The fuzzer runs on a thread of its own: targets that need the main actor
// (the app's screens) hop to it, and the main thread serves them.
let fuzzing = Thread {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    FuzzTarget.selected?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
  }
  exit(status)
}
fuzzing.stackSize = 16 << 20
fuzzing.start()
dispatchMain()
