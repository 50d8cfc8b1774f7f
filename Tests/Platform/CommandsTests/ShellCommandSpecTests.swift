import Commands
import XCTest

/// The one-shot commands' parser, help and lookup: what `wayfarer search
/// harbor --limit 5` becomes, and what a mistyped line is told.
final class ShellCommandSpecTests: XCTestCase {
  private let search = ShellCommandSpec(
    ["search"], summary: "Search",
    parameters: [Parameter("QUERY", .text, meaning: "QUERY is what to look for")],
    options: [
      ShellOption(
        "--sort", Parameter("KEY", .choice(["stars", "forks"]), meaning: "stars or forks"), summary: "Order"),
      ShellOption("--limit", Parameter("N", .number(range: 1...100), meaning: "N is 1–100"), summary: "How many"),
      .json(fields: ["fullName", "stars", "language"], of: "each repository"),
    ],
    examples: ["wayfarer search harbor"])
  private let list = ShellCommandSpec(
    ["bookmarks", "list"], summary: "List", options: [.json(fields: ["name", "savedAt"], of: "each bookmark")])
  private let export = ShellCommandSpec(
    ["bookmarks", "export"], summary: "Write",
    parameters: [Parameter("FILE", .word, isOptional: true, meaning: "FILE is where")],
    options: [ShellOption("--force", summary: "Replace")], needsLogin: true)

  private func refusal(_ spec: ShellCommandSpec, _ words: [String]) -> String? {
    if case .failure(let refusal) = spec.parse(words) { return refusal.sentence }
    return nil
  }

  func test_wordsOptionsAndSwitches_inAnyOrder_andBothValueForms() throws {
    let parsed = try search.parse(["harbor", "--limit", "5", "lights", "--sort=stars", "--json"]).get()
    XCTAssertEqual(parsed.words, ["harbor", "lights"])
    XCTAssertEqual(parsed.text, "harbor lights")
    XCTAssertEqual(parsed.number("--limit"), 5)
    XCTAssertEqual(parsed.value("--sort"), "stars")
    XCTAssertTrue(parsed.wantsJSON)
    XCTAssertEqual(try search.parse(["--", "--json"]).get().words, ["--json"], "-- ends the options")
    XCTAssertEqual(try export.parse(["-"]).get().words, ["-"], "- is a word: standard output")
  }

  func test_jsonFields_attachedOrAsTheNextWord_inTheirOrder_eachOnce() throws {
    XCTAssertEqual(try search.parse(["x", "--json=stars,fullName"]).get().jsonFields, ["stars", "fullName"])
    let separate = try search.parse(["--json", "language,stars,language", "harbor"]).get()
    XCTAssertEqual(separate.jsonFields, ["language", "stars"])
    XCTAssertEqual(separate.words, ["harbor"])
    XCTAssertTrue(separate.wantsJSON)
    let bare = try search.parse(["x", "--json"]).get()
    XCTAssertTrue(bare.wantsJSON)
    XCTAssertNil(bare.jsonFields, "a bare --json is every field")
    XCTAssertNil(try search.parse(["x"]).get().jsonFields)
  }

  func test_jsonFields_aWordThatIsNotAllFields_staysTheCommandsOwn() throws {
    let query = try search.parse(["--json", "swift"]).get()
    XCTAssertEqual(query.words, ["swift"])
    XCTAssertNil(query.jsonFields)
    let mixed = try search.parse(["--json", "stars,swift"]).get()
    XCTAssertEqual(mixed.words, ["stars,swift"], "one part not a field: the whole word is the query's")
    XCTAssertNil(mixed.jsonFields)
    XCTAssertEqual(try search.parse(["--json", "--", "stars"]).get().words, ["stars"], "-- ends the options")
    XCTAssertEqual(try search.parse(["--json", "--limit", "2", "x"]).get().number("--limit"), 2)
  }

  func test_jsonFields_unknownOrNone_areRefusedWithStatus1_namingTheFields() {
    XCTAssertEqual(
      search.parse(["x", "--json=fullName,strs"]),
      .failure(
        ShellRefusal(
          sentence:
            "Unknown JSON field 'strs' for wayfarer search. Did you mean stars?\nAvailable fields: fullName, stars, language",
          status: .failure)))
    XCTAssertEqual(
      search.parse(["x", "--json=owner"]),
      .failure(
        ShellRefusal(
          sentence: "Unknown JSON field 'owner' for wayfarer search.\nAvailable fields: fullName, stars, language",
          status: .failure)))
    for empty in ["--json=", "--json=stars,", "--json=,stars"] {
      XCTAssertEqual(
        search.parse(["x", empty]),
        .failure(
          ShellRefusal(
            sentence:
              "--json= needs field names, comma-separated, none empty: --json=fullName,stars.\nAvailable fields: fullName, stars, language",
            status: .failure)), empty)
    }
    XCTAssertFalse(refusal(search, ["x", "--json=a\u{1B}[2Jb"])?.contains("\u{1B}") ?? true, "shown safely")
    XCTAssertEqual(search.parse(["x", "--limit", "0"]).failureStatus, .usage, "other mistakes stay usage")
  }

