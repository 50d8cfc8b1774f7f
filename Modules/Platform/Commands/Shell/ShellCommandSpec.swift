import TextSafety

/// A command run from the shell (`wayfarer search harbor --limit 5`),
/// declared once as data: the parser, `--help`, the completion scripts and
/// the manual all read it.
public struct ShellCommandSpec: Sendable, Equatable {
  /// The words that name it: `["search"]`, `["bookmarks", "export"]`.
  public let path: [String]
  /// What it does, in one line.
  public let summary: String
  /// The words that follow it, in order; only the last may be optional or
  /// `.text` (the rest of the words: `QUERY…`).
  public let parameters: [Parameter]
  public let options: [ShellOption]
  /// Whole command lines, as typed at a shell prompt.
  public let examples: [String]
  /// Whether it works on the logged-in account's data (exit 4 without one).
  public let needsLogin: Bool
  /// Whether Ctrl-C, SIGTERM and SIGHUP stop it, as Ctrl-C stops a reply in
  /// the REPL (it keeps what it made, and Wayfarer ends with 128 + the
  /// signal), instead of ending the process at once.
  public let keepsWhatItMadeWhenStopped: Bool

  public init(
    _ path: [String], summary: String, parameters: [Parameter] = [], options: [ShellOption] = [],
    examples: [String] = [], needsLogin: Bool = false, keepsWhatItMadeWhenStopped: Bool = false
  ) {
    self.path = path
    self.summary = summary
    self.parameters = parameters
    self.options = options
    self.examples = examples
    self.needsLogin = needsLogin
    self.keepsWhatItMadeWhenStopped = keepsWhatItMadeWhenStopped
  }

  /// `search`, `bookmarks export`.
  public var name: String { path.joined(separator: " ") }

  /// The fields its `--json` may name; nil when it has no `--json`.
  public var jsonFields: ShellJSONFields? { options.lazy.compactMap(\.fields).first }

  /// `wayfarer search QUERY… [--sort stars|forks|updated] [--limit N] [--json[=FIELDS]]`.
  public var usage: String {
    let words = parameters.map { parameter in
      parameter.kind == .text ? Self.replacingEnd(of: parameter.usage, with: "…") : parameter.usage
    }
    let options = options.map { option in
      "[\(option.value.map { "\(option.name) \(Self.valueUsage($0))" } ?? option.usage)]"
    }
    return (["wayfarer"] + path + words + options).joined(separator: " ")
  }

  private static func valueUsage(_ value: Parameter) -> String {
    if case .choice(let words) = value.kind { return words.joined(separator: "|") }
    return value.placeholder
  }

  /// What `--help` prints.
  public var help: String {
    var lines = [summary, "", "Usage: \(usage)"]
    let rows =
      parameters.map { ($0.placeholder, $0.meaning) } + options.map { ($0.usage, $0.summary) }
      + [("-h, --help", "Show this help")]
    let column = min((rows.map(\.0.count).max() ?? 0) + 4, 24)
    lines.append("")
    for (label, meaning) in rows {
      let padded = "  " + label
      lines.append(
        padded.count + 2 <= column + 2
          ? padded + String(repeating: " ", count: column + 2 - padded.count) + meaning
          : padded + "\n" + String(repeating: " ", count: column + 2) + meaning)
    }
    if let jsonFields {
      lines += jsonFields.help(otherwise: parameters.isEmpty ? nil : Phrase.list(parameters.map(\.placeholder), "or"))
    }
    if !examples.isEmpty {
      lines += ["", "Examples:"] + examples.map { "  $ \($0)" }
    }
    if needsLogin { lines += ["", "Works on the logged-in account: wayfarer login first."] }
    return lines.joined(separator: "\n")
  }

  /// Whether `words` (what followed the path) ask for help.
  public static func asksForHelp(_ words: [String]) -> Bool {
    for word in words {
      if word == "--" { return false }
      if word == "-h" || word == "--help" { return true }
    }
    return false
  }

