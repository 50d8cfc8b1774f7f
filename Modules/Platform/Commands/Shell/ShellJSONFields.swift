/// The fields one command's `--json` may name: the members of each record
/// it prints, declared where that JSON is written (a `JSONFields`) and
/// handed here by name, so the parser, help, the completion scripts and
/// the manual all list the ones the output has.
///
/// `--json=FIELDS` always names fields. `--json FIELDS` does when every
/// comma-separated part of the next word is a field, or when the command
/// takes no other words; else that word is the command's own, so a word
/// of a query (`search --json swift`) is never taken for fields.
public struct ShellJSONFields: Sendable, Equatable {
  /// The option's name, `--json`.
  public static let option = "--json"
  /// How usage lines write the list, `--json[=FIELDS]`.
  public static let placeholder = "FIELDS"
  /// The rule, for the manual: every command's.
  public static let rule =
    "\(option)=FIELDS prints only those fields, comma-separated, in that order. \(option) FIELDS does too when every one of them is a field, or when the command takes no other words; otherwise that word is the command's own (a word of search's QUERY)."

  /// Each record's members, in the order a bare `--json` writes them.
  public let names: [String]
  /// What holds them, for help: "each repository".
  public let records: String

  /// The rule for one command; `words` names what a word that is not a
  /// field is read as (`QUERY`), nil when the command takes none.
  static func rule(otherwise words: String?) -> String {
    guard let words else {
      return "\(option)=FIELDS or \(option) FIELDS prints only those fields, comma-separated, in that order."
    }
    return
      "\(option)=FIELDS prints only those fields, comma-separated, in that order. \(option) FIELDS does too when every one of them is a field; otherwise that word is read as \(words)."
  }

  /// The fields `word` names when every comma-separated part of it is one
  /// (each once, in its order); nil when any is not, or is empty.
  func named(by word: String) -> [String]? {
    let parts = Self.parts(of: word)
    guard !parts.isEmpty, parts.allSatisfy(names.contains) else { return nil }
    return parts.reduce(into: []) { picked, part in
      if !picked.contains(part) { picked.append(part) }
    }
  }

  /// The fields `list` (what follows `--json=`) names, or why it names
  /// none or an unknown one, as gh says it (exit 1).
  func picked(_ list: String, by command: String) -> Result<[String], ShellRefusal> {
    let available = "Available fields: " + names.joined(separator: ", ")
    let parts = Self.parts(of: list)
    guard !parts.isEmpty, !parts.contains("") else {
      let example = names.prefix(2).joined(separator: ",")
      return .failure(
        ShellRefusal(
          sentence:
            "\(Self.option)= needs field names, comma-separated, none empty: \(Self.option)=\(example).\n\(available)",
          status: .failure))
    }
    guard let unknown = parts.first(where: { !names.contains($0) }) else {
      return .success(named(by: list) ?? [])
    }
    let nearMiss = NearestName.to(unknown, among: names).map { " Did you mean \($0)?" } ?? ""
    return .failure(
      ShellRefusal(
        sentence:
          "Unknown JSON field \(ShellCommandSpec.quoted(unknown)) for wayfarer \(command).\(nearMiss)\n\(available)",
        status: .failure))
  }

  private static func parts(of list: String) -> [String] {
    list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  /// What `--help` adds: the fields, and the rule (see ``rule(otherwise:)``).
  func help(otherwise words: String?) -> [String] {
    ["", "JSON fields of \(records):"] + Self.wrapped(names.joined(separator: ", "), indent: "  ") + [""]
      + Self.wrapped(Self.rule(otherwise: words), indent: "")
  }

  /// `text` in lines of at most 80 columns, broken at spaces.
  private static func wrapped(_ text: String, indent: String) -> [String] {
    var lines: [String] = []
    var line = indent
    for word in text.split(separator: " ") {
      if line.count > indent.count, line.count + 1 + word.count > 80 {
        lines.append(line)
        line = indent
      }
      line += (line.count > indent.count ? " " : "") + word
    }
    return lines + [line]
  }
}
