import Commands
import TerminalConsole

/// A command of a screen, as the REPL runs it: a declaration (``CommandSpec``)
/// joined to what performs its action.
///
/// Screens build their commands on demand (``Screen/commands``), once per
/// prompt, so what performs an action may hold the screen strongly
/// without keeping it alive.
@MainActor
public struct Command {
  /// The declaration: name, parameters, summary, completions.
  public let signature: CommandSignature
  /// Given the signature rather than holding a copy of the spec: a table
  /// is made at every prompt, and each string of a copy was retained and
  /// released again.
  @usableFromInline let bind: @MainActor (CommandSignature, ArgumentLine) -> Result<Invocation, CommandRefusal>

  /// `spec`'s action, done by `perform` with the console it was typed at.
  ///
  /// Inlinable, as ``table(_:perform:)`` is: each screen's module makes its
  /// commands for its own `Action`, without a generic call per command.
  @inlinable
  public init<Action>(_ spec: CommandSpec<Action>, perform: @escaping @MainActor (Action, any Console) async -> Void) {
    signature = spec.signature
    let make = spec.action
    bind = { signature, line in
      signature.check(line).map(make).map { action in Invocation { console in await perform(action, console) } }
    }
  }

  public var name: String { signature.name }
  /// How it is typed, for help: `open N`, `filter [TEXT]`.
  public var usage: String { signature.usage }
  public var summary: String { signature.summary }
  /// Words offered by Tab completion for the first argument: only what the
  /// command accepts now (listed numbers first, in numeric order, then words).
  public var completions: [String] { signature.completions }

  /// The action `line` (what followed the name) asks for, ready to run;
  /// or, when its form does not fit, the usage sentence that says why.
  public func invocation(for line: ArgumentLine) -> Result<Invocation, CommandRefusal> {
    bind(signature, line)
  }

  /// Runs the command on `input`, as typed after its name; a line whose
  /// form does not fit runs nothing.
  public func run(_ input: CommandInput) async {
    guard case .success(let invocation) = bind(signature, ArgumentLine(input.argumentText)) else { return }
    await invocation.run(input.console)
  }

  /// A command line parsed into its action, waiting for the console to run at.
  public struct Invocation {
    public let run: @MainActor (any Console) async -> Void

    @inlinable
    public init(run: @escaping @MainActor (any Console) async -> Void) {
      self.run = run
    }
  }
}

extension Command {
  /// `specs`, each performed by `perform` (a screen's handler of its actions).
  ///
  /// A static function rather than an initializer on `Array`: an extension
  /// of a standard type would tie every file that makes an array to this
  /// module's rebuilds.
  ///
  /// Inlinable and a loop: a screen makes its table at every prompt, and a
  /// generic `map` looked up `CommandSpec<Action>`'s metadata per command.
  @inlinable
  public static func table<Action>(
    _ specs: [CommandSpec<Action>], perform: @escaping @MainActor (Action, any Console) async -> Void
  ) -> [Command] {
    var commands: [Command] = []
    commands.reserveCapacity(specs.count)
    for spec in specs { commands.append(Command(spec, perform: perform)) }
    return commands
  }

  /// The command of `specs` named `name`, done by `perform`; nil when none is.
  ///
  /// For ``Screen/command(named:)``: one command made, not the table.
  @inlinable
  public static func named<Action>(
    _ name: String, in specs: [CommandSpec<Action>], perform: @escaping @MainActor (Action, any Console) async -> Void
  ) -> Command? {
    for spec in specs where spec.signature.name == name { return Command(spec, perform: perform) }
    return nil
  }

  /// The usage sentence when `line` does not fit the command; nil when it runs.
  public func refusal(of line: ArgumentLine) -> String? {
    if case .failure(let refusal) = invocation(for: line) { return refusal.sentence }
    return nil
  }
}

/// What a command receives when a test or a harness runs it directly: the
/// text after its name and the console to talk through.
@MainActor
public struct CommandInput {
  /// Everything after the command name, spacing kept (`filter São Paulo`).
  public let argumentText: String
  public let console: any Console

  public init(argumentText: String, console: any Console) {
    self.argumentText = argumentText
    self.console = console
  }
}
