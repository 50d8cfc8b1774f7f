import Commands

/// `wayfarer.1`, written from the tables help reads: the commands and
/// their options, the environment, the files and the exit statuses.
@MainActor
enum ManualPage {
  static let command = ShellCommand(
    ShellCommandSpec(
      ["manual"], summary: "Print the manual page (roff): wayfarer manual | man -l -",
      examples: ["wayfarer manual | man -l -", "wayfarer manual > ~/.local/share/man/man1/wayfarer.1"])
  ) { _, io in
    io.write(roff(specs: ShellCommands.specs))
    return .success
  }

  static func roff(specs: [ShellCommandSpec]) -> String {
    var lines = [
      ".TH WAYFARER 1 \(AppInfo.manualDate) \"wayfarer \(AppInfo.version)\" \"User Commands\"",
      ".SH NAME", "wayfarer \\- places, code and an assistant in your terminal",
      ".SH SYNOPSIS", ".B wayfarer", ".RB [ \\-h | \\-\\-help | \\-v | \\-\\-version ]", ".br",
      ".B wayfarer open", ".I URL", ".br", ".B wayfarer", ".I command", ".RI [ arguments ]", ".RI [ options ]",
      ".SH DESCRIPTION", escaped(CommandLineOptions.session),
      ".PP", escaped(CommandLineOptions.linksParagraph),
      ".SH COMMANDS",
    ]
    for spec in specs { lines += command(spec) }
    lines += jsonOutput(specs: specs) + [".SH ENVIRONMENT"]
    for variable in Configuration.variables {
      lines += [".TP", ".B \(escaped(variable.name))", escaped(variable.meaning)]
    }
    lines += [".SH FILES", "Under WAYFARER_HOME, or the XDG folders:"]
    for file in CommandLineOptions.files { lines += [".TP", ".I \(escaped(file.name))", escaped(file.meaning)] }
    lines.append(".SH EXIT STATUS")
    for exit in CommandLineOptions.exitStatuses {
      lines += [".TP", ".B \(escaped(exit.status))", escaped(exit.meaning)]
    }
    lines.append(".SH EXAMPLES")
    for (index, example) in specs.flatMap(\.examples).prefix(8).enumerated() {
      lines += (index == 0 ? [] : [".PP"]) + [".EX", escaped(example), ".EE"]
    }
    lines += [".SH SEE ALSO", ".BR gh (1),", ".BR llm (1)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One command: its usage, what it does, its arguments and options.
  static func command(_ spec: ShellCommandSpec) -> [String] {
    var lines = [
      ".SS \(escaped(spec.name))", ".B \(escaped(spec.usage))", ".PP",
      escaped(spec.summary + "." + (spec.needsLogin ? " Needs a login." : "")),
    ]
    for parameter in spec.parameters {
      lines += [".TP", ".I \(escaped(parameter.placeholder))", escaped(parameter.meaning) + "."]
    }
    for option in spec.options {
      var value = option.value.map { " \\fI\(escaped($0.placeholder))\\fR" } ?? ""
      if option.fields != nil { value = "[=\\fI\(ShellJSONFields.placeholder)\\fR]" }
      lines += [".TP", "\\fB\(escaped(option.name))\\fR\(value)", escaped(option.summary) + "."]
    }
    return lines
  }

  /// What --json prints, how fields are picked, and each command's fields.
  static func jsonOutput(specs: [ShellCommandSpec]) -> [String] {
    var lines = [
      ".SH JSON OUTPUT",
      escaped(
        "With --json a command prints one JSON document on standard output. Its first member is schema_version (now \(ShellJSON.schemaVersion)), raised when a member changes meaning or goes away; members keep their order. Places and repositories are the records of the bookmarks file that bookmarks export writes, with their own version member."
      ),
      ".PP",
      escaped(
        "\(ShellJSONFields.rule) The document around the records stays as it is; each record then holds only the fields named, without its version. A field the command does not have is an error (exit status 1) that lists the fields it has."
      ),
      ".PP", "The fields of each command's records:",
    ]
    for spec in specs {
      guard let fields = spec.jsonFields else { continue }
      lines += [".TP", ".B \(escaped(spec.name))", escaped(fields.names.joined(separator: ", "))]
    }
    return lines
  }

  /// `text` as roff prints it literally, filled into lines of at most 78
  /// bytes: backslashes, dashes and every non-ASCII character escaped, an
  /// address kept from hyphenation, no line starting with a control
  /// character.
  static func escaped(_ text: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      let roff = (word.contains("://") ? "\\%" : "") + escapedWord(word)
      if !line.isEmpty, line.utf8.count + 1 + roff.utf8.count > 78 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + roff
    }
    lines.append(line)
    return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }.joined(separator: "\n")
  }

  private static func escapedWord(_ word: Substring) -> String {
    var out = ""
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
      default: out += "\\[u" + hex(scalar.value) + "]"
      }
    }
    return out
  }

  /// At least four upper-case hex digits, as roff names a character.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
