import Commands
import PreLogin
import TerminalIO

/// Every one-shot command: login, each tab's, the checks and the scripts.
///
/// The tabs' come in the order the tabs are listed; `wayfarer` with no
/// command starts the REPL.
@MainActor
enum ShellCommands {
  /// The table over `launch`, which opens the files when a command asks.
  static func table(_ launch: ShellLaunch) -> ShellCommandTable {
    let commands =
      PreLoginBuilder.shellCommands(dependencies: launch.preLogin)
      + Tabs.all.flatMap { $0.shellCommands(launch) }
      + ConfigCommands.commands + [MemoryCheckCommand.command, DemoCommand.command, completion, ManualPage.command]
    return ShellCommandTable(commands)
  }

  /// The table without files: what `--help`, completion and the manual read.
  static var specs: [ShellCommandSpec] { table(ShellLaunch(environment: [:])).specs }

  /// The options `wayfarer` takes alone.
  static let topOptions = ["--help", "--version"]

  static let completion = ShellCommand(
    ShellCommandSpec(
      ["completion"], summary: "Print a shell completion script",
      parameters: [
        Parameter(
          "SHELL", .choice(CompletionScript.shells),
          meaning: "SHELL is \(Phrase.list(CompletionScript.shells, "or"))")
      ],
      examples: [
        "source <(wayfarer completion bash)", "wayfarer completion zsh > \"${fpath[1]}/_wayfarer\"",
        "wayfarer completion fish > ~/.config/fish/completions/wayfarer.fish",
      ])
  ) { arguments, io in
    let table = table(ShellLaunch(environment: [:]))
    guard
      let script = CompletionScript.script(
        for: arguments.words.first ?? "", table: table, program: "wayfarer", topOptions: topOptions)
    else { return .usage }
    io.write(script)
    return .success
  }

  /// Runs the command `words` (the command line after `wayfarer`) names
  /// in `table` (made over `launch`, and already read for the first word),
  /// and returns the exit status.
  static func run(_ words: [String], in table: ShellCommandTable, launch: ShellLaunch) async -> Int32 {
    TerminalSignals.interruptEndsProcess()
    defer { launch.end() }
    let io = StandardShellIO()
    let status: ShellStatus
    if words.count == 2, ShellCommandSpec.asksForHelp([words[1]]), let help = table.help(of: words[0]) {
      io.write(help + "\n")
      StandardOutput.flush()
      return WayfarerApp.finish()
    }
    switch table.find(words) {
    case .unknown:
      io.say("Unknown command \(ShellCommandSpec.quoted(words.first ?? "")). See wayfarer --help.")
      status = .usage
    case .unknownMember(let group, let word, let members):
      io.say(
        "Unknown \(group) command \(ShellCommandSpec.quoted(word)); try \(Phrase.list(members, "or")). See wayfarer \(group) --help."
      )
      status = .usage
    case .command(let command, let rest) where command.spec.keepsWhatItMadeWhenStopped:
      let (stoppedStatus, signal) = await runStoppable(command, rest, launch: launch, io: io)
      StandardOutput.flush()
      if let signal { return 128 + signal }
      status = stoppedStatus
    case .command(let command, let rest):
      status = await run(command, rest, launch: launch, io: io)
    }
    StandardOutput.flush()
    guard status == .success else {
      // A command that failed because its output did (`ask > /dev/full`)
      // says why, as a command that succeeded does; a closed pipe, never.
      if let problem = StandardOutput.failureDescription { WayfarerApp.printError(problem) }
      return status.rawValue
    }
    return WayfarerApp.finish()
  }

  /// Runs `command` as a task that the first Ctrl-C, SIGTERM or SIGHUP
  /// cancels, and returns its status and the signal, if one came.
  ///
  /// As Ctrl-C stops a reply in the REPL, the command keeps what it made;
  /// a second signal ends Wayfarer at once. So does a reader of its output
  /// that goes.
  private static func runStoppable(
    _ command: ShellCommand, _ words: [String], launch: ShellLaunch, io: StandardShellIO
  ) async -> (ShellStatus, signal: Int32?) {
    let task = Task { await run(command, words, launch: launch, io: io) }
    TerminalSignals.deliverTermination(includingInterrupt: true) { _ in task.cancel() }
    // The reader of its output gone (`| head -1`): stopped as by Ctrl-C, quietly.
    let watch = ReaderWatch { task.cancel() }
    defer { watch?.stop() }
    return (await task.value, TerminalSignals.handedOverSignal)
  }

  private static func run(_ command: ShellCommand, _ words: [String], launch: ShellLaunch, io: StandardShellIO) async
    -> ShellStatus
  {
    if ShellCommandSpec.asksForHelp(words) {
      io.write(command.spec.help + "\n")
      return .success
    }
    switch command.spec.parse(words) {
    case .failure(let refusal):
      io.say(refusal.sentence)
      return refusal.status
    case .success(let arguments):
      if command.spec.needsLogin {
        guard launch.open() != nil else { return .failure }
        guard launch.accountID != nil else {
          io.say("Log in first: wayfarer login")
          return .needsLogin
        }
      }
      return await command.run(arguments, io: io)
    }
  }
}
