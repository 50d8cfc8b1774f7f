import Components
import TerminalText
import TextWidth
import XCTest

/// Golden outputs for every construct, in a pipe's context (ASCII, no
/// colour) and a terminal's (Unicode, colour).
///
/// Each expected line was worked
/// out from the rules in ``MarkdownView``'s documentation, column by column.
final class MarkdownViewTests: XCTestCase {
  // MARK: Empty input

  func test_emptyInput_hasNoLines() {
    XCTAssertEqual(Markdown.text(""), [])
    XCTAssertEqual(Markdown.text("\n\n   \n\t\n"), [])
    XCTAssertEqual(Markdown.text("<!-- a comment and nothing else -->"), [])
    XCTAssertEqual(Markdown.text("[reference]: https://example.org"), [])
  }

  // MARK: Headings

  func test_headings_levelsOneAndTwoAreRuled_deeperKeepTheirMarksWithoutColour() {
    XCTAssertEqual(
      Markdown.text("# One\n\n## Two\n\n### Three\n\n#### Four *em*"),
      ["  One", "  ===", "", "  Two", "  ---", "", "  ### Three", "", "  #### Four em"])
  }

  func test_headings_onATerminal_areBoldWithTheirRulesInTheFrameColour() {
    XCTAssertEqual(
      Markdown.styled("# One\n\nTwo\n---\n\n### Three\n\n#### Four *em*"),
      [
        "  [bold:One]", "  [gray:═══]", "", "  [bold:Two]", "  [gray:───]", "", "  [bold:Three]", "",
        "  [bold:Four ][bold italic:em]",
      ])
  }

  func test_aLongHeadingWraps_andItsRuleIsAsWideAsItsWidestLine() {
    XCTAssertEqual(
      Markdown.text("# A heading that wraps around", in: Markdown.plain(width: 20)),
      ["  A heading that", "  wraps around", "  =============="])
  }

  // MARK: Inline styles

  func test_emphasis_withoutColour_keepsTheMarksOfStrikethroughAndCode() {
    XCTAssertEqual(
      Markdown.text("Some *italic*, **bold**, ~~gone~~ and `code`."),
      ["  Some italic, bold, ~~gone~~ and `code`."])
  }

  func test_emphasis_onATerminal_isStyles() {
    XCTAssertEqual(
      Markdown.styled("Some *italic*, **bold**, ~~gone~~ and `code`."),
      ["  Some [italic:italic], [bold:bold], [strike:gone] and [magenta:code]."])
    XCTAssertEqual(
      Markdown.styled("***both*** and **bold _it_**"),
      ["  [bold italic:both] and [bold:bold ][bold italic:it]"])
  }

  func test_onATerminal_theLineReachesTheScreenAsEscapeCodes() {
    let lines = MarkdownView("# Hi\n\nA **b** [l](u)").lines(in: Markdown.terminal())
    XCTAssertEqual(
      lines.map { TextRenderer(usesColor: true).render($0) },
      [
        "  \u{1B}[0;1mHi\u{1B}[0m", "  \u{1B}[0;90m══\u{1B}[0m", "",
        "  A \u{1B}[0;1mb\u{1B}[0m \u{1B}[0;4;36ml\u{1B}[0;90m <u>\u{1B}[0m",
      ])
  }

  // MARK: Paragraphs and breaks

  func test_paragraphs_wrapToTheWidthInsideTheMargin() {
    XCTAssertEqual(
      Markdown.text(
        "The quick brown fox jumps over the lazy dog and keeps running far away.", in: Markdown.plain(width: 30)),
      ["  The quick brown fox jumps", "  over the lazy dog and keeps", "  running far away."])
  }

  func test_paragraphs_wrapAtOneHundredColumnsOnAWiderTerminal() {
    let words = Array(repeating: "word", count: 60).joined(separator: " ")
    let nineteen = Array(repeating: "word", count: 19).joined(separator: " ")

    XCTAssertEqual(
      Markdown.text(words, in: Markdown.terminal(width: 200)),
      ["  " + nineteen, "  " + nineteen, "  " + nineteen, "  word word word"])
  }

