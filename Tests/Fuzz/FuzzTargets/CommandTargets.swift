import AppHarness
import Foundation

extension FuzzTarget {
  /// Lines typed into the whole app, logged in, offline: the REPL's parser,
  /// every screen's commands and arguments.
  ///
  /// One app serves every input
  /// (the database is made once); each input starts on Home, logged in.
  static let commandLines = FuzzTarget.onMainActor("commands", "lines typed into the app") { bytes in
    let harness: AppFlowHarness
    if let made = CommandLineApp.harness {
      harness = made
    } else {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wayfarer-fuzz-\(getpid())")
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      CommandLineApp.folder = folder.path
      // The run ends with exit(), from libFuzzer or the replayer: the
      // database goes with it.
      atexit(removeTheAppsFolder)
      guard let made = try? await AppFlowHarness(databasePath: folder.appendingPathComponent("fuzz.sqlite").path)
      else { fatalError("the app could not start") }
      CommandLineApp.harness = made
      harness = made
    }
    try? await harness.logIn()
    let lines = String(decoding: bytes.prefix(4_096), as: UTF8.self).split(separator: "\n").prefix(16)
    for line in lines where !line.lowercased().hasPrefix("quit") {
      await harness.type(String(line))
    }
    await harness.logOut()
  }
}

/// The app the command lines go to, made on the first input.
@MainActor
enum CommandLineApp {
  static var harness: AppFlowHarness?
  /// Where its database is, removed at exit.
  nonisolated(unsafe) static var folder: String?
}

/// Removes the app's folder, at exit (on whichever thread calls exit).
private func removeTheAppsFolder() {
  CommandLineApp.folder.map { _ = try? FileManager.default.removeItem(atPath: $0) }
}
