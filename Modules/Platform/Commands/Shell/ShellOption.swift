/// A `--word` a one-shot command takes: a switch (`--json`) or an option
/// with a value (`--limit N`, `--sort=stars`).
public struct ShellOption: Sendable, Equatable {
  /// As typed, `--limit`.
  public let name: String
  /// The value's kind; nil for a switch, which takes none.
  public let value: Parameter?
  /// What it does, for help and the manual.
  public let summary: String

  /// A switch: `--json`.
  public init(_ name: String, summary: String) {
    self.name = name
    value = nil
    self.summary = summary
  }

  /// An option with a value of `value`'s kind (its placeholder names it).
  public init(_ name: String, _ value: Parameter, summary: String) {
    self.name = name
    self.value = value
    self.summary = summary
  }

  /// How help writes it: `--json`, `--limit N`.
  public var usage: String {
    value.map { "\(name) \($0.placeholder)" } ?? name
  }

  /// `--json`: the data as JSON on standard output.
  public static let json = ShellOption("--json", summary: "Print the data as JSON (see JSON OUTPUT in wayfarer(1))")
}

/// How a one-shot command ends: the process's exit status, as gh keeps them.
public enum ShellStatus: Int32, Sendable, Equatable {
  case success = 0
  /// It ran and failed: a service, a file, nothing found.
  case failure = 1
  /// It was typed wrong: an unknown option, a missing or bad value.
  case usage = 2
  /// It needs a logged-in account and there is none.
  case needsLogin = 4
}
