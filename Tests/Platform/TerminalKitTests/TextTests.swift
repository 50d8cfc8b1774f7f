import XCTest

@testable import TerminalKit

final class TextSanitizerTests: XCTestCase {
  func test_removesEscapeSequencesAndControls_keepsText() {
    let hostile =
      "Caf\u{E9} \u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}title \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ "
      + "bell\u{07} nul\u{00} del\u{7F} c1\u{9B}2J \u{202E}evil\u{202C} tab\there\nnext\u{1B}c"
    XCTAssertEqual(
      TextSanitizer.clean(hostile), "Café red title link bell nul del c1 evil tab here next")
  }

  func test_plainTextIsUntouched() {
    let text = "São Paulo · 東京 · emoji 🙂"
    XCTAssertEqual(TextSanitizer.clean(text), text)
  }

  func test_rendererSanitisesEverySpan_andStylesOnlyWithColour() {
    let line = StyledLine("ok", style: TextStyle(foreground: .green, isBold: true)) + StyledSpan(" \u{1B}[2Jname")

    XCTAssertEqual(TextRenderer(usesColor: false).render(line), "ok name")
    XCTAssertEqual(TextRenderer(usesColor: true).render(line), "\u{1B}[0;1;32mok\u{1B}[0m name")
    let twoStyles =
      StyledLine("a", style: TextStyle(foreground: .red)) + StyledSpan("b", style: TextStyle(foreground: .red))
      + StyledSpan("c", style: TextStyle(isBold: true))
    XCTAssertEqual(TextRenderer(usesColor: true).render(twoStyles), "\u{1B}[0;31mab\u{1B}[0;1mc\u{1B}[0m")
  }
}

final class DisplayWidthTests: XCTestCase {
  func test_widths() {
    XCTAssertEqual(DisplayWidth.of("abc"), 3)
    XCTAssertEqual(DisplayWidth.of("東京"), 4)
    XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
    XCTAssertEqual(DisplayWidth.of("🙂"), 2)
  }

  func test_truncate() {
    XCTAssertEqual(DisplayWidth.truncate("Wayfarer", to: 8), "Wayfarer")
    XCTAssertEqual(DisplayWidth.truncate("Wayfarer", to: 5), "Wayf…")
    XCTAssertEqual(DisplayWidth.truncate("東京タワー", to: 5), "東京…")
    XCTAssertEqual(DisplayWidth.truncate("Wayfarer", to: 6, ellipsis: "..."), "Way...")
  }

  func test_wrap_breaksAtSpaces_andSplitsLongWords() {
    XCTAssertEqual(DisplayWidth.wrap("the quick brown fox", to: 9), ["the quick", "brown fox"])
    XCTAssertEqual(DisplayWidth.wrap("abcdefghij", to: 4), ["abcd", "efgh", "ij"])
    XCTAssertEqual(DisplayWidth.wrap("", to: 4), [""])
  }
}

final class CompletionTableTests: XCTestCase {
  func test_candidates() {
    let table = CompletionTable(
      commands: ["help", "home", "tab", "toggle"], arguments: ["tab": ["home", "explore"], "toggle": ["1", "2"]])

    XCTAssertEqual(table.candidates(before: [], prefix: "h"), ["help", "home"])
    XCTAssertEqual(table.candidates(before: ["tab"], prefix: "e"), ["explore"])
    XCTAssertEqual(table.candidates(before: ["TAB"], prefix: ""), ["explore", "home"])
    XCTAssertEqual(table.candidates(before: ["tab", "home"], prefix: ""), [])
    XCTAssertEqual(CompletionTable.commonPrefix(of: ["help", "hello"]), "hel")
  }
}