  /// Piped, prose keeps to a transcript's 72 columns as every sentence
  /// does, however wide the terminal the pipe came from.
  func test_paragraphs_keepToSeventyTwoColumnsOffATerminal() {
    let words = Array(repeating: "word", count: 30).joined(separator: " ")
    let fourteen = Array(repeating: "word", count: 14).joined(separator: " ")

    XCTAssertEqual(
      Markdown.text(words, in: Markdown.plain(width: 200)), ["  " + fourteen, "  " + fourteen, "  word word"])
  }

  /// Words one space apart go onto a line as one copy of their stretch of
  /// the text; words further apart must still get one space between them.
  func test_paragraphs_wrapARunOfSpacesToOneSpace() {
    XCTAssertEqual(
      Markdown.text("one two  three four   five six seven eight nine", in: Markdown.plain(width: 24)),
      ["  one two three four", "  five six seven eight", "  nine"])
  }

  func test_aWordAcrossStyles_wrapsAsOneWord() {
    XCTAssertEqual(
      Markdown.styled("aaaaaaa bbbbbbb **ccc**dd", in: Markdown.terminal(width: 20)),
      ["  aaaaaaa bbbbbbb", "  [bold:ccc]dd"])
  }

  func test_softBreaksAreSpaces_hardBreaksEndTheLine() {
    XCTAssertEqual(Markdown.text("one\ntwo\\\nthree  \nfour"), ["  one two", "  three", "  four"])
  }

  func test_paragraphsAreSeparatedByOneBlankLine() {
    XCTAssertEqual(Markdown.text("one\n\n\n\ntwo"), ["  one", "", "  two"])
  }

  // MARK: Lists

  func test_nestedLists_hangTheirTextUnderTheMarker() {
    let markdown = """
      - first item that is long enough to wrap here
      - second
        1. one
        2. two
           - deep
      """
    XCTAssertEqual(
      Markdown.text(markdown, in: Markdown.plain(width: 30)),
      [
        "  * first item that is long", "    enough to wrap here", "  * second", "    1. one", "    2. two",
        "       - deep",
      ])
    XCTAssertEqual(
      Markdown.styled(markdown, in: Markdown.terminal(width: 30)),
      [
        "  [cyan:•] first item that is long", "    enough to wrap here", "  [cyan:•] second", "    [cyan:1.] one",
        "    [cyan:2.] two", "       [cyan:◦] deep",
      ])
  }

  func test_orderedLists_keepTheirStartAndDelimiter_andRightAlignNumbers() {
    XCTAssertEqual(Markdown.text("9) nine\n10) ten"), ["   9) nine", "  10) ten"])
  }

  func test_looseLists_haveBlankLinesBetweenItemsAndTheirBlocks() {
    XCTAssertEqual(Markdown.text("- a\n\n- b"), ["  * a", "", "  * b"])
    XCTAssertEqual(
      Markdown.text("1. first\n\n   more\n2. second"), ["  1. first", "", "     more", "", "  2. second"])
  }

  func test_anEmptyItemStillShowsItsMarker() {
    XCTAssertEqual(Markdown.text("- a\n-\n- c"), ["  * a", "  *", "  * c"])
  }

  func test_taskLists_showBoxesInPlaceOfBullets() {
    let markdown = "- [ ] open\n- [x] done\n\n1. [x] shipped"
    XCTAssertEqual(Markdown.text(markdown), ["  [ ] open", "  [x] done", "", "  1. [x] shipped"])
    XCTAssertEqual(
      Markdown.styled(markdown), ["  [cyan:☐] open", "  [cyan:☑] done", "", "  [cyan:1. ☑] shipped"])
  }

  func test_aTaskThatWraps_hangsUnderItsBox() {
    XCTAssertEqual(
      Markdown.text("- [ ] a task that wraps", in: Markdown.plain(width: 20)), ["  [ ] a task that", "      wraps"])
  }

  // MARK: Block quotes

