import TextSafety

/// What the command line asked for.
enum CommandLineOptions: Equatable {
  case run
  /// `wayfarer open URL`: the REPL starts by following the link.
  case open(String)
  case help
  case version
  case invalid(String)

  static func parse(_ arguments: [String]) -> CommandLineOptions {
    let options = arguments.dropFirst()
    guard let first = options.first else { return .run }
    if first == "open" {
      guard options.count == 2, let link = options.last else {
        return .invalid("wayfarer open takes one link, like wayfarer://bookmarks.")
      }
      return .open(link)
    }
    guard options.count == 1 else {
      return .invalid(
        "wayfarer takes at most one option; got: \(TextSanitizer.clean(options.joined(separator: " "), limit: 60)).")
    }
    switch first {
    case "-h", "--help": return .help
    // -v as most tools take it, -V as some do.
    case "-v", "-V", "--version": return .version
    default: return .invalid("Unknown option '\(TextSanitizer.clean(first, limit: 40))'.")
    }
  }

  static let usage = """
    wayfarer \(AppInfo.version): places, code and an assistant in your terminal.

    Usage: wayfarer [-h | --help | -v | --version]
           wayfarer open URL

    \(linksHelp)

    Starts an interactive session. On a terminal, lines are edited with history
    (Up/Down) and Tab completion; Ctrl-C clears the line or cancels what is
    running; Ctrl-D or `quit` leaves. When standard input is a pipe, commands
    are read one per line with no prompt or colour, so a script gives the same
    output every time. Type `help` inside for the commands of each screen.

    Environment:
    \(environmentHelp)

    Files (under WAYFARER_HOME or the XDG folders):
      data/wayfarer.sqlite   accounts (Argon2id password hashes), settings and bookmarks
      state/session.json     who is logged in (mode 0600)
      state/history/         command history per account (mode 0600, no passwords)
      cache/                 nearby places (5 minutes) and GitHub records and READMEs (with ETags)

    Exit status: 0 after quit or end of input; 1 when the files cannot be used
    or output cannot be written; 2 for a bad option; 128 + N after signal N
    (SIGTERM, SIGHUP, SIGQUIT), with the terminal's settings restored.
    """

  /// The links the tabs declare, as one paragraph.
  static var linksHelp: String {
    let links = Tabs.linkPatterns.map { DeepLink.scheme + "://" + $0.form }.joined(separator: ", ")
    let paragraph =
      "`wayfarer open URL` starts by following a wayfarer:// link (after login, when logged out): \(links). "
      + "`open URL` does the same at the prompt."
    return DisplayWidth.wrap(paragraph, to: 76).joined(separator: "\n")
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