  /// The arguments `words` (what followed the path) give, or the sentence
  /// saying what is wrong with them and the exit status.
  public func parse(_ words: [String]) -> Result<ShellArguments, ShellRefusal> {
    var given: [String] = []
    var values: [String: String] = [:]
    var switches = Set<String>()
    var jsonFields: [String]?
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("-") || word == "-" {
        given.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (name, attached) = Self.split(word)
      guard let option = options.first(where: { $0.name == name }) else {
        return .failure(refusal("Unknown option \(Self.quoted(name)) for wayfarer \(self.name)"))
      }
      if let fields = option.fields {
        switch picked(fields, attached: attached, next: index < words.count ? words[index] : nil) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let named):
          switches.insert(name)
          jsonFields = named.fields
          if named.tookNext { index += 1 }
        }
        continue
      }
      guard let value = option.value else {
        if attached != nil { return .failure(refusal("\(name) takes no value")) }
        switches.insert(name)
        continue
      }
      let text: String
      if let attached {
        text = attached
      } else if index < words.count {
        text = words[index]
        index += 1
      } else {
        return .failure(refusal("\(name) needs a value: \(value.meaning)"))
      }
      if let problem = Self.problem(with: text, as: value) { return .failure(refusal("\(name): \(problem)")) }
      values[name] = text
    }
    if let problem = problem(withWords: given) { return .failure(refusal(problem)) }
    return .success(ShellArguments(words: given, values: values, switches: switches, jsonFields: jsonFields))
  }

  /// The fields `--json` names: those `attached` to it (`--json=a,b`,
  /// checked), or the `next` word's when every part of it is a field
  /// (`--json a,b`) or the command takes no words (checked), or nil for all.
  private func picked(_ fields: ShellJSONFields, attached: String?, next: String?) -> Result<
    (fields: [String]?, tookNext: Bool), ShellRefusal
  > {
    if let attached { return fields.picked(attached, by: name).map { ($0, false) } }
    guard let next, !next.hasPrefix("-") else { return .success((nil, false)) }
    if let named = fields.named(by: next) { return .success((named, true)) }
    // Nothing else could the word be.
    if parameters.isEmpty { return fields.picked(next, by: name).map { ($0, true) } }
    return .success((nil, false))
  }

  /// Why the words that are not options do not fit the parameters.
  private func problem(withWords words: [String]) -> String? {
    guard let last = parameters.last else {
      return words.first.map { "wayfarer \(name) takes no \(Self.quoted($0)); only options" }
    }
    let required = parameters.count - (last.isOptional ? 1 : 0)
    if words.count < required {
      return "Missing \(parameters[words.count].placeholder): \(parameters[words.count].meaning)"
    }
    if last.kind != .text, words.count > parameters.count {
      return "Too many words: \(Self.quoted(words[parameters.count])) is more than wayfarer \(name) takes"
    }
    if last.kind == .text,
      words.dropFirst(parameters.count - 1).joined(separator: " ").unicodeScalars.count
        > Self.longestValue
    {
      return "\(last.placeholder): at most \(Self.longestValue) characters are taken"
    }
    for (offset, word) in words.enumerated() {
      let parameter = parameters[min(offset, parameters.count - 1)]
      if let problem = Self.problem(with: word, as: parameter) { return "\(parameter.placeholder): \(problem)" }
    }
    return nil
  }

  private func refusal(_ problem: String) -> ShellRefusal {
    ShellRefusal(sentence: "\(problem).\nUsage: \(usage)\nSee wayfarer \(name) --help.")
  }
}

extension ShellCommandSpec {
  /// The longest words a value may have: a query, a file name, an address.
  static let longestValue = 1_000

  /// Why `text` is not a value of `parameter`'s kind, or nil when it is.
  static func problem(with text: String, as parameter: Parameter) -> String? {
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
      return "control characters are not taken"
    }
    if text.unicodeScalars.count > longestValue { return "at most \(longestValue) characters are taken" }
    // The shell's bytes were not UTF-8 (a file name in Latin-1): using the
    // replaced text would name another file.
    if text.unicodeScalars.contains("\u{FFFD}") { return "it is not UTF-8 text" }
    switch parameter.kind {
    case .number(let range):
      guard let number = Int(text) else { return "\(quoted(text)) is not a whole number; \(parameter.meaning)" }
      if let range, !range.contains(number) { return "\(number) is out of range; \(parameter.meaning)" }
    case .choice(let words):
      if !words.contains(text) { return "\(quoted(text)) is not one of \(Phrase.list(words, "or"))" }
    case .word, .text:
      if text.isEmpty { return "it is empty; \(parameter.meaning)" }
    }
    return nil
  }

  /// `--sort=stars` as name and value; `--sort` as a name alone.
  static func split(_ word: String) -> (String, String?) {
    guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// A word from outside as a sentence quotes it: cut short, its control
  /// characters shown as `?`.
  public static func quoted(_ word: String) -> String {
    "'\(TextSanitizer.visible(word, limit: 40))'"
  }

  /// The usage of a parameter that takes the rest of the words: `QUERY…`.
  ///
  /// A member here, not an extension of String: an extension puts String in
  /// Commands' dependency graph, so any edit here would recompile every file
  /// of every importer that uses a String.
  private static func replacingEnd(of usage: String, with mark: String) -> String {
    usage.hasSuffix("]") ? String(usage.dropLast()) + mark + "]" : usage + mark
  }
}
