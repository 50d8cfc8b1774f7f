/// A command declared once, as data.
///
/// It holds its name, what may follow it, what it does, and how the words
/// typed after it become an `Action`. The same declaration gives the usage line, help, Tab completion and the
/// check of what was typed; the view model behind the action is the one
/// place that decides whether the values make sense now.
public struct CommandSpec<Action>: Sendable {
  /// The signature: everything but the action, readable without one.
  public let signature: CommandSignature
  private let make: @Sendable (Arguments) -> Action

  /// - Parameters:
  ///   - name: The first word typed.
  ///   - parameters: What may follow it, in order; only the last may be
  ///     optional or `.text`.
  ///   - flags: `--words` it takes before or after its parameters.
  ///   - summary: What it does, for help.
  ///   - action: The action the typed arguments make.
  public init(
    _ name: String, _ parameters: Parameter..., flags: [Flag] = [], summary: String,
    action: @escaping @Sendable (Arguments) -> Action
  ) {
    signature = CommandSignature(name: name, parameters: parameters, flags: flags, summary: summary)
    make = action
  }

  /// A command that takes nothing and always means `action`.
  public init(_ name: String, summary: String, action: Action) where Action: Sendable {
    signature = CommandSignature(name: name, parameters: [], flags: [], summary: summary)
    make = { _ in action }
  }

  public var name: String { signature.name }

  /// What makes the action of arguments that fit: for a command table,
  /// which keeps the signature once and only this beside it.
  public var action: @Sendable (Arguments) -> Action { make }

  /// The action `line` (what followed the name) asks for, or why it cannot
  /// be run: the command's usage and what its parameter is.
  public func parse(_ line: ArgumentLine) -> Result<Action, CommandRefusal> {
    signature.check(line).map(make)
  }
}

/// A command as help, completion and usage lines read it: no action.
public struct CommandSignature: Sendable, Equatable {
  public let name: String
  public let parameters: [Parameter]
  public let flags: [Flag]
  public let summary: String

  public init(name: String, parameters: [Parameter], flags: [Flag], summary: String) {
    self.name = name
    self.parameters = parameters
    self.flags = flags
    self.summary = summary
  }

  /// How it is typed: `open N`, `filter [TEXT]`, `export FILE [--force]`.
  public var usage: String {
    ([name] + parameters.map(\.usage) + flags.map { "[\($0.name)]" }).joined(separator: " ")
  }

  /// What Tab offers for the first word after the name.
  public var completions: [String] {
    (parameters.first?.completions ?? []) + flags.map(\.name)
  }

  /// The arguments of `line` sorted out (flags apart, the parameters'
  /// words counted), or the usage refusal when they do not fit.
  public func check(_ line: ArgumentLine) -> Result<Arguments, CommandRefusal> {
    let (rest, given) = line.takingFlags(flags.map(\.name))
    let words = rest.words
    guard let last = parameters.last else {
      return words.isEmpty ? .success(Arguments(line: rest, flags: given)) : .failure(refusal(nil))
    }
    let required = parameters.count - (last.isOptional ? 1 : 0)
    let fits: Bool =
      switch last.kind {
      case .text: words.count >= required
      default: words.count >= required && words.count <= parameters.count
      }
    guard fits else {
      // The first one missing, or the last when there are too many words.
      return .failure(refusal(words.count < required ? parameters[words.count] : last))
    }
    return .success(Arguments(line: rest, flags: given))
  }

  /// The usage sentence, naming what `parameter` is.
  ///
  /// "Usage: open N — N is a row number, 1–20."; with no parameter,
  /// "Usage: refresh — nothing goes after refresh."
  private func refusal(_ parameter: Parameter?) -> CommandRefusal {
    CommandRefusal(
      sentence: "Usage: \(usage) — \(parameter?.meaning ?? "nothing goes after \(name)")."
    )
  }
}

/// Why a command line was not run: the sentence says how it is typed.
public struct CommandRefusal: Error, Equatable, Sendable {
  public let sentence: String

  public init(sentence: String) {
    self.sentence = sentence
  }
}