  func test_jsonFields_takeTheNextWord_whenTheCommandTakesNoOther() throws {
    XCTAssertEqual(try list.parse(["--json", "savedAt,name"]).get().jsonFields, ["savedAt", "name"])
    XCTAssertEqual(
      list.parse(["--json", "nme"]),
      .failure(
        ShellRefusal(
          sentence:
            "Unknown JSON field 'nme' for wayfarer bookmarks list. Did you mean name?\nAvailable fields: name, savedAt",
          status: .failure)))
  }

  func test_badValues_areRefused_sayingWhatIsTaken() {
    XCTAssertEqual(
      refusal(search, ["x", "--limit", "0"]),
      "--limit: 0 is out of range; N is 1–100.\nUsage: wayfarer search QUERY… [--sort stars|forks] [--limit N] [--json[=FIELDS]]\nSee wayfarer search --help."
    )
    XCTAssertTrue(refusal(search, ["x", "--limit", "-5"])?.hasPrefix("--limit: -5 is out of range") == true)
    XCTAssertTrue(
      refusal(search, ["x", "--limit", "1e99"])?.hasPrefix("--limit: '1e99' is not a whole number") == true)
    XCTAssertTrue(
      refusal(search, ["x", "--limit", "99999999999999999999"])?.hasPrefix("--limit: '99999999999999999999' is not")
        == true)
    XCTAssertTrue(
      refusal(search, ["x", "--sort", "size"])?.hasPrefix("--sort: 'size' is not one of stars or forks") == true)
    XCTAssertTrue(refusal(search, ["x", "--limit"])?.hasPrefix("--limit needs a value: N is 1–100") == true)
    XCTAssertTrue(refusal(export, ["--force=yes"])?.hasPrefix("--force takes no value") == true)
    XCTAssertTrue(
      refusal(search, ["x", "--colour"])?.hasPrefix("Unknown option '--colour' for wayfarer search") == true)
    XCTAssertTrue(refusal(search, [])?.hasPrefix("Missing QUERY: QUERY is what to look for") == true)
    XCTAssertTrue(refusal(export, ["a", "b"])?.hasPrefix("Too many words: 'b'") == true)
    XCTAssertTrue(refusal(search, ["a\u{1B}[2Jb"])?.hasPrefix("QUERY: control characters are not taken") == true)
    XCTAssertTrue(refusal(search, [String(repeating: "x", count: 1_001)])?.contains("at most 1000 characters") == true)
    XCTAssertFalse(refusal(search, ["x", "--\u{1B}x"])?.contains("\u{1B}") ?? true, "an option's name is shown safely")
  }

  func test_help_listsEveryArgumentAndOption_andIsAskedForAnywhere() {
    XCTAssertTrue(ShellCommandSpec.asksForHelp(["harbor", "--help"]))
    XCTAssertTrue(ShellCommandSpec.asksForHelp(["-h"]))
    XCTAssertFalse(ShellCommandSpec.asksForHelp(["--", "--help"]), "after --, --help is a word")
    XCTAssertEqual(
      search.help,
      """
      Search

      Usage: wayfarer search QUERY… [--sort stars|forks] [--limit N] [--json[=FIELDS]]

        QUERY              QUERY is what to look for
        --sort KEY         Order
        --limit N          How many
        --json[=FIELDS]    Print the data as JSON; with FIELDS, only those members of each repository, in that order (see JSON OUTPUT in wayfarer(1))
        -h, --help         Show this help

      JSON fields of each repository:
        fullName, stars, language

      --json=FIELDS prints only those fields, comma-separated, in that order. --json
      FIELDS does too when every one of them is a field; otherwise that word is read
      as QUERY.

      Examples:
        $ wayfarer search harbor
      """)
    XCTAssertTrue(
      list.help.hasSuffix(
        "--json=FIELDS or --json FIELDS prints only those fields, comma-separated, in\nthat order."), list.help)
    XCTAssertTrue(export.help.hasSuffix("Works on the logged-in account: wayfarer login first."))
  }

