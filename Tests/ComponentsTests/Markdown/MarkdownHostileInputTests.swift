import TerminalText
import TextWidth
import XCTest

@testable import Components

/// Text from GitHub is untrusted: escape sequences, C1 controls and
/// bidirectional overrides never reach a span, wherever they hide; huge and
/// deeply nested documents neither crash, hang nor overflow the width.
final class MarkdownHostileInputTests: XCTestCase {
  private let escape = "\u{1B}"

  func test_escapeControlAndBidiSequences_areRemovedFromEveryConstruct() {
    let markdown = """
      # Ti\(escape)[31mtle\(escape)[0m

      Text \(escape)]8;;x\(escape)\\click\(escape)]8;;\(escape)\\ c1\u{9B}2J bidi\u{202E}txt.exe\u{202C} `co\(escape)[2Jde`

      [li\(escape)\\]52;c;ZXZpbA==\u{07}nk](https://x.example/&#27;]52;c;Zm9v&#7;p\u{202E}ath)

      ![al\(escape)\\[5mt](p\u{202E}.png)

      | a\(escape)[31m | b\u{9D}0;t\u{9C} |
      |---|---|
      | \(escape)[2Jc | d\u{202E}e |

      ```
      c\(escape)[1mode\(escape)]8;;x\u{07}
      ```

      <div>&#27;[31mred&#27;[0m</div>
      """
    let lines = Markdown.text(markdown)

    XCTAssertEqual(
      lines,
      [
        "  Title", "  =====", "",
        "  Text click c1 biditxt.exe `code`", "",
        "  link <https://x.example/path>", "",
        "  [image: alt] p.png", "",
        // A C1 string introducer is removed alone, so its payload stays as
        // harmless text; ESC-introduced ones go whole.
        "  a | b0;t", "  --+-----", "  c | de", "",
        "  +------+", "  | code |", "  +------+", "",
        "  red",
      ])
    for line in lines { Self.assertHarmless(line) }
  }

  func test_hostileLinkTargets_areCleanedBeforeTheyAreShown() {
    let lines = Markdown.text("<https://x.example/\u{202E}moc.evil>\n\n[t](https://a.b/&#155;31m)")
    XCTAssertEqual(lines, ["  https://x.example/moc.evil", "", "  t <https://a.b/>"])
  }

  // MARK: Size

  func test_aVeryLongWord_isCutIntoLinesOfTheWidth() {
    let lines = Markdown.text(String(repeating: "x", count: 100_000))

    XCTAssertEqual(lines.count, 1429)  // a transcript's 72 columns: 1,428 lines of 70, then 40
    XCTAssertEqual(lines.first, "  " + String(repeating: "x", count: 70))
    XCTAssertEqual(lines.last, "  " + String(repeating: "x", count: 40))
  }

  func test_aVeryLongCodeLine_wrapsWithAMarkOnEachPart_inTimeProportionalToItsLength() {
    let lines = Markdown.text("```\n" + String(repeating: "y", count: 1_000_000) + "\n```")

    // Off a terminal the box keeps to the transcript's 72 columns: 15,384
    // parts of 65 columns and a mark, then the last 40.
    XCTAssertEqual(lines.count, 15_387)
    XCTAssertEqual(lines[1], "  | " + String(repeating: "y", count: 65) + "\\ |")
    XCTAssertEqual(
      lines[lines.count - 2], "  | " + String(repeating: "y", count: 40) + String(repeating: " ", count: 26) + " |")
    XCTAssertEqual(lines.last, "  +" + String(repeating: "-", count: 68) + "+")
  }

  func test_aVeryLongWideWord_isCutBetweenCharacters() {
    let lines = Markdown.text(String(repeating: "東", count: 1000), in: Markdown.plain(width: 21))

    XCTAssertEqual(lines.count, 112)  // nine two-column characters in 19 columns
    XCTAssertEqual(lines.first, "  " + String(repeating: "東", count: 9))
    XCTAssertEqual(lines.last, "  " + String(repeating: "東", count: 1))
  }

