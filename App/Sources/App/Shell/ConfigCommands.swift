import Commands
import ErrorSentences
import Foundation
import Storage
import TextSafety

/// `wayfarer config list | get | set | unset`, as `gh config` has them:
/// the config file's settings, named as the environment variables.
@MainActor
enum ConfigCommands {
  private static var name: Parameter {
    Parameter(
      "NAME", .choice(ConfigFile.settableNames), meaning: "NAME is a setting, named as its environment variable")
  }

  static var commands: [ShellCommand] {
    [
      ShellCommand(
        ShellCommandSpec(
          ["config", "list"], summary: "List the settings in use, keys shown only in part",
          examples: ["wayfarer config list"])
      ) { _, io in list(io: io) },
      ShellCommand(
        ShellCommandSpec(
          ["config", "get"], summary: "Print one setting's value (a key only in part)", parameters: [name],
          examples: ["wayfarer config get WAYFARER_LOCATION"])
      ) { arguments, io in get(arguments.words[0], io: io) },
      ShellCommand(
        ShellCommandSpec(
          ["config", "set"], summary: "Save a setting in the config file (checked as the environment's)",
          parameters: [
            name,
            Parameter("VALUE", .word, meaning: "VALUE is what to save; - reads it from standard input (for keys)"),
          ],
          examples: [
            "wayfarer config set WAYFARER_LOCATION 38.72,-9.14",
            "printf '%s\\n' \"$KEY\" | wayfarer config set GEMINI_API_KEY -",
          ])
      ) { arguments, io in set(arguments.words[0], arguments.words[1], io: io) },
      ShellCommand(
        ShellCommandSpec(
          ["config", "unset"], summary: "Remove a setting from the config file", parameters: [name],
          examples: ["wayfarer config unset GEMINI_API_KEY"])
      ) { arguments, io in unset(arguments.words[0], io: io) },
    ]
  }

  /// The config file's path, or nil after saying why there is none.
  private static func path(io: any ShellIO) -> String? {
    do {
      return try AppPaths.resolve(environment: ProcessInfo.processInfo.environment).configFile
    } catch {
      io.say(ErrorSentence.reason(for: error))
      return nil
    }
  }

  /// `value` as list and get show it: a key's first four characters only.
  nonisolated static func shown(_ value: String, of name: String) -> String {
    guard Configuration.secretVariableNames.contains(name) else { return TextSanitizer.clean(value, limit: 200) }
    return value.count >= 12 ? TextSanitizer.clean(String(value.prefix(4))) + "…(set)" : "(set)"
  }

  static func list(io: any ShellIO) -> ShellStatus {
    guard let path = path(io: io) else { return .failure }
    let file = ConfigFile.read(at: path)
    for warning in file.warnings { io.say(warning) }
    let environment = ProcessInfo.processInfo.environment
    let values = file.values
    var lines: [String] = []
    for name in ConfigFile.settableNames {
      if let value = environment[name], !value.isEmpty {
        lines.append("\(name) = \(shown(value, of: name))  # from the environment")
      } else if let value = values[name] {
        lines.append("\(name) = \(shown(value, of: name))")
      }
    }
    if lines.isEmpty { io.say("Nothing is set; wayfarer config set NAME VALUE saves a setting in \(path).") }
    io.write(lines.map { $0 + "\n" }.joined())
    return .success
  }

  static func get(_ name: String, io: any ShellIO) -> ShellStatus {
    guard let path = path(io: io) else { return .failure }
    let value =
      ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
      ?? ConfigFile.read(at: path).values[name]
    guard let value else {
      io.say("\(name) is not set.")
      return .failure
    }
    io.write(shown(value, of: name) + "\n")
    return .success
  }

  static func set(_ name: String, _ typed: String, io: any ShellIO) -> ShellStatus {
    var value = typed
    if typed == "-" {
      guard !io.inputIsTerminal, let input = io.readInput(limit: 8_192) else {
        if io.inputIsTerminal { io.say("VALUE - reads standard input, which is a terminal here; pipe the value in.") }
        return io.inputIsTerminal ? .usage : .failure
      }
      // The line ends `echo` and files leave are not part of it; a second
      // line would have been dropped unseen.
      var line = Substring(input)
      while line.last?.isNewline == true { line.removeLast() }
      guard !line.contains(where: \.isNewline) else {
        io.say("Standard input holds more than one line, and a setting is one line; nothing was saved.")
        return .failure
      }
      value = String(line)
    }
    if let problem = ConfigFile.problem(name: name, value: value) {
      io.say("\(problem); nothing was saved.")
      return .usage
    }
    return save(name, value, io: io)
  }

  static func unset(_ name: String, io: any ShellIO) -> ShellStatus {
    save(name, nil, io: io)
  }

  private static func save(_ name: String, _ value: String?, io: any ShellIO) -> ShellStatus {
    guard let path = path(io: io) else { return .failure }
    let file = ConfigFile.read(at: path)
    // A file that was refused or could not be read is not replaced: what
    // it holds would be lost.
    guard file.warnings.isEmpty || !file.lines.isEmpty else {
      for warning in file.warnings { io.say(warning) }
      io.say("The config file was left as it is.")
      return .failure
    }
    do {
      _ = try Directories.makePrivate((path as NSString).deletingLastPathComponent)
      try file.setting(name, to: value).write(to: path)
    } catch {
      io.say("\(TextSanitizer.clean(path)) could not be written: \(ErrorSentence.reason(for: error)).")
      return .failure
    }
    io.say(
      value.map { "Saved \(name) = \(shown($0, of: name)) in \(TextSanitizer.clean(path))." } ?? "\(name) is unset.")
    if let overriding = ProcessInfo.processInfo.environment[name], !overriding.isEmpty {
      io.say("\(name) is also set in the environment, which wins over the file.")
    }
    return .success
  }
}
