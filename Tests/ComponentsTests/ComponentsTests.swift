import Components
import TerminalText
import TestSupport
import TextWidth
import XCTest

final class ComponentViewsTests: XCTestCase {
  private let context = RenderContext(width: 40, capabilities: .plain)

  private func text(_ lines: [StyledLine]) -> [String] { lines.map(\.plainText) }

  func test_listView_numbersRows_alignsDetails_andTruncatesToTheWidth() {
    let lines = ListView([
      .init(title: "Pinacoteca", subtitle: "São Paulo", detail: "350 m"),
      .init(title: "A very long name that cannot possibly fit", detail: "1.2 km"),
    ]).lines(in: context)

    XCTAssertEqual(
      text(lines),
      [
        "  1. Pinacoteca                   350 m", "     São Paulo",
        "  2. A very long name that cann…  1.2 km",
      ])
    XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 40 })
  }

  private let terminal = TerminalCapabilities(
    inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true)

  func test_listView_onANarrowTerminal_stacksRowsSoNoNameIsCut() {
    let lines = ListView([
      .init(title: "Edifício Itália", subtitle: "São Paulo", detail: "tourism · 1.2 km"),
      .init(title: "Edifício Copan", subtitle: "São Paulo", detail: "entertainment · 1.2 km"),
      .init(title: "Theatro Municipal de São Paulo e do Brasil", detail: "entertainment · 813 m"),
    ]).lines(in: RenderContext(width: 40, capabilities: terminal))

    XCTAssertEqual(
      text(lines),
      [
        "  1. Edifício Itália", "     São Paulo  tourism · 1.2 km", "  2. Edifício Copan",
        "     São Paulo  entertainment · 1.2 km", "  3. Theatro Municipal de São Paulo e do", "     Brasil",
        "     entertainment · 813 m",
      ])
    XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 40 })
  }

  func test_listView_namesThatWouldBeCutAlike_areCutInTheMiddle() {
    let lines = ListView([
      .init(title: "Museu de Arte de São Paulo Assis", detail: "2.6 km"),
      .init(title: "Museu de Arte de São Paulo Chateaubriand", detail: "2.7 km"),
      .init(title: "Museu da Língua Portuguesa", detail: "1.7 km"),
    ]).lines(in: RenderContext(width: 40, capabilities: .plain))

    XCTAssertEqual(
      text(lines),
      [
        "  1. Museu de Arte…o Paulo Assis  2.6 km", "  2. Museu de Arte…Chateaubriand  2.7 km",
        "  3. Museu da Língua Portuguesa   1.7 km",
      ])
  }

  func test_listView_onAWideTerminal_usesTheWidth_andOffOneKeepsTheTranscriptWidth() {
    let item = ListView.Item(title: String(repeating: "n", count: 90), detail: "1 km")

    let wide = ListView([item]).lines(in: RenderContext(width: 160, capabilities: terminal))
    let piped = ListView([item]).lines(in: RenderContext(width: 160, capabilities: .plain))

    XCTAssertEqual(text(wide), ["  1. " + String(repeating: "n", count: 90) + "  1 km"])
    XCTAssertEqual(piped.first?.displayWidth, 72)
  }

  func test_keyValueView_wrapsALongValueUnderItself_andAlignsToAGivenKeyWidth() {
    let lines = KeyValueView(
      [KeyValueView.Row("Fee", "no"), KeyValueView.Row("Address", "Praça Ramos de Azevedo, 01037-010 São Paulo")],
      minimumKeyWidth: 8
    ).lines(in: RenderContext(width: 40, capabilities: terminal))

    XCTAssertEqual(
      text(lines),
      ["  Fee       no", "  Address   Praça Ramos de Azevedo,", "            01037-010 São Paulo"])
  }

  /// Issue 21: at 40 columns a place's website ran to 44 beside its key.
  func test_keyValueView_aWebAddressTooLongForItsColumn_goesUnderItsKey_whole() {
    let lines = KeyValueView([
      KeyValueView.Row("Distance", "813 m"), KeyValueView.Row("Website", "https://theatromunicipal.org.br"),
    ]).lines(in: context)

    XCTAssertEqual(
      text(lines), ["  Distance  813 m", "  Website", "    https://theatromunicipal.org.br"])
    XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 40 })
    XCTAssertEqual(lines.last?.spans.last?.style.link, "https://theatromunicipal.org.br", "still a link")
  }

  func test_keyValueView_aHugeValue_staysAFewRows() {
    let lines = KeyValueView([KeyValueView.Row("Hours", String(repeating: "open ", count: 100_000))]).lines(
      in: RenderContext(width: 40, capabilities: terminal))

    XCTAssertEqual(lines.count, KeyValueView.longestValueRows)
    XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 40 })
  }

  func test_listView_continuesNumbering() {
    XCTAssertEqual(text(ListView([.init(title: "x")], firstNumber: 21).lines(in: context)), ["  21. x"])
  }

  func test_keyValueView_alignsKeys() {
    XCTAssertEqual(
      text(
        KeyValueView([KeyValueView.Row("Name", "Ada"), KeyValueView.Row("Member since", "today")]).lines(in: context)),
      ["  Name          Ada", "  Member since  today"])
  }

  func test_formView_hidesSecrets_andShowsErrorsBesideTheirFields() {
    let lines = FormView([
      .init(label: "E-mail", command: "email", value: "ada@", error: "Please enter a valid e-mail address"),
      .init(label: "Password", command: "password", value: "hunter22", isSecret: true),
      .init(label: "Name", command: "name", value: "", error: "This field is required"),
    ]).lines(in: RenderContext(width: 72, capabilities: .plain))

    XCTAssertEqual(
      text(lines),
      [
        "  E-mail    ada@  x Please enter a valid e-mail address", "  Password  ********",
        "  Name      (empty)  x This field is required",
      ])
  }

  /// Issue 21: at 40 columns a password's error ran to 62 beside it.
  func test_formView_anErrorTooLongBesideItsField_goesUnderTheValue_wrapped() {
    let lines = FormView([
      .init(label: "E-mail", command: "email", value: "ada@example.com"),
      .init(
        label: "Password", command: "password", value: "x", isSecret: true,
        error: "Password must be at least 8 characters"),
    ]).lines(in: RenderContext(width: 40, capabilities: .plain))

    XCTAssertEqual(
      text(lines),
      [
        "  E-mail    ada@example.com", "  Password  ********", "            x Password must be at least",
        "              8 characters",
      ])
  }

  func test_cardView_framesAndWrapsItsContent() {
    let lines = CardView(title: "Note", content: ["one two three four five six seven eight nine ten"]).lines(
      in: RenderContext(width: 24, capabilities: .plain))

    XCTAssertEqual(
      text(lines),
      [
        "+- Note ---------------+", "| one two three four   |", "| five six seven eight |",
        "| nine ten             |", "+----------------------+",
      ])
  }

  func test_untrustedTextInComponents_isSanitised() {
    let lines = ListView([.init(title: "Evil\u{1B}[2J name\u{07}")]).lines(in: context)
    XCTAssertEqual(text(lines), ["  1. Evil name"])
  }

  func test_emptyAndErrorStates() {
    XCTAssertEqual(
      text(EmptyState(title: "No favorites yet", message: "Places you save appear here.").lines(in: context)),
      ["  No favorites yet", "  Places you save appear here."])
    XCTAssertEqual(
      text(ErrorState(message: "Geoapify refused the key.", recovery: "Type refresh to try again.").lines(in: context)),
      ["x Geoapify refused the key.", "  Type refresh to try again."])
  }
}

