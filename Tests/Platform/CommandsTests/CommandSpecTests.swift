import Commands
import XCTest

final class CommandSpecTests: XCTestCase {
  private enum Action: Equatable, Sendable {
    case open(Int?)
    case filter(String)
    case refresh
    case export(String, force: Bool)
    case sort(String)
  }

  private let open = CommandSpec("open", .row(count: 3, meaning: "N is a row number, 1–3"), summary: "Show N") {
    Action.open($0.number)
  }
  private let filter = CommandSpec(
    "filter", Parameter("TEXT", .text, isOptional: true, meaning: "TEXT is what to keep"), summary: "Keep"
  ) { Action.filter($0.text) }
  private let refresh = CommandSpec("refresh", summary: "Again", action: Action.refresh)
  private let export = CommandSpec(
    "export", Parameter("FILE", .text, meaning: "FILE is where to write"),
    flags: [Flag("--force", summary: "Replace")], summary: "Write"
  ) { Action.export($0.text, force: $0.has("--force")) }
  private let sort = CommandSpec(
    "sort", Parameter("", .choice(["stars", "forks"]), meaning: "the order is stars or forks"), summary: "Order"
  ) { Action.sort($0.word ?? "") }

  private func parse(_ spec: CommandSpec<Action>, _ text: String) -> Result<Action, CommandRefusal> {
    spec.parse(ArgumentLine(text))
  }

  func test_indefinite_saysAnBeforeAVowel() {
    XCTAssertEqual(
      ["Explore", "Bookmarks", "Home", "ugly", ""].map(Phrase.indefinite),
      ["an Explore", "a Bookmarks", "a Home", "an ugly", "a "])
  }

  func test_usage_isDerivedFromTheParameters() {
    XCTAssertEqual(
      [open, filter, refresh, export, sort].map(\.signature.usage),
      ["open N", "filter [TEXT]", "refresh", "export FILE [--force]", "sort stars|forks"])
  }

  func test_aNumber_isParsed_orLeftToTheViewModel_whenItIsNotOne() {
    XCTAssertEqual(try parse(open, " 2 ").get(), .open(2))
    XCTAssertEqual(try parse(open, "7").get(), .open(7), "the range is the view model's to check")
    XCTAssertEqual(try parse(open, "two").get(), .open(nil))
    XCTAssertEqual(try parse(open, "99999999999999999999999").get(), .open(nil), "too large for Int: no trap")
  }

  func test_theWrongNumberOfWords_isRefusedWithTheUsage() {
    XCTAssertEqual(parse(open, "").refusal, "Usage: open N — N is a row number, 1–3.")
    XCTAssertEqual(parse(open, "1 2").refusal, "Usage: open N — N is a row number, 1–3.")
    XCTAssertEqual(parse(refresh, "now").refusal, "Usage: refresh — nothing goes after refresh.")
    XCTAssertEqual(parse(export, "  ").refusal, "Usage: export FILE [--force] — FILE is where to write.")
    XCTAssertEqual(parse(sort, "stars forks").refusal, "Usage: sort stars|forks — the order is stars or forks.")
    XCTAssertNil(parse(filter, "").refusal, "an optional text may be left out")
  }

  func test_text_keepsItsInnerSpacing() {
    XCTAssertEqual(try parse(filter, "  São   Paulo ").get(), .filter("São   Paulo"))
    XCTAssertEqual(try parse(filter, "").get(), .filter(""))
  }

  func test_flags_areTakenFirstOrLast_andNowhereElse() {
    XCTAssertEqual(try parse(export, "a b.json --force").get(), .export("a b.json", force: true))
    XCTAssertEqual(try parse(export, "--force a.json").get(), .export("a.json", force: true))
    XCTAssertEqual(try parse(export, "a --force b.json").get(), .export("a --force b.json", force: false))
    XCTAssertEqual(try parse(export, "a.json--force").get(), .export("a.json--force", force: false))
    XCTAssertEqual(parse(export, "--force").refusal, "Usage: export FILE [--force] — FILE is where to write.")
  }

  func test_severalFlags_areTakenInAnyOrder_atEitherEnd() {
    let write = CommandSpec(
      "write", Parameter("FILE", .text, meaning: "FILE is where"),
      flags: [Flag("--force", summary: ""), Flag("--geo", summary: "")], summary: ""
    ) { "\($0.text)|\($0.flags.sorted())" }
    for text in ["--force --geo a b.json", "a b.json --force --geo", "--geo a b.json --force", "  --geo   a b.json  "] {
      let expected = text.contains("--force") ? #"a b.json|["--force", "--geo"]"# : #"a b.json|["--geo"]"#
      XCTAssertEqual(try write.parse(ArgumentLine(text)).get(), expected, text)
    }
  }

  func test_aChoice_isOfferedByCompletion_butAnyWordGoesToTheViewModel() {
    XCTAssertEqual(sort.signature.completions, ["stars", "forks"])
    XCTAssertEqual(try parse(sort, "popularity").get(), .sort("popularity"))
  }

  func test_completions_listTheRowsNumbers_andTheFlags() {
    XCTAssertEqual(open.signature.completions, ["1", "2", "3"])
    XCTAssertEqual(export.signature.completions, ["--force"])
    XCTAssertEqual(
      CommandSpec("open", .row(count: 0, meaning: "none"), summary: "") { Action.open($0.number) }.signature
        .completions,
      [], "no rows, no numbers")
  }

  /// A typed line is cleaned as its echo is before anything is looked
  /// up: the name echoed is the name sought.
  func test_aTypedLine_losesEscapeSequencesAndControls_asItsEchoDoes() {
    let line = TypedLine("he\u{07}lp\t\u{1B}[31mopen\u{1B}]0;title\u{07}")
    XCTAssertEqual(line?.name, "help")
    XCTAssertEqual(line?.arguments.text, "open")
    XCTAssertNil(TypedLine("\u{1B}\u{07}"), "nothing but controls is no line")
  }

  func test_unquoted_dropsOnePairOfMatchingQuotes() {
    XCTAssertEqual(Arguments.unquoted(#""my file.json""#), "my file.json")
    XCTAssertEqual(Arguments.unquoted("'a'"), "a")
    XCTAssertEqual(Arguments.unquoted(#""a'"#), #""a'"#)
    XCTAssertEqual(Arguments.unquoted("\""), "\"")
  }

  @MainActor
  func test_checked_runsOnlyAcceptedWork() async {
    final class Counter { var ran = 0 }
    let counter = Counter()
    let refused = Checked<String>.refused("no")
    let accepted = Checked<String>.accepted {
      counter.ran += 1
      return nil
    }
    XCTAssertEqual(refused.refusal, "no")
    XCTAssertNil(accepted.refusal)
    let refusedProblem = await refused.run()
    let acceptedProblem = await accepted.run()
    XCTAssertEqual(refusedProblem, "no")
    XCTAssertNil(acceptedProblem)
    XCTAssertEqual(counter.ran, 1)
  }
}

extension Result where Failure == CommandRefusal {
  fileprivate var refusal: String? {
    if case .failure(let refusal) = self { return refusal.sentence }
    return nil
  }
}
