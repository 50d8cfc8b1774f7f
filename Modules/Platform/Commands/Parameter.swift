/// One thing that may follow a command's name: what it is called in the
/// usage (`N`, `QUERY`), what kind of word it is, and what it means.
///
/// A parameter checks only the form of what is typed: how many words. A
/// number's word becomes a whole number or nil, and whether it names a row,
/// or a name a known thing, is the view model's to say.
public struct Parameter: Sendable, Equatable {
  /// What kind of word a parameter takes.
  public enum Kind: Sendable, Equatable {
    /// A whole number; `range` is what is valid now (rows 1–20), nil when
    /// that is not known (a conversation's number in `/list`).
    case number(range: ClosedRange<Int>?)
    /// One of these words (`stars`, `forks`, …), offered by completion.
    case choice([String])
    /// One word: a name, a link.
    case word
    /// The rest of the line, one word or more, its spacing kept: a query,
    /// a file name with spaces.
    case text
  }

  /// How the usage names it: `N`, `QUERY`, `FILE`.
  public let placeholder: String
  public let kind: Kind
  /// Whether the command runs without it (`filter` alone clears).
  public let isOptional: Bool
  /// What it is, as a clause for usage lines: "N is a row number, 1–20".
  public let meaning: String
  /// What Tab offers for it: the kind's own values unless given.
  ///
  /// Numbers in range or the choices, worked out when asked (only a terminal
  /// asks), so a table of 10,000 rows costs nothing on a line read from a pipe.
  public var completions: [String] { givenCompletions ?? Self.values(of: kind) }
  private let givenCompletions: [String]?

  /// - Parameters:
  ///   - placeholder: How the usage names it (`N`).
  ///   - kind: What kind of word it takes.
  ///   - isOptional: Whether the command runs without it.
  ///   - meaning: What it is, for usage lines.
  ///   - completions: What Tab offers; nil: what the kind lists.
  public init(
    _ placeholder: String, _ kind: Kind, isOptional: Bool = false, meaning: String, completions: [String]? = nil
  ) {
    self.placeholder = placeholder
    self.kind = kind
    self.isOptional = isOptional
    self.meaning = meaning
    givenCompletions = completions
  }

  /// A row's number, 1 to `count` (none when `count` is 0).
  public static func row(_ placeholder: String = "N", count: Int, meaning: String) -> Parameter {
    Parameter(placeholder, .number(range: count > 0 ? 1...count : nil), meaning: meaning)
  }

  /// How the usage writes it: `N`, `[TEXT]`, `stars|forks`.
  public var usage: String {
    let shown =
      if case .choice(let words) = kind, placeholder.isEmpty { words.joined(separator: "|") } else { placeholder }
    return isOptional ? "[\(shown)]" : shown
  }

  private static func values(of kind: Kind) -> [String] {
    switch kind {
    case .number(let range?): range.map(String.init)
    case .choice(let words): words
    case .number(nil), .word, .text: []
    }
  }
}

/// A word starting with `--` that a command takes anywhere before or after
/// its parameters (`export FILE --force`).
public struct Flag: Sendable, Equatable {
  /// As typed, `--force`.
  public let name: String
  /// What it does, for help.
  public let summary: String

  public init(_ name: String, summary: String) {
    self.name = name
    self.summary = summary
  }
}