@MainActor
final class LoadingIndicatorTests: XCTestCase {
  func test_offATerminal_printsOneLine_andDrawsNoSpinner() async {
    let console = ScriptedConsole()

    let value = await LoadingIndicator.run("Loading places…", console: console) { 42 }

    XCTAssertEqual(value, 42)
    XCTAssertEqual(console.output, ["Loading places…"])
    XCTAssertEqual(console.statusUpdates, 0)
  }

  func test_onATerminal_animatesThenClearsTheStatusLine_printingNothing() async {
    let terminal = TerminalCapabilities(
      inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)
    let console = ScriptedConsole(context: RenderContext(width: 80, capabilities: terminal))

    await LoadingIndicator.run("Logging in…", console: console) {
      try? await Task.sleep(for: .milliseconds(200))
    }

    XCTAssertEqual(console.output, [])
    XCTAssertGreaterThanOrEqual(console.statusUpdates, 2, "at least one frame and the final clear")
  }
}

final class ActionListWrappingTests: XCTestCase {
  func test_aLongSummary_wrapsUnderItself_withinTheWidth() {
    let lines = ActionList([
      ActionList.Action("about", "Version, credits and licences of what Wayfarer is built on"),
      ActionList.Action("logout", "Log out"),
    ]).lines(in: RenderContext(width: 40, capabilities: .plain)).map(\.plainText)

    XCTAssertEqual(
      lines,
      [
        "  about   Version, credits and licences",
        "          of what Wayfarer is built on",
        "  logout  Log out",
      ])
    XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
  }
}

/// TERM=dumb is sent every character in ASCII (`…` as `...`, `ß` as `ss`):
/// laid out measuring what is sent, no row outgrows the width once folded.
final class DumbTerminalLayoutTests: XCTestCase {
  private let dumb = TerminalCapabilities(
    inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false, isDumb: true)

  override func setUp() {
    DisplayWidth.measuresASCIISpelling = true
  }

  override func tearDown() {
    DisplayWidth.measuresASCIISpelling = false
  }

  /// The rows as the terminal gets them, each with its width in columns
  /// (ASCII: a byte a column).
  private func sent(_ lines: [StyledLine]) -> [String] {
    let renderer = TextRenderer(capabilities: dumb)
    return lines.map { renderer.render($0) }
  }

  func test_aListsRows_fitTheWidth_onceFoldedToASCII() {
    let long = "Straße — Museu de Arte de São Paulo → Assis Chateaubriand © 2024 "
    var columned = ListView.Item(title: long + "…", subtitle: nil, detail: nil)
    columned.columns = [ListView.Cell("café · ™"), ListView.Cell(long + long)]
    let lists = [
      ListView([.init(title: long, subtitle: long + long, detail: "1.2 km · café")]),
      ListView([.init(title: long + long, subtitle: long, detail: "1.2 km")]),
      ListView([columned]),
    ]
    for width in [40, 60, 80] {
      let context = RenderContext(width: width, capabilities: dumb)
      for (index, list) in lists.enumerated() {
        let rows = sent(list.lines(in: context))
        XCTAssertTrue(rows.contains { $0.contains("...") }, "list \(index) was cut: \(rows)")
        for row in rows {
          XCTAssertTrue(row.allSatisfy(\.isASCII), row)
          XCTAssertLessThanOrEqual(row.utf8.count, width, "list \(index) at \(width): \(row)")
        }
      }
    }
  }

  func test_aTextBlock_wrapsWithinTheWidth_onceFoldedToASCII() {
    let prose = String(repeating: "Loading… the Straße — café → ", count: 12)
    let context = RenderContext(width: 40, capabilities: dumb)
    for row in sent(TextBlock(prose).lines(in: context)) {
      XCTAssertLessThanOrEqual(row.utf8.count, 40, row)
    }
  }
}