  func test_blockQuotes_haveABarOnEveryLine_blankAndNestedOnesToo() {
    let markdown = "> one\n>\n> two\n> > nested"
    XCTAssertEqual(Markdown.text(markdown), ["  | one", "  |", "  | two", "  |", "  | | nested"])
    XCTAssertEqual(
      Markdown.styled(markdown),
      ["  [gray:│ ]one", "  [gray:│]", "  [gray:│ ]two", "  [gray:│]", "  [gray:│ │ ]nested"])
  }

  func test_blockQuotes_wrapInsideTheirBar() {
    XCTAssertEqual(
      Markdown.text("> a long quoted sentence that wraps", in: Markdown.plain(width: 20)),
      ["  | a long quoted", "  | sentence that", "  | wraps"])
  }

  // MARK: Code blocks

  func test_codeBlocks_areBoxed_andLongLinesWrapWithAContinuationMark_neverCut() {
    let markdown = """
      ```sh
      echo hi
      a line that is far too long to fit inside the box at all
      ```
      """
    XCTAssertEqual(
      Markdown.text(markdown, in: Markdown.plain(width: 30)),
      [
        "  +- sh ---------------------+",
        "  | echo hi                  |",
        "  | a line that is far too \\ |",
        "  | long to fit inside the \\ |",
        "  | box at all               |",
        "  +--------------------------+",
      ])
    XCTAssertEqual(
      Markdown.styled(markdown, in: Markdown.terminal(width: 30)),
      [
        "  [gray:┌─ sh ─────────────────────┐]",
        "  [gray:│ ][bold magenta:echo] hi                 [gray: │]",
        "  [gray:│ ]a line that is far too [gray:↪ │]",
        "  [gray:│ ]long to fit inside the [gray:↪ │]",
        "  [gray:│ ]box at all              [gray: │]",
        "  [gray:└──────────────────────────┘]",
      ])
  }

  func test_codeBlocks_inALanguageNotKnown_stayInTheCodeColour_andWrap() {
    XCTAssertEqual(
      Markdown.styled("```nosuchlanguage\nabcdefghijklmnopqrstuvwxyz\n```", in: Markdown.terminal(width: 20)),
      [
        "  [gray:┌─ nosuchlangu… ─┐]",
        "  [gray:│ ][magenta:abcdefghijklm][gray:↪ │]",
        "  [gray:│ ][magenta:nopqrstuvwxyz] [gray: │]",
        "  [gray:└────────────────┘]",
      ])
  }

  func test_codeBlocks_wrapWideCharactersWithoutSplittingThem() {
    // 東 is two columns: a part ends early rather than split it.
    XCTAssertEqual(
      Markdown.text("```\nab東京東京東京東\n```", in: Markdown.plain(width: 20)),
      ["  +----------------+", "  | ab東京東京東 \\ |", "  | 京東           |", "  +----------------+"])
  }

  func test_codeBlocks_expandTabsToFourColumnStops_andKeepBlankLines() {
    XCTAssertEqual(
      Markdown.text("    a\tb\n    ab\tc\n\n    d"),
      ["  +-------+", "  | a   b |", "  | ab  c |", "  |       |", "  | d     |", "  +-------+"])
  }

  func test_codeBlocks_inAListItem_sitUnderItsText() {
    XCTAssertEqual(
      Markdown.text("- run:\n\n  ```\n  make\n  ```"),
      ["  * run:", "", "    +------+", "    | make |", "    +------+"])
  }

  // MARK: Tables

  private let table = """
    | Name | Stars | Lang |
    |:-----|------:|:----:|
    | 東京 | 12 | Swift |
    | wayfarer 🙂 | 1,234 | C |
    """

  func test_tables_alignColumnsByDisplayWidth_wideCharactersCountingTwo() {
    XCTAssertEqual(
      Markdown.text(table),
      [
        "  Name        | Stars | Lang",
        "  ------------+-------+------",
        "  東京        |    12 | Swift",
        "  wayfarer 🙂 | 1,234 |   C",
      ])
  }

