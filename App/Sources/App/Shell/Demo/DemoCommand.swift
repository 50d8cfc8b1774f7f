import Commands
import ErrorSentences
import Foundation
import Storage
import TextSafety

/// `wayfarer demo SCRIPT --cast FILE`: the script's lines typed into
/// Wayfarer on a pseudo-terminal of its own, on a throwaway home, recorded
/// as an asciicast v2 file any asciinema player shows.
@MainActor
enum DemoCommand {
  static let spec = ShellCommandSpec(
    ["demo"], summary: "Record a scripted session as an asciicast (asciinema) file",
    parameters: [Parameter("SCRIPT", .word, meaning: "SCRIPT is a file of lines to type, # starting a comment")],
    options: [
      ShellOption(
        "--cast", Parameter("FILE", .word, meaning: "FILE is where the recording goes"), summary: "Where to write it"),
      ShellOption("--force", summary: "Replace FILE if it exists"),
      ShellOption(
        "--size", Parameter("WxH", .word, meaning: "WxH is columns x rows, 40x10 to 300x100"),
        summary: "The terminal's size (default 100x30)"),
      ShellOption(
        "--typing", Parameter("MS", .number(range: 0...1_000), meaning: "MS is milliseconds per key, 0–1000"),
        summary: "Time between keys (default 40; 0 types each line at once)"),
      ShellOption(
        "--clock", Parameter("", .choice(["real", "fixed"]), meaning: "real or fixed"),
        summary: "fixed: synthetic times and WAYFARER_FIXED_TIME, the same file every run"),
    ],
    examples: [
      "wayfarer demo Demos/login-logout.demo --cast login-logout.cast",
      "wayfarer demo Demos/home.demo --cast home.cast --typing 0 --clock fixed", "asciinema play login-logout.cast",
    ])

  static let command = ShellCommand(spec) { arguments, io in
    guard let cast = arguments.value("--cast") else {
      io.say("Give the file to record to: --cast FILE.\nUsage: \(spec.usage)")
      return .usage
    }
    guard let size = size(arguments.value("--size") ?? "100x30") else {
      io.say("--size: give columns x rows, like 100x30 (40x10 to 300x100).")
      return .usage
    }
    guard let lines = script(at: arguments.words[0], io: io) else { return .failure }
    // The caller's own folders: not for the cast, nor for any line of the script.
    let guarded = (try? AppPaths.resolve(environment: ProcessInfo.processInfo.environment))?.ownFolders ?? .none
    if let folder = guarded.holding(cast) {
      io.say(
        "\(TextSanitizer.clean(cast, limit: 80)) is in \(TextSanitizer.clean(folder, limit: 80)), where Wayfarer keeps its own files; choose another folder."
      )
      return .failure
    }
    if !arguments.has("--force"), FileManager.default.fileExists(atPath: cast) {
      io.say("\(TextSanitizer.clean(cast, limit: 80)) already exists; --force replaces it.")
      return .failure
    }
    let settings = DemoRecorder.Settings(
      columns: size.columns, rows: size.rows, typingMilliseconds: arguments.number("--typing") ?? 40,
      fixedClock: arguments.value("--clock") == "fixed")
    return record(lines, to: cast, settings: settings, guarded: guarded, io: io)
  }

  private static func record(
    _ lines: [String], to cast: String, settings: DemoRecorder.Settings, guarded: OwnFolders, io: any ShellIO
  ) -> ShellStatus {
    let home: String
    do {
      home = try TemporaryFolder.make()
    } catch {
      io.say("A private folder for the demo could not be made: \(error).")
      return .failure
    }
    defer { try? FileManager.default.removeItem(atPath: home) }
    guard let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
      let recorder = DemoRecorder(settings: settings),
      let recording = recorder.record(program: program, home: home, lines: lines, guarded: guarded)
    else {
      io.say("Wayfarer could not be started on a terminal of its own.")
      return .failure
    }
    do {
      try AtomicFile.write(recording.bytes, to: cast, mode: 0o644)
    } catch {
      io.say("\(TextSanitizer.clean(cast, limit: 80)) could not be written: \(ErrorSentence.reason(for: error)).")
      return .failure
    }
    io.say("Recorded \(lines.count) lines in \(TextSanitizer.clean(cast, limit: 80)); play it with asciinema play.")
    return .success
  }

  /// `100x30` as columns and rows, within what a terminal can be.
  static func size(_ text: String) -> (columns: Int, rows: Int)? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), (40...300).contains(columns),
      (10...100).contains(rows)
    else { return nil }
    return (columns, rows)
  }

  /// The script's lines to type: comments and trailing blanks left out.
  static func script(at path: String, io: any ShellIO) -> [String]? {
    do {
      guard let bytes = try AtomicFile.read(path, maxBytes: 1 << 20) else {
        io.say("There is no script \(TextSanitizer.clean(path, limit: 80)).")
        return nil
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        io.say("\(TextSanitizer.clean(path, limit: 80)) is not UTF-8 text.")
        return nil
      }
      return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .filter { !$0.hasPrefix("#") }.reversed().drop { $0.isEmpty }.reversed()
    } catch {
      io.say("\(TextSanitizer.clean(path, limit: 80)) could not be read: \(ErrorSentence.reason(for: error)).")
      return nil
    }
  }
}
