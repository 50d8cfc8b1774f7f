/// Something a person can type on a screen.
///
/// Screens build their commands on demand (``Screen/commands``), so the
/// closures may capture the screen strongly without keeping it alive.
@MainActor
public struct Command {
  /// The first word typed.
  public let name: String
  /// How it is typed, for help: `open N`, `filter [TEXT]`.
  public let usage: String
  public let summary: String
  /// Words offered by Tab completion for the first argument.
  public let completions: [String]
  public let run: @MainActor (CommandInput) async -> Void

  public init(
    _ name: String,
    usage: String? = nil,
    summary: String,
    completions: [String] = [],
    run: @escaping @MainActor (CommandInput) async -> Void
  ) {
    self.name = name
    self.usage = usage ?? name
    self.summary = summary
    self.completions = completions
    self.run = run
  }
}

/// What a command receives: its arguments and the console to talk through.
@MainActor
public struct CommandInput {
  /// Words after the command name.
  public let arguments: [String]
  /// Everything after the command name, spacing kept (`filter São Paulo`).
  public let argumentText: String
  public let console: any Console

  public init(arguments: [String], argumentText: String, console: any Console) {
    self.arguments = arguments
    self.argumentText = argumentText
    self.console = console
  }

  /// Parses the first argument as a 1-based item number.
  public var number: Int? {
    arguments.first.flatMap(Int.init)
  }
}
