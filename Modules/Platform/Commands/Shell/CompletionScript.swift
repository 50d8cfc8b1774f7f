/// Shell completion scripts made from the one-shot commands' table: the
/// same names, options and values the parser takes.
public enum CompletionScript {
  /// The shells a script is made for.
  public static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell` (one of ``shells``), completing `program`.
  public static func script(for shell: String, table: ShellCommandTable, program: String, topOptions: [String])
    -> String?
  {
    switch shell {
    case "bash": bash(table, program: program, topOptions: topOptions)
    case "zsh": zsh(table, program: program, topOptions: topOptions)
    case "fish": fish(table, program: program, topOptions: topOptions)
    default: nil
    }
  }

  /// What may follow a command (or a group) that is not an option's value.
  struct Offer {
    var key: String
    var words: [String]
    var completesFiles: Bool
  }

  /// One offer per command and per group, the groups listing their members.
  static func offers(_ table: ShellCommandTable, topOptions: [String]) -> [Offer] {
    var offers = [Offer(key: "", words: table.topNames + topOptions, completesFiles: false)]
    for group in table.topNames {
      let members = table.members(of: group)
      guard let first = members.first else { continue }
      offers.append(
        Offer(key: group, words: members.map { $0.spec.path[1] } + optionWords(first.spec), completesFiles: false))
    }
    for spec in table.specs {
      let choices = spec.parameters.flatMap { parameter -> [String] in
        if case .choice(let words) = parameter.kind { return words }
        return []
      }
      offers.append(
        Offer(
          key: spec.name, words: choices + optionWords(spec),
          completesFiles: spec.parameters.contains { $0.placeholder.contains("FILE") }))
    }
    return offers
  }

  static func optionWords(_ spec: ShellCommandSpec) -> [String] {
    spec.options.map(\.name) + ["--help"]
  }

  /// Every command's path, longest first, as a `case` that reduces the
  /// words typed so far to the command they name.
  static func keyCases(_ table: ShellCommandTable, assign: String) -> String {
    let keys = (table.specs.map(\.name) + table.topNames).reduce(into: [String]()) { keys, key in
      if !keys.contains(key) { keys.append(key) }
    }.sorted { $0.split(separator: " ").count > $1.split(separator: " ").count }
    return keys.map { "    \"\($0)\"|\"\($0) \"*) \(assign)=\"\($0)\" ;;" }.joined(separator: "\n")
  }

  /// `--json` and its fields, as `key|--json` cases: the command's, and
  /// its group's when it is the one the group runs (`bookmarks --json`).
  static func fieldCases(_ table: ShellCommandTable) -> [(pattern: String, fields: [String])] {
    table.specs.flatMap { spec -> [(String, [String])] in
      guard let fields = spec.jsonFields else { return [] }
      let runsForGroup = spec.path.count > 1 && table.members(of: spec.path[0]).first?.spec == spec
      return ([spec.name] + (runsForGroup ? [spec.path[0]] : [])).map {
        ("\($0)|\(ShellJSONFields.option)", fields.names)
      }
    }
  }

  /// The options that take a value, as `key|--option` cases, with their
  /// choices (none for a free value: nothing is offered).
  static func valueCases(_ table: ShellCommandTable) -> [(pattern: String, choices: [String])] {
    table.specs.flatMap { spec in
      spec.options.compactMap { option -> (String, [String])? in
        guard let value = option.value else { return nil }
        if case .choice(let words) = value.kind { return ("\(spec.name)|\(option.name)", words) }
        return ("\(spec.name)|\(option.name)", [])
      }
    }
  }
}
