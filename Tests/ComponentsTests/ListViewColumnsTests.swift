import Components
import DesignSystem
import TerminalText
import TestSupport
import TextWidth
import XCTest

/// Issue 21 §2: rows of a table, one line each where the width allows,
/// their columns growing with it.
final class ListViewColumnsTests: XCTestCase {
  private let terminal = TerminalCapabilities(
    inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: true)

  private func place(_ name: String, _ category: String, _ distance: String, _ city: String) -> ListView.Item {
    var item = ListView.Item(title: name)
    item.columns = [
      ListView.Cell(category), ListView.Cell(distance, alignment: .trailing), ListView.Cell(city, style: .plain),
    ]
    return item
  }

  private var places: [ListView.Item] {
    [
      place("Catedral da Sé", "tourism", "116 m", "São Paulo"),
      place("Theatro Municipal de São Paulo", "entertainment", "1.2 km", "São Paulo"),
    ]
  }

  private func text(_ items: [ListView.Item], width: Int, capabilities: TerminalCapabilities? = nil) -> [String] {
    ListView(items).lines(in: RenderContext(width: width, capabilities: capabilities ?? terminal)).map(\.plainText)
  }

  /// Rows `more` adds keep the widths of the rows printed above them:
  /// narrower cells are padded to them, wider ones cut, so columns line up.
  func test_rowsAddedUnderATable_keepItsColumnWidths() {
    let context = RenderContext(width: 80, capabilities: terminal)
    let printed = ListView(places).lines(in: context, under: nil)
    var added = ListView(
      (1...8).map { place("Place \($0)", "leisure", "\($0) m", "SP") }
        + [place("A name far longer than any printed above it", "entertainments", "4.9 km", "São Paulo")],
      firstNumber: 3)
    added.items[8].number = 100

    let lines = (printed.lines + added.lines(in: context, under: printed.columns).lines).map(\.plainText)

    XCTAssertEqual(
      lines.map { String($0.prefix(62)) },
      [
        "  1. Catedral da Sé                  tourism         116 m  Sã",
        "  2. Theatro Municipal de São Paulo  entertainment  1.2 km  Sã",
        "  3. Place 1                         leisure           1 m  SP",
        "  4. Place 2                         leisure           2 m  SP",
        "  5. Place 3                         leisure           3 m  SP",
        "  6. Place 4                         leisure           4 m  SP",
        "  7. Place 5                         leisure           5 m  SP",
        "  8. Place 6                         leisure           6 m  SP",
        "  9. Place 7                         leisure           7 m  SP",
        " 10. Place 8                         leisure           8 m  SP",
        "100. A name far longer than any pr…  entertainmen…  4.9 km  Sã",
      ].map { String($0.prefix(62)) }, lines.joined(separator: "\n"))
  }

  func test_placeRows_takeOneLineEach_columnsAligned_distancesOnTheirLastDigit() {
    XCTAssertEqual(
      text(places, width: 80),
      [
        "  1. Catedral da Sé                  tourism         116 m  São Paulo",
        "  2. Theatro Municipal de São Paulo  entertainment  1.2 km  São Paulo",
      ])
  }

  func test_offATerminal_theTranscriptWidthIsUsed_whateverTheColumns() {
    let long = place(String(repeating: "n", count: 90), "tourism", "116 m", "São Paulo")
    let piped = text([long], width: 160, capabilities: .plain)
    XCTAssertEqual(piped.map(DisplayWidth.of), [Spacing.transcriptWidth])
    XCTAssertTrue(piped[0].hasSuffix("tourism  116 m  São Paulo"), piped[0])
  }

  /// At 160 columns a long name is whole and the last column (a
  /// description) takes the rest; at 80 the name is cut, the row stays one line.
  func test_theNameColumn_growsWithTheWidth_theLastColumnTakesTheRest() {
    var repository = ListView.Item(title: "harborlights/tidewater-observatory-toolkit")
    repository.columns = [
      ListView.Cell("12,345 stars", alignment: .trailing), ListView.Cell("Swift"), ListView.Cell("2 days ago"),
      ListView.Cell(String(repeating: "A long description. ", count: 8), style: .plain),
    ]

    let wide = text([repository], width: 160)
    let narrow = text([repository], width: 80)

    XCTAssertEqual(wide.count, 1)
    XCTAssertTrue(wide[0].hasPrefix("  1. harborlights/tidewater-observatory-toolkit  12,345 stars  Swift"), wide[0])
    XCTAssertEqual(DisplayWidth.of(wide[0]), 160, "the description takes the rest, cut with …")
    XCTAssertEqual(narrow.count, 1)
    XCTAssertTrue(narrow[0].contains("12,345 stars  Swift  2 days ago  A long"), narrow[0])
    XCTAssertTrue(narrow[0].contains("harborlights/tidewater-o"), narrow[0])
  }