  func test_aHugeTableCell_wrapsWithinTheWidth() {
    let cell = Array(repeating: "word", count: 20_000).joined(separator: " ")
    let lines = MarkdownView("| a | b |\n|---|---|\n| x | \(cell) |").lines(in: Markdown.plain())

    XCTAssertGreaterThan(lines.count, 1000)
    XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 80 })
  }

  func test_aTableCmarkWouldFillToMillionsOfCells_isReadAsText() {
    // 3,000 columns and 3,000 one-cell rows: 24 kB that Debian's cmark-gfm
    // would fill to 9 million cells (2 GB, seconds).
    let header = "|" + String(repeating: "h|", count: 3_000)
    let delimiter = "|" + String(repeating: "-|", count: 3_000)
    let markdown = header + "\n" + delimiter + "\n" + String(repeating: "|x|\n", count: 3_000)
    let started = ContinuousClock.now
    let lines = Markdown.text("> " + markdown.replacingOccurrences(of: "\n", with: "\n> "))

    XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
    XCTAssertEqual(lines.first, "  | " + String(header.prefix(68)), "a transcript's 72 columns")
    XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 72 })
  }

  func test_theTableCellEstimate_countsFilledRowsInQuotesAndLists_andStopsPastTheLimit() {
    XCTAssertEqual(MarkdownParser.estimatedTableCells("| a | b |\n|---|:-:|\n| 1 |\n| 2 | 3 |\n\nafter", upTo: 100), 8)
    XCTAssertEqual(MarkdownParser.estimatedTableCells("> |a|\n> |-|\n> |1|\n>\n> |2|", upTo: 100), 3)
    XCTAssertEqual(MarkdownParser.estimatedTableCells("- a\n\n  |a|b|\n  |-|-|\n  |1|", upTo: 100), 6)
    XCTAssertEqual(MarkdownParser.estimatedTableCells("no table\n---\n- - -\n| not | a delimiter |", upTo: 100), 0)
    XCTAssertEqual(
      MarkdownParser.estimatedTableCells("|a|b|\n|-|-|\n" + String(repeating: "|1|\n", count: 1_000), upTo: 10), 12)
  }

  // MARK: Nesting

  func test_quotesNestedThousandsDeep_drawSixteenBars() {
    let lines = Markdown.text(String(repeating: ">", count: 10_000) + " deep")

    XCTAssertEqual(lines, ["  " + String(repeating: "| ", count: 16) + "deep"])
  }

  func test_quotesNestedOnANarrowTerminal_leaveTwelveColumnsForTheText() {
    XCTAssertEqual(
      Markdown.text(String(repeating: ">", count: 50) + " deep", in: Markdown.plain(width: 20)),
      ["  | | | deep"])
  }

  func test_listsInQuotesNestedThousandsDeep_costTimeInProportion() {
    // "- " and "> " open a container each: 20,000 containers in 40 kB.
    let markdown = String(repeating: "- > ", count: 10_000) + "deep\n\n" + String(repeating: "> - ", count: 10_000)
    let lines = Markdown.text(markdown)

    XCTAssertEqual(lines.first, "  * | - | + | * | - | + | * | - | deep")
    XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
  }

  func test_listsNestedHundredsDeep_drawSixteenLevels_thenTheRestAtTheSixteenth() {
    let markdown = (0..<300).map { String(repeating: "  ", count: $0) + "- x" }.joined(separator: "\n")
    let lines = Markdown.text(markdown)

    XCTAssertEqual(lines.count, 300)
    XCTAssertEqual(Array(lines.prefix(4)), ["  * x", "    - x", "      + x", "        * x"])
    XCTAssertEqual(lines[15], "  " + String(repeating: "  ", count: 15) + "* x")
    XCTAssertEqual(lines[16], "  " + String(repeating: "  ", count: 16) + "x")
    XCTAssertEqual(lines.last, "  " + String(repeating: "  ", count: 16) + "x")
  }

  func test_emphasisAndBracketsNestedThousandsDeep_areText() {
    let stars = String(repeating: "*", count: 20_000)
    XCTAssertEqual(Markdown.text(stars + "deep" + stars), ["  deep"])

    let brackets = String(repeating: "[", count: 5_000) + "x" + String(repeating: "](u)", count: 5_000)
    let lines = MarkdownView(brackets).lines(in: Markdown.plain())
    XCTAssertFalse(lines.isEmpty)
    XCTAssertTrue(lines.allSatisfy { $0.displayWidth <= 80 })
  }

  func test_everyConstruct_atEveryWidth_staysWithinTheWidth() {
    let markdown = """
      # A heading long enough to wrap at the narrowest widths we try

      Prose with **bold**, a [link](https://example.org/a/rather/long/path/that/cannot/break) and 東京🙂 text.

      - [ ] a task
        > quoted `code` in an item
        > ```
        > let x = "a code line longer than the narrowest width"
        > ```

      | Column | Another column | 東京 |
      |---|:-:|--:|
      | a cell with several words | 🙂🙂🙂 | 1 |

      ---
      """
    for width in 20...120 {
      for context in [Markdown.plain(width: width), Markdown.terminal(width: width)] {
        let lines = MarkdownView(markdown).lines(in: context)
        // Only a web address may run past the width, alone on its line: it
        // is never cut.
        for line in lines where line.displayWidth > width {
          let words = line.plainText.split(separator: " ")
          if words.count == 1, words[0].contains("://") { continue }
          XCTFail("\(line.displayWidth) columns at width \(width): \(line.plainText)")
        }
      }
    }
  }

  /// No C0 control, DEL, C1 control or bidirectional override.
  static func assertHarmless(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
        XCTFail("U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)", file: file, line: line)
      default:
        continue
      }
    }
  }
}
