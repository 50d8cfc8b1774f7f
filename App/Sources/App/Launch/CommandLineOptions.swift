import Commands
import TextSafety
import TextWidth

/// What the command line asked for.
enum CommandLineOptions: Equatable {
  case run
  /// `wayfarer open URL`: the REPL starts by following the link.
  case open(String)
  case help
  case version
  /// `wayfarer search harbor`: a one-shot command and what follows it.
  case command([String])
  case invalid(String)

  /// What `arguments` (the process's, its name first) ask for, `commands`
  /// being the one-shot commands' first words.
  static func parse(_ arguments: [String], commands: [String] = []) -> CommandLineOptions {
    let options = arguments.dropFirst()
    guard let first = options.first else { return .run }
    if commands.contains(first) { return .command(Array(options)) }
    // gh's `help COMMAND`: the command's own --help.
    if first == "help" {
      let asked = Array(options.dropFirst())
      // `open` and `help` itself are told in the usage.
      guard let command = asked.first, !["open", "help"].contains(command) else { return .help }
      guard commands.contains(command) else { return unknown(command, commands: commands) }
      return .command(asked + ["--help"])
    }
    if first == "open" {
      if options.count == 2, let word = options.last, ["-h", "--help"].contains(word) { return .help }
      guard options.count == 2, let link = options.last else {
        return .invalid("wayfarer open takes one link, like wayfarer://bookmarks.")
      }
      return .open(link)
    }
    if !first.hasPrefix("-") { return unknown(first, commands: commands) }
    if let command = options.first(where: commands.contains) {
      return .invalid("Options go after the command: wayfarer \(command) … \(TextSanitizer.visible(first, limit: 40)).")
    }
    guard options.count == 1 else {
      return .invalid(
        "wayfarer takes at most one option; got: \(TextSanitizer.visible(options.joined(separator: " "), limit: 60)).")
    }
    switch first {
    case "-h", "--help": return .help
    // -v as most tools take it, -V as some do.
    case "-v", "-V", "--version": return .version
    default: return .invalid("Unknown option '\(TextSanitizer.visible(first, limit: 40))'.")
    }
  }

  /// A word no command has, with the one it is a near miss of (gh's
  /// "Did you mean this?").
  private static func unknown(_ word: String, commands: [String]) -> CommandLineOptions {
    let unknown = "Unknown command '\(TextSanitizer.visible(word, limit: 40))'."
    guard let nearest = NearestName.to(word, among: commands + ["open", "help"]) else { return .invalid(unknown) }
    return .invalid(unknown + " Did you mean \(nearest)?")
  }

  @MainActor
  static var usage: String {
    """
    wayfarer \(AppInfo.version): places, code and an assistant in your terminal.

    Usage: wayfarer [-h | --help | -v | --version]
           wayfarer open URL
           wayfarer COMMAND [ARGUMENTS] [OPTIONS]

    Commands (wayfarer help COMMAND for each):
    \(commandsHelp)

    \(linksHelp)

    \(DisplayWidth.wrap(session, to: 76).joined(separator: "\n"))

    Environment:
    \(environmentHelp)

    Files (under WAYFARER_HOME or the XDG folders):
    \(files.map { DisplayWidth.pad("  " + $0.name, to: 25) + $0.meaning }.joined(separator: "\n"))

    Exit status:
    \(exitStatuses.map { DisplayWidth.pad("  " + $0.status, to: 9) + $0.meaning }.joined(separator: "\n"))
    """
  }

  /// What `wayfarer` alone does, for help and the manual.
  static let session = """
    With no command, starts an interactive session. On a terminal, lines are edited with history \
    (Up/Down) and Tab completion; Ctrl-C clears the line or cancels what is running; Ctrl-D or `quit` \
    leaves. When standard input is a pipe, commands are read one per line with no prompt or colour, \
    so a script gives the same output every time. Type `help` inside for the commands of each screen.
    """

  /// Wayfarer's files, under WAYFARER_HOME or the XDG folders.
  static let files: [(name: String, meaning: String)] = [
    ("data/wayfarer.sqlite", "accounts (Argon2id password hashes), settings and bookmarks"),
    ("state/session.json", "who is logged in (mode 0600)"),
    ("state/history/", "command history per account (mode 0600, no passwords)"),
    ("cache/", "nearby places (5 minutes) and GitHub records and READMEs (with ETags)"),
  ]

  /// The exit statuses, as gh keeps them.
  static let exitStatuses: [(status: String, meaning: String)] = [
    ("0", "after quit or the end of input, or when a command succeeded"),
    ("1", "a command failed, the files cannot be used or output cannot be written"),
    ("2", "a bad option or argument"),
    ("4", "the command needs a login (wayfarer login)"),
    ("128+N", "after signal N (SIGTERM, SIGHUP, SIGQUIT; SIGINT for ask), the terminal's settings restored"),
  ]

  /// A line per one-shot command: its name and what it does.
  @MainActor
  static var commandsHelp: String {
    ShellCommands.specs.map { spec in
      DisplayWidth.pad("  " + spec.name, to: 22) + spec.summary
    }.joined(separator: "\n")
  }

  /// The links the tabs declare, as one paragraph.
  static var linksHelp: String {
    DisplayWidth.wrap(linksParagraph, to: 76).joined(separator: "\n")
  }

  static var linksParagraph: String {
    let links = Tabs.linkPatterns.map { DeepLink.scheme + "://" + $0.form }.joined(separator: ", ")
    return "`wayfarer open URL` starts by following a wayfarer:// link (after login, when logged out): \(links). "
      + "`open URL` does the same at the prompt."
  }

  /// The variables `Configuration` reads, from its own table.
  static var environmentHelp: String {
    Configuration.variables.map { variable in
      let name = "  " + variable.name
      let column = 25
      return name.count < column
        ? DisplayWidth.pad(name, to: column) + variable.meaning
        : name + "\n" + String(repeating: " ", count: column) + variable.meaning
    }.joined(separator: "\n")
  }
}
