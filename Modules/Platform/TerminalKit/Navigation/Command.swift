import TerminalConsole

/// Something a person can type on a screen.
///
/// Screens build their commands on demand (``Screen/commands``), so the
/// closures may capture the screen strongly without keeping it alive.
@MainActor
public struct Command {
  /// What may follow a command's name.
  ///
  /// The REPL checks it before the
  /// command runs, the same way on every screen: a missing or an extra
  /// argument is answered with the command's usage and what it takes,
  /// never passed on to become a sentence about nothing.
  public enum Arguments: Equatable, Sendable {
    /// Nothing: `refresh now` is refused.
    case none
    /// Exactly one word; `meaning` says what it is ("N is a row number, 1–20").
    case one(meaning: String)
    /// Any text, or none (`filter [TEXT]`, `city [NAME]`).
    case optionalText
    /// Some text, one word or more; `meaning` says what it is.
    case text(meaning: String)
  }

  /// The first word typed.
  public let name: String
  /// How it is typed, for help: `open N`, `filter [TEXT]`.
  public let usage: String
  public let summary: String
  /// What may follow the name.
  public let arguments: Arguments
  /// Words offered by Tab completion for the first argument: only what the
  /// command accepts now (listed numbers first, in numeric order, then words).
  public let completions: [String]
  public let run: @MainActor (CommandInput) async -> Void

  /// - Parameters:
  ///   - name: What is typed.
  ///   - usage: How `help` shows it with its arguments (`open N`).
  ///   - summary: What it does, for `help`.
  ///   - arguments: What may follow the name. Left out, a command with no
  ///     `usage` takes nothing, and one with a `usage` takes any text.
  ///   - completions: Words Tab offers for the first argument.
  ///   - run: What it does, given the typed arguments and the console.
  public init(
    _ name: String,
    usage: String? = nil,
    summary: String,
    arguments: Arguments? = nil,
    completions: [String] = [],
    run: @escaping @MainActor (CommandInput) async -> Void
  ) {
    self.name = name
    self.usage = usage ?? name
    self.summary = summary
    self.arguments = arguments ?? (usage == nil ? .none : .optionalText)
    self.completions = completions
    self.run = run
  }

  /// Why `words` (what followed the name) cannot be run, as a sentence;
  /// nil when they fit ``arguments``.
  public func refusal(of words: [String]) -> String? {
    switch arguments {
    case .none:
      words.isEmpty ? nil : "Usage: \(usage) — nothing goes after \(name)."
    case .one(let meaning):
      words.count == 1 ? nil : "Usage: \(usage) — \(meaning)."
    case .optionalText:
      nil
    case .text(let meaning):
      words.isEmpty ? "Usage: \(usage) — \(meaning)." : nil
    }
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

  /// `text` without one pair of quotes around it (`"my file.json"`,
  /// `'…'`), as a shell would take them; anything else as it is.
  ///
  /// The one
  /// rule for arguments that may hold spaces: a file name, a link.
  nonisolated public static func unquoted(_ text: String) -> String {
    guard text.count >= 2, let quote = text.first, quote == "\"" || quote == "'", text.last == quote else {
      return text
    }
    return String(text.dropFirst().dropLast())
  }
}