  func test_whenNarrow_eachRowTakesTwoLines_nameWhole_cellsUnder() {
    XCTAssertEqual(
      text(places, width: 40),
      [
        "  1. Catedral da Sé", "     tourism  116 m  São Paulo",
        "  2. Theatro Municipal de São Paulo", "     entertainment  1.2 km  São Paulo",
      ])
  }

  func test_aRowWithoutItsLastCell_endsWithoutSpaces() {
    let lines = text([place("Catedral da Sé", "tourism", "116 m", ""), places[1]], width: 80)
    XCTAssertEqual(lines[0], "  1. Catedral da Sé                  tourism         116 m")
  }

  /// A filtered view keeps each row's number: `open 7` opens the row shown as 7.
  func test_rowsKeepTheNumbersTheyAreGiven() {
    var items = places
    items[0].number = 7
    items[1].number = 12
    XCTAssertEqual(
      text(items, width: 80).map { String($0.prefix(6)) }, ["   7. ", "  12. "])
  }

  func test_matchedLetters_areHighlighted_onlyWhereColourIsUsed() {
    var item = places[0]
    item.highlights = [0, 9, 12]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let colored = ListView([item]).lines(in: RenderContext(width: 80, capabilities: color))[0]
    let plain = ListView([item]).lines(in: RenderContext(width: 80, capabilities: terminal))[0]

    XCTAssertEqual(
      colored.spans.filter { $0.style == Palette.match }.map(\.text), ["C", "d", "S"])
    XCTAssertEqual(plain.spans.filter { $0.style == Palette.match }, [])
    XCTAssertEqual(colored.plainText, plain.plainText)
  }

  /// A filter's letters matched in a cell (the city, a description) are
  /// highlighted there too, as fzf colours every matched letter.
  func test_matchedLettersOfACell_areHighlighted_onlyWhereColourIsUsed() {
    var item = places[0]
    item.columns[2].highlights = [0, 1, 2]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let colored = ListView([item]).lines(in: RenderContext(width: 80, capabilities: color))[0]
    let plain = ListView([item]).lines(in: RenderContext(width: 80, capabilities: terminal))[0]

    XCTAssertEqual(colored.spans.filter { $0.style == Palette.match }.map(\.text), ["São"])
    XCTAssertEqual(colored.spans.last?.text, " Paulo", "the rest of the cell in its own style")
    XCTAssertEqual(colored.spans.last?.style, .plain)
    XCTAssertEqual(plain.spans.filter { $0.style == Palette.match }, [])
    XCTAssertEqual(colored.plainText, plain.plainText)
  }

  /// A cut cell: letters up to the cut are highlighted, its ellipsis and
  /// the letters past it are not.
  func test_aCutCell_highlightsUpToTheCut_neverItsEllipsis() {
    var item = ListView.Item(title: "acme/blessed28")
    let description = "Description number 28 for a terminal UI toolkit"
    item.columns = [ListView.Cell(description, style: .plain, highlights: Set(28..<36).union(41..<48))]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let line = ListView([item]).lines(in: RenderContext(width: 54, capabilities: color))[0]

    XCTAssertTrue(line.plainText.hasSuffix("a term…"), line.plainText)
    XCTAssertEqual(line.spans.filter { $0.style == Palette.match }.map(\.text), ["term"])
    XCTAssertEqual(line.spans.last?.text, "…")
  }

  /// Narrow: the cells under the title are highlighted as on one line.
  func test_matchedLettersOfACell_areHighlighted_whenRowsTakeTwoLines() {
    var item = places[1]
    item.columns[2].highlights = [4, 5]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let lines = ListView([item]).lines(in: RenderContext(width: 30, capabilities: color))

    XCTAssertEqual(lines.flatMap(\.spans).filter { $0.style == Palette.match }.map(\.text), ["Pa"])
  }

