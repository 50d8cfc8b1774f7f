/// A `--word` a one-shot command takes: a switch (`--force`), an option
/// with a value (`--limit N`, `--sort=stars`), or `--json`, a switch that
/// may name fields (`--json=fullName,stars`).
public struct ShellOption: Sendable, Equatable {
  /// As typed, `--limit`.
  public let name: String
  /// The value's kind; nil for a switch, which takes none.
  public let value: Parameter?
  /// What it does, for help and the manual.
  public let summary: String
  /// The fields this switch may be narrowed to (``ShellJSONFields``); nil
  /// for every option but `--json`.
  public let fields: ShellJSONFields?

  /// A switch: `--force`.
  public init(_ name: String, summary: String) {
    self.name = name
    value = nil
    self.summary = summary
    fields = nil
  }

  /// An option with a value of `value`'s kind (its placeholder names it).
  public init(_ name: String, _ value: Parameter, summary: String) {
    self.name = name
    self.value = value
    self.summary = summary
    fields = nil
  }

  /// `--json`: the data as JSON on standard output, all of it or the
  /// fields named.
  ///
  /// `fields` are the names of the members of each record, in the order a
  /// bare `--json` writes them (a `JSONFields`' names); `records` says
  /// what holds them, for help: "each repository".
  public static func json(fields: [String], of records: String) -> ShellOption {
    ShellOption(json: ShellJSONFields(names: fields, records: records))
  }

  /// `--limit N`, how many `things` (1–100) a command lists.
  ///
  /// `defaultCount` is said in help; declared once for `search` and `places`.
  public static func limit(of things: String, defaultCount: Int) -> ShellOption {
    ShellOption(
      "--limit", Parameter("N", .number(range: 1...100), meaning: "N is how many, 1–100"),
      summary: "How many \(things), 1–100 (default \(defaultCount))")
  }

  private init(json fields: ShellJSONFields) {
    name = ShellJSONFields.option
    value = nil
    summary =
      "Print the data as JSON; with FIELDS, only those members of \(fields.records), in that order (see JSON OUTPUT in wayfarer(1))"
    self.fields = fields
  }

  /// How help writes it: `--force`, `--limit N`, `--json[=FIELDS]`.
  public var usage: String {
    if fields != nil { return "\(name)[=\(ShellJSONFields.placeholder)]" }
    return value.map { "\(name) \($0.placeholder)" } ?? name
  }
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

/// Why a one-shot command's words were not taken: the sentence for
/// standard error and the exit status (2 for a usage mistake; 1 for an
/// unknown JSON field, as gh exits).
public struct ShellRefusal: Error, Equatable, Sendable {
  public let sentence: String
  public let status: ShellStatus

  public init(sentence: String, status: ShellStatus = .usage) {
    self.sentence = sentence
    self.status = status
  }
}