  /// TERM=dumb shows ASCII only: the table is laid out in the characters
  /// that will be shown, so its columns still line up.
  func test_tables_onADumbTerminal_alignInTheASCIIShown() {
    let dumb = RenderContext(
      width: 80,
      capabilities: TerminalCapabilities(
        inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false, isDumb: true))
    let lines = Markdown.text("| Ciudad | Nota |\n|---|---|\n| 東京 São Paulo | ok |\n| Lisboa | ok |", in: dumb)
    XCTAssertEqual(lines.count, 4, "\(lines)")
    // As the renderer writes them to a dumb terminal (folded to ASCII): the
    // columns must line up in what is shown, not in what was measured.
    let shown = lines.map(ASCIIFolding.fold)
    let bars = Set(
      shown.map { line in
        line.distance(from: line.startIndex, to: line.firstIndex { $0 == "|" || $0 == "+" } ?? line.endIndex)
      })
    XCTAssertEqual(bars.count, 1, "\(lines)")
    XCTAssertTrue(lines.allSatisfy { $0.allSatisfy(\.isASCII) }, "\(lines)")
  }

  func test_tables_onATerminal_haveBoldHeadersAndBoxDrawingRules() {
    XCTAssertEqual(
      Markdown.styled(table),
      [
        "  [bold:Name]       [gray: │ ][bold:Stars][gray: │ ][bold:Lang]",
        "  [gray:────────────┼───────┼──────]",
        "  東京       [gray: │ ]   12[gray: │ ]Swift",
        "  wayfarer 🙂[gray: │ ]1,234[gray: │ ]  C",
      ])
  }

  func test_tablesTooWide_shrinkTheirWideColumn_andWrapItsCells() {
    let markdown = """
      | Key | Description |
      |-----|-------------|
      | a | a long description that wraps over lines |
      """
    XCTAssertEqual(
      Markdown.text(markdown, in: Markdown.plain(width: 30)),
      [
        "  Key | Description",
        "  ----+-----------------------",
        "  a   | a long description",
        "      | that wraps over lines",
      ])
  }

  func test_tablesWithWideCharacters_cutWordsBetweenCharactersWhenShrunk() {
    let markdown = "| k | v |\n|---|---|\n| a | 東京大阪名古屋京都神戸 |"
    // 24 columns: 2 of margin, 1 + 3 for the key and its separator, 18
    // for the value: nine of its eleven two-column characters a line.
    XCTAssertEqual(
      Markdown.text(markdown, in: Markdown.plain(width: 24)),
      ["  k | v", "  --+-------------------", "  a | 東京大阪名古屋京都", "    | 神戸"])
  }

  func test_tablesWithMoreColumnsThanTheWidthHolds_showEachRowAsHeaderValueLines() {
    let markdown = """
      | A | B | C | D | E | F |
      |---|---|---|---|---|---|
      | one | two | three | four | five | six |
      | 1 | 2 | 3 | 4 | 5 | 6 |
      """
    XCTAssertEqual(
      Markdown.text(markdown, in: Markdown.plain(width: 24)),
      [
        "  A: one", "  B: two", "  C: three", "  D: four", "  E: five", "  F: six", "",
        "  A: 1", "  B: 2", "  C: 3", "  D: 4", "  E: 5", "  F: 6",
      ])
    XCTAssertEqual(Markdown.styled(markdown, in: Markdown.terminal(width: 24)).first, "  [bold:A: ]one")
  }

  // MARK: Links and images

  func test_links_showTheirAddressOnce() {
    XCTAssertEqual(
      Markdown.text(
        "[text](https://x.y/z), <https://a.b>, [https://c.d](https://c.d), www.e.f, foo@bar.com and [anchor](#usage)."
      ),
      ["  text <https://x.y/z>, https://a.b, https://c.d, www.e.f, foo@bar.com", "  and anchor."])
    XCTAssertEqual(
      Markdown.styled("[text](https://x.y/z) and <https://a.b>"),
      ["  [underline cyan:text][gray: <https://x.y/z>] and [underline cyan:https://a.b]"])
  }