  /// Issue 21: at 40 columns a long `owner/name` ran to 51, kept whole as
  /// if it were an address; a title is broken after its `/`, its matched
  /// letters still the matched ones.
  func test_whenNarrow_aLongOwnerSlashName_isBrokenAfterItsSlash_highlightsKept() {
    var item = ListView.Item(title: "someone-with-a-long-name/tetris-clone-number-2")
    item.columns = [ListView.Cell("98 stars", alignment: .trailing), ListView.Cell("Assembly")]
    // The `t` and `c` of "tetris-clone".
    item.highlights = [25, 32]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let lines = ListView([item]).lines(in: RenderContext(width: 40, capabilities: color))

    XCTAssertEqual(
      lines.map(\.plainText),
      ["  1. someone-with-a-long-name/", "     tetris-clone-number-2", "     98 stars  Assembly"])
    XCTAssertEqual(lines[1].spans.filter { $0.style == Palette.match }.map(\.text), ["t", "c"])
    XCTAssertEqual(lines[1].spans.first?.text, "     ")
    XCTAssertEqual(lines[1].spans.dropFirst().first?.text, "t")
  }

  /// Issue 21: two titles that would read the same cut at their end are cut
  /// in the middle; the matched letters after that cut were drawn where
  /// the letters of the title's middle had been.
  func test_aTitleCutInTheMiddle_highlightsItsMatchedLetters_neverTheEllipsis() {
    let titles = ["Museu de Arte de São Paulo Assis Chateaubriand", "Museu de Arte de São Paulo Ibirapuera"]
    var items = titles.map { place($0, "museum", "2.6 km", "São Paulo") }
    // Matched in the second: "M", a letter the cut leaves out (the "d" of the second "de"), and "Ibi".
    let title = Array(titles[1])
    let ibirapuera = title.count - "Ibirapuera".count
    items[1].highlights = [0, 14, ibirapuera, ibirapuera + 1, ibirapuera + 2]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let line = ListView(items).lines(in: RenderContext(width: 60, capabilities: color))[1]

    XCTAssertEqual(line.plainText, "  2. Museu de Arte …lo Ibirapuera  museum  2.6 km  São Paulo", "cut in the middle")
    XCTAssertEqual(line.spans.filter { $0.style == Palette.match }.map(\.text), ["M", "Ibi"])
    XCTAssertFalse(line.spans.contains { $0.style == Palette.match && $0.text.contains("…") })

    // A list of titles and details is cut the same way.
    var plain = titles.map { ListView.Item(title: $0, detail: "2.6 km") }
    plain[1].highlights = items[1].highlights
    let row = ListView(plain).lines(in: RenderContext(width: 40, capabilities: color))[1]
    XCTAssertEqual(row.plainText, "  2. Museu de Arte…lo Ibirapuera  2.6 km")
    XCTAssertEqual(row.spans.filter { $0.style == Palette.match }.map(\.text), ["M", "Ibi"])
  }

  /// A title cut at its end whose matched letters lie past the cut is cut
  /// in the middle, where they show.
  ///
  /// Review10 D6: `filter ending1xyz` drew the one row it matched with
  /// nothing underlined. A title whose matches the end cut keeps stays cut
  /// at its end.
  func test_aTitleWhoseMatchIsPastItsCut_isCutWhereTheMatchShows() {
    let long = "A place whose name runs on and on until its ending1xyz"
    let end = long.count - "ending1xyz".count
    var matched = ListView.Item(title: long, detail: "2.6 km")
    matched.highlights = Set(end..<long.count)
    var early = ListView.Item(title: "Another place whose name runs on and on to its end", detail: "2.6 km")
    early.highlights = [2, 3]
    let color = TerminalCapabilities(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true)

    let rows = ListView([matched, early]).lines(in: RenderContext(width: 40, capabilities: color))

    XCTAssertEqual(rows[0].plainText, "  1. A place whose…ts ending1xyz  2.6 km")
    XCTAssertEqual(rows[0].spans.filter { $0.style == Palette.match }.map(\.text), ["ending1xyz"])
    XCTAssertEqual(rows[1].plainText, "  2. Another place whose name r…  2.6 km")
    XCTAssertEqual(rows[1].spans.filter { $0.style == Palette.match }.map(\.text), ["ot"])

    // A list with columns is cut the same way.
    var columned = [place(long, "museum", "2.6 km", "São Paulo")]
    columned[0].highlights = matched.highlights
    let row = ListView(columned).lines(in: RenderContext(width: 60, capabilities: color))[0]
    XCTAssertEqual(row.spans.filter { $0.style == Palette.match }.map(\.text), ["ending1xyz"])
  }
}
