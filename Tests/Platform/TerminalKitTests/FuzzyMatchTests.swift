import XCTest

@testable import FuzzyMatching

/// Issue 21 §4: the one fuzzy matcher Home, Explore and Bookmarks filter
/// with, as fzf matches.
final class FuzzyMatchTests: XCTestCase {
  private func match(_ query: String, _ texts: String...) -> FuzzyMatch? {
    FuzzyQuery(query)?.match(texts.map(FuzzyText.init))
  }

  func test_lettersInOrder_findTheName_andTheWordStartsAreTheOnesMatched() {
    let found = match("csj", "Castelo de São Jorge")
    XCTAssertEqual(found?.positions, [[0, 11, 15]], "C, S and J: the starts of words, not the s of Castelo")
    XCTAssertNil(match("cjs", "Castelo de São Jorge"), "the letters must come in order")
    XCTAssertNil(match("csx", "Castelo de São Jorge"))
  }

  func test_smartCase_lowercaseIsAnyCase_aCapitalMakesCaseCount() {
    XCTAssertNotNil(match("csj", "Castelo de São Jorge"))
    XCTAssertNotNil(match("CSJ", "Castelo de São Jorge"))
    XCTAssertNil(match("Csj", "Castelo de São Jorge"), "no lowercase j in the name")
    XCTAssertNil(match("CAFE", "Café Central"))
  }

  func test_accentsAreFolded_inTheTextAndInTheQuery() {
    XCTAssertEqual(match("sao", "São Paulo")?.positions, [[0, 1, 2]])
    XCTAssertEqual(match("são", "Sao Paulo")?.positions, [[0, 1, 2]])
    XCTAssertEqual(match("cafe", "Café")?.positions, [[0, 1, 2, 3]], "é is one character, highlighted as one")
  }

  /// Each text's matched letters are kept, to highlight in its own cell
  /// (fzf colours every matched letter, not only the name's).
  func test_everyWordMustMatch_inAnyText_eachTextsLettersAreKept() {
    let found = match("museu lisboa", "Museu do Azulejo", "Lisboa")
    XCTAssertEqual(found?.positions, [[0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5]])
    XCTAssertNil(match("museu porto", "Museu do Azulejo", "Lisboa"))
    XCTAssertEqual(match("lisb", "Museu do Azulejo", "Lisboa")?.positions, [[], [0, 1, 2, 3]])
    XCTAssertEqual(
      match("terminal", "acme/blessed28", "Description number 28 for a terminal UI")?.positions,
      [[], Set(28..<36)], "a word found only in the description is highlighted there")
    XCTAssertEqual(
      match("são", "Bar", "Rua X", "São Paulo")?.positions, [[], [], [0, 1, 2]], "offsets in characters, per text")
    XCTAssertNil(FuzzyQuery("   "), "spaces alone are no query")
  }

  /// Ranking as fzf's: letters in a row and at word starts score higher.
  func test_ranking_prefersRunsAndWordStarts_andKeepsTheOrderOfEquals() {
    let rows = ["Cachaçaria Ferreira", "Café Central", "Pastelaria Café", "Bar", "Café Central"]
    let listed = FuzzyQuery.listed(rows.indices, query: FuzzyQuery("cafe")) { [FuzzyText(rows[$0])] }

    XCTAssertEqual(
      listed.map(\.number), [2, 3, 5, 1], "equals keep their order; numbers are the rows' own; Bar does not match")
    XCTAssertEqual(listed.first?.highlights, [0, 1, 2, 3])
    XCTAssertEqual(listed.first?.matches, [[0, 1, 2, 3]])
    XCTAssertGreaterThan(
      match("cafe", "Café Central")?.score ?? 0, match("cafe", "Cachaçaria Ferreira")?.score ?? .max)
  }

  func test_withoutAQuery_everyRowKept_inOrder_numberedFromTheSlice() {
    let rows = ["a", "b", "c", "d"]
    let listed = FuzzyQuery.listed(2..<4, query: nil, keeping: { rows[$0] != "d" }, texts: { [FuzzyText(rows[$0])] })
    XCTAssertEqual(listed.map(\.number), [3])
    XCTAssertEqual(listed.map { ListedRow($0, in: rows).row }, ["c"])
    XCTAssertEqual(listed.first?.highlights(inText: 1), [], "no text matched, none highlighted")
  }

  /// The ASCII shortcut classes every ASCII character as Unicode's
  /// properties do.
  func test_asciiCharacters_areClassedAsTheirUnicodeProperties() throws {
    for unit in UInt32(0)..<0x80 {
      let scalar = try XCTUnwrap(Unicode.Scalar(unit))
      XCTAssertEqual(
        FuzzyScore.CharacterClass(unit), FuzzyScore.CharacterClass(properties: scalar), "U+\(String(unit, radix: 16))")
    }
  }

  /// A text of ASCII alone is read from its bytes, one character a byte;
  /// it must come out as a walk of its characters makes it.
  func test_asciiText_isReadAsItsCharacters() {
    let text = FuzzyText("Caf3 Rua-9")
    XCTAssertEqual(text.units, "Caf3 Rua-9".unicodeScalars.map(\.value))
    XCTAssertEqual(text.lowered, "caf3 rua-9".unicodeScalars.map(\.value))
    XCTAssertEqual(text.offsets, Array(0..<10))
    // CR LF is one character: its offsets must not run one ahead.
    let crlf = FuzzyText("a\r\nb")
    XCTAssertEqual(crlf.units, [0x61, 0x0A, 0x62])
    XCTAssertEqual(crlf.offsets, [0, 1, 2])
    XCTAssertEqual(match("b", "a\r\nb")?.positions, [[2]])
    // An ASCII letter with a combining accent is one character too.
    XCTAssertEqual(FuzzyText("e\u{301}x").offsets, [0, 1])
  }

  /// The byte reading agrees with the walk of characters for every pair
  /// of ASCII characters (a pair is where grapheme breaks could differ),
  /// and declines the only pair that is one character: CR LF.
  func test_everyPairOfASCIICharacters_readsAsTheWalkOfCharacters() {
    for first in UInt8(0)..<0x80 {
      for second in UInt8(0)..<0x80 {
        let text = String(decoding: [first, second, 0x61], as: UTF8.self)
        guard let read = FuzzyText.ascii(text) else {
          XCTAssertTrue(first == 0x0D || second == 0x0D, "declined \([first, second])")
          continue
        }
        let walked = FuzzyText.folded(text)
        XCTAssertEqual(read.units, walked.units, "\([first, second])")
        XCTAssertEqual(read.offsets, walked.offsets, "\([first, second])")
      }
    }
  }

  /// Hostile input never traps: long texts, long queries, odd scalars.
  func test_oddInput_isMatchedOrNot_neverTraps() {
    let long = String(repeating: "ab", count: 5_000)
    XCTAssertNotNil(match("aaaa", long))
    XCTAssertNil(match(String(repeating: "a", count: 6_000), long))
    XCTAssertEqual(match(String(repeating: "ab", count: 200), long)?.positions.first?.count, 400, "aligned greedily")
    XCTAssertNil(match("x", ""))
    XCTAssertNotNil(match("e\u{301}", "cafe\u{301}"))
    XCTAssertNotNil(match("👍", "ok 👍🏽 done"))
  }
}