  /// On a terminal a link's text and its address lead where it goes (OSC
  /// 8), relative ones resolved; the address is still printed once.
  func test_links_areHyperlinksToTheirResolvedAddress() {
    let view = MarkdownView(
      "[guide](docs/guide.md) and <https://a.b>", baseURL: URL(string: "https://github.com/o/n/blob/main/"))
    let rendered = TextRenderer(usesColor: false, usesHyperlinks: true).render(view.lines(in: Markdown.terminal()))
    let guide = "https://github.com/o/n/blob/main/docs/guide.md"
    let close = "\u{1B}]8;;\u{1B}\\"
    XCTAssertEqual(
      rendered,
      "  \u{1B}]8;;\(guide)\u{1B}\\guide <\(guide)>\(close) and \u{1B}]8;;https://a.b\u{1B}\\https://a.b\(close)\n")
  }

  /// A web address in prose is never cut: it takes a line of its own and
  /// runs past the width; other long words are still cut.
  func test_anAddressInProse_isNeverCut() {
    let address = "https://example.com/a/very/long/path/that/should/not/be/broken"
    XCTAssertEqual(
      Markdown.text("See \(address) now.", in: Markdown.plain(width: 40)), ["  See", "  " + address, "  now."])
  }

  func test_relativeLinksAndImages_resolveAgainstTheBase() {
    let markdown = """
      [guide](docs/guide.md)

      [up](../x)

      [root](/LICENSE)

      ![shot](img/a.png)

      [cdn](//cdn.x/y)

      [mail](mailto:a@b.c)
      """
    XCTAssertEqual(
      Markdown.text(markdown, base: "https://github.com/o/n/blob/main/"),
      [
        "  guide <https://github.com/o/n/blob/main/docs/guide.md>", "",
        "  up <https://github.com/o/n/blob/x>", "",
        "  root <https://github.com/o/n/blob/main/LICENSE>", "",
        "  [image: shot] https://github.com/o/n/blob/main/img/a.png", "",
        "  cdn <https://cdn.x/y>", "",
        "  mail <mailto:a@b.c>",
      ])
    XCTAssertEqual(Markdown.text("[guide](docs/guide.md)"), ["  guide <docs/guide.md>"])
  }

  func test_images_showTheirDescriptionAndAddress_badgesTheirLinkOnly() {
    XCTAssertEqual(
      Markdown.text("![alt *text*](a.png)\n\n![](b.png)\n\n[![CI](badge.svg)](https://ci.example/run)"),
      ["  [image: alt text] a.png", "", "  [image] b.png", "", "  [image: CI] <https://ci.example/run>"])
    XCTAssertEqual(Markdown.styled("![logo](a.png)"), ["  [gray:[image: logo] a.png]"])
  }

  // MARK: HTML and breaks

  func test_rawHTMLBlocks_areReducedToTheirText() {
    let markdown = """
      <p align="center">
        <img src="logo.png" alt="Logo">
        <br>
        <b>Fast</b> &amp; <i>small</i><!-- hidden -->
      </p>
      <script>alert(1)</script>
      """
    XCTAssertEqual(Markdown.text(markdown), ["  [image: Logo] logo.png", "  Fast & small"])
    XCTAssertEqual(
      Markdown.text("<ul><li>one</li><li>two &lt;3 &#x1F600; &copy; &bogus; & alone</li></ul>"),
      ["  one", "  two <3 😀 © &bogus; & alone"])
  }

  func test_inlineHTML_dropsTags_andBreaksAtBr() {
    XCTAssertEqual(Markdown.text("a<br>b <kbd>Ctrl</kbd>+<kbd>C</kbd>"), ["  a", "  b Ctrl+C"])
  }

  func test_thematicBreaks_areARuleAcrossTheText() {
    XCTAssertEqual(
      Markdown.text("a\n\n---\n\nb", in: Markdown.plain(width: 30)),
      ["  a", "", "  ----------------------------", "", "  b"])
    XCTAssertEqual(
      Markdown.styled("***", in: Markdown.terminal(width: 22)), ["  [gray:────────────────────]"])
  }
}
