/// What a one-shot command was given, once its spec accepted the form:
/// the words in order, the options' values and the switches.
public struct ShellArguments: Sendable, Equatable {
  /// The words that are not options, in order.
  public let words: [String]
  /// Each option's value, by name (`--limit` → `5`).
  public let values: [String: String]
  /// The switches given (`--json`).
  public let switches: Set<String>
  /// The fields `--json=FIELDS` named, in order; nil for all of them.
  public let jsonFields: [String]?

  public init(
    words: [String], values: [String: String] = [:], switches: Set<String> = [], jsonFields: [String]? = nil
  ) {
    self.words = words
    self.values = values
    self.switches = switches
    self.jsonFields = jsonFields
  }

  /// The words joined with spaces: a query, a question.
  public var text: String { words.joined(separator: " ") }

  public func has(_ option: String) -> Bool {
    switches.contains(option)
  }

  public func value(_ option: String) -> String? {
    values[option]
  }

  /// The option's value as a whole number (the spec has checked its range).
  public func number(_ option: String) -> Int? {
    values[option].flatMap { Int($0) }
  }

  /// Whether the data is asked for as JSON.
  public var wantsJSON: Bool { has(ShellJSONFields.option) }
}