  func test_table_findsCommandsAndGroups_theGroupsFirstWhenNoneIsNamed() {
    let run = ShellCommand(search) { _, _ in .success }
    let list = ShellCommand(ShellCommandSpec(["bookmarks", "list"], summary: "List")) { _, _ in .success }
    let write = ShellCommand(export) { _, _ in .success }
    let table = ShellCommandTable([run, list, write])
    XCTAssertEqual(table.topNames, ["search", "bookmarks"])
    func found(_ words: [String]) -> String {
      switch table.find(words) {
      case .command(let command, let rest): "\(command.spec.name) \(rest)"
      case .unknownMember(let group, let word, let members): "unknown \(group) \(word) \(members)"
      case .unknown: "unknown"
      }
    }
    XCTAssertEqual(found(["search", "x"]), "search [\"x\"]")
    XCTAssertEqual(found(["bookmarks", "export", "-"]), "bookmarks export [\"-\"]")
    XCTAssertEqual(found(["bookmarks"]), "bookmarks list []")
    XCTAssertEqual(found(["bookmarks", "--json"]), "bookmarks list [\"--json\"]")
    XCTAssertEqual(found(["bookmarks", "sync"]), "unknown bookmarks sync [\"list\", \"export\"]")
    XCTAssertEqual(found(["harbor"]), "unknown")
    XCTAssertTrue(table.help(of: "bookmarks")?.contains("  bookmarks export    Write") == true)
    XCTAssertNil(table.help(of: "search"))
  }

  func test_rows_areTabSeparatedWhenPiped_alignedOnATerminal() {
    let rows = [["São Paulo", "1 km"], ["Rio", "300 km"]]
    XCTAssertEqual(ShellRows.lines(rows, aligned: false), "São Paulo\t1 km\nRio\t300 km\n")
    XCTAssertEqual(ShellRows.lines(rows, aligned: true), "São Paulo  1 km\nRio        300 km\n")
  }

  func test_completionScripts_offerTheJSONFields_forTheCommandAndItsGroup() {
    let table = ShellCommandTable([ShellCommand(search) { _, _ in .success }, ShellCommand(list) { _, _ in .success }])
    let bash = CompletionScript.script(for: "bash", table: table, program: "wayfarer", topOptions: []) ?? ""
    for key in ["search", "bookmarks list", "bookmarks"] {
      XCTAssertTrue(bash.contains("\"\(key)|--json\") [[ $value == -* ]] ||"), key)
    }
    XCTAssertTrue(bash.contains(#"-W "fullName stars language" -- "${value##*,}""#), bash)
    let zsh = CompletionScript.script(for: "zsh", table: table, program: "wayfarer", topOptions: []) ?? ""
    XCTAssertTrue(zsh.contains("compadd -- name savedAt; return; } ;;"), zsh)
    let fish = CompletionScript.script(for: "fish", table: table, program: "wayfarer", topOptions: []) ?? ""
    XCTAssertTrue(fish.contains(#"(string split " " "fullName stars language")'"#), fish)
  }

  func test_completionScripts_offerTheTablesWords() {
    let table = ShellCommandTable([
      ShellCommand(search) { _, _ in .success }, ShellCommand(export) { _, _ in .success },
    ])
    let bash = CompletionScript.script(for: "bash", table: table, program: "wayfarer", topOptions: ["--help"]) ?? ""
    XCTAssertTrue(
      bash.contains(#""search|--sort") COMPREPLY=($(compgen -W "stars forks" -- "$value")); return ;;"#), bash)
    XCTAssertTrue(bash.contains(#""bookmarks") words="export --force --help"; files=0 ;;"#), bash)
    XCTAssertTrue(bash.contains(#""bookmarks export") words="--force --help"; files=1 ;;"#), bash)
    let fish = CompletionScript.script(for: "fish", table: table, program: "wayfarer", topOptions: []) ?? ""
    XCTAssertTrue(
      fish.contains(
        "complete -c wayfarer -n '__fish_seen_subcommand_from search' -l sort -x -a 'stars forks' -d 'Order'"), fish)
    XCTAssertNil(CompletionScript.script(for: "tcsh", table: table, program: "wayfarer", topOptions: []))
  }
}

extension Result where Failure == ShellRefusal {
  fileprivate var failureStatus: ShellStatus? {
    if case .failure(let refusal) = self { return refusal.status }
    return nil
  }
}
