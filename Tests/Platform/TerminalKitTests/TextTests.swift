import XCTest

@testable import FuzzyMatching
@testable import Secrets
@testable import TerminalConsole
@testable import TerminalIO
@testable import TerminalText
@testable import TextSafety
@testable import TextWidth

final class TextSanitizerTests: XCTestCase {
  func test_removesEscapeSequencesAndControls_keepsText() {
    let hostile =
      "Caf\u{E9} \u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}title \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ "
      + "bell\u{07} nul\u{00} del\u{7F} c1\u{9B}2J \u{202E}evil\u{202C} tab\there\nnext\u{1B}c"
    XCTAssertEqual(
      TextSanitizer.clean(hostile), "Café red title link bell nul del c1 evil tab here next")
    XCTAssertEqual(TextSanitizer.clean("line\u{2028}and paragraph\u{2029}end"), "line and paragraph end")
  }

  func test_plainTextIsUntouched() {
    let text = "São Paulo · 東京 · emoji 🙂"
    XCTAssertEqual(TextSanitizer.clean(text), text)
  }

  /// An echoed word shows the characters that draw as nothing, so a person
  /// sees why `book<U+FEFF>marks` is not `bookmarks`; the joiners inside an
  /// emoji, and the tags of a flag, stay.
  func test_visible_writesWhatDrawsAsNothing_keepsJoinersAndFlags() {
    XCTAssertEqual(TextSanitizer.visible("book\u{FEFF}marks", limit: 40), "book<U+FEFF>marks")
    XCTAssertEqual(
      TextSanitizer.visible("a\u{200B}b\u{00AD}c\u{2060}d", limit: 40), "a<U+200B>b<U+00AD>c<U+2060>d")
    XCTAssertEqual(TextSanitizer.visible("\u{1D173}x", limit: 40), "<U+1D173>x")
    // What `clean` removes is shown too: an echo must never be the word it refuses.
    for (hidden, shown) in [
      ("book\u{2066}marks", "book<U+2066>marks"), ("book\u{202E}marks", "book<U+202E>marks"),
      ("book\u{1B}[31mmarks", "book<U+001B>[31mmarks"), ("book\u{01}marks", "book<U+0001>marks"),
      ("book\tmarks", "book<U+0009>marks"), ("book\u{200D}marks", "book<U+200D>marks"),
      ("book\u{200C}marks", "book<U+200C>marks"),
      ("bookmarks\u{E0041}", "bookmarks<U+E0041>"), ("book\u{34F}marks", "book<U+034F>marks"),
      ("book\u{3164}marks", "book<U+3164>marks"), ("book\u{2028}marks", "book<U+2028>marks"),
      ("book\u{0378}marks", "book<U+0378>marks"),
      ("book\u{FFFF}marks", "book<U+FFFF>marks"), ("book\u{1FFFE}marks", "book<U+1FFFE>marks"),
    ] {
      XCTAssertEqual(TextSanitizer.visible(hidden, limit: 40), shown)
    }
    let family = "👩\u{200D}👩\u{200D}👧"
    let england = "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
    for kept in [family, england, "plain", "São Paulo", "❤\u{FE0F}", "می\u{200C}خواهم"] {
      XCTAssertEqual(TextSanitizer.visible(kept, limit: 40), kept)
    }
    let invisible = TextSanitizer.visible(String(repeating: "\u{200B}", count: 10_000), limit: 40)
    XCTAssertEqual(DisplayWidth.of(invisible), 40, "as wide as the limit, shown or not")
    XCTAssertTrue(invisible.hasPrefix("<U+200B><U+200B>"), invisible)
  }

  func test_rendererSanitisesEverySpan_andStylesOnlyWithColour() {
    let line = StyledLine("ok", style: TextStyle(foreground: .green, isBold: true)).appending(
      StyledSpan(" \u{1B}[2Jname"))

    XCTAssertEqual(TextRenderer(usesColor: false).render(line), "ok name")
    XCTAssertEqual(TextRenderer(usesColor: true).render(line), "\u{1B}[0;1;32mok\u{1B}[0m name")
    let twoStyles =
      StyledLine("a", style: TextStyle(foreground: .red)).appending(StyledSpan("b", style: TextStyle(foreground: .red)))
      .appending(StyledSpan("c", style: TextStyle(isBold: true)))
    XCTAssertEqual(TextRenderer(usesColor: true).render(twoStyles), "\u{1B}[0;31mab\u{1B}[0;1mc\u{1B}[0m")
  }

  /// A line of one plain span (a streamed piece) goes out as its text,
  /// but cleaned, folded, its secrets hidden and its link kept, as any line.
  func test_aLineOfOnePlainSpan_isCleanedFoldedHiddenAndLinked() {
    SecretText.hide("ONESPAN-SECRET-0123", naming: "ONE_KEY")
    let renderer = TextRenderer(usesColor: true, usesHyperlinks: true)

    XCTAssertEqual(renderer.render(StyledLine("word ")), "word ")
    XCTAssertEqual(renderer.render(StyledLine("key ONESPAN-SECRET-0123 ")), "key [ONE_KEY] ")
    XCTAssertEqual(renderer.render(StyledLine("bell\u{07} \u{1B}[2Jx")), "bell x")
    XCTAssertEqual(TextRenderer(usesColor: false, isASCIIOnly: true).render(StyledLine("café")), "cafe")
    XCTAssertNotEqual(renderer.render(StyledLine("site", style: TextStyle(link: "https://example.com"))), "site")
  }

  /// A piece's text and style render as the line of them does, whether it
  /// goes out as it is or byte by byte.
  func test_textAndStyle_renderAsTheirLine() {
    // A secret stays registered for the rest of the process, and a stream
    // holds back a piece's end that could start one: this one starts with
    // a digit, which no other suite's streamed piece ends with.
    SecretText.hide("0-TEXTSTYLE-SECRET", naming: "TS_KEY")
    let renderers = [
      TextRenderer(usesColor: true, usesHyperlinks: true), TextRenderer(usesColor: false, isASCIIOnly: true),
    ]
    let styles = [TextStyle.plain, TextStyle(foreground: .gray), TextStyle(link: "https://example.com")]
    for renderer in renderers {
      for style in styles {
        for text in ["word ", "key 0-TEXTSTYLE-SECRET ", "bell\u{07} \u{1B}[2Jx", "café"] {
          XCTAssertEqual(
            renderer.render(text, style: style), renderer.render(StyledLine(text, style: style)), text.debugDescription)
        }
      }
    }
    XCTAssertEqual(
      TextRenderer(usesColor: true).render("x", style: TextStyle(foreground: .gray)), "\u{1B}[0;90mx\u{1B}[0m")
  }

  func test_strikethroughIsSGR9_andNotPlain() {
    let struck = TextStyle(foreground: .gray, isStrikethrough: true)

    XCTAssertFalse(struck.isPlain)
    XCTAssertEqual(TextRenderer(usesColor: true).render(StyledLine("old", style: struck)), "\u{1B}[0;9;90mold\u{1B}[0m")
    XCTAssertEqual(TextRenderer(usesColor: false).render(StyledLine("old", style: struck)), "old")
  }
}

/// One rule for every key and token: hidden on the way out, whatever
/// sentence or span it is in, whatever cut a sentence makes.
final class SecretTextTests: XCTestCase {
  func test_aHiddenValue_isReplacedByItsSource_everywhereItIsPrinted() {
    SecretText.hide("GEOSECRET-0123", naming: "GEOAPIFY_API_KEY")
    SecretText.hide("GEOSECRET-0123-longer", naming: "OTHER_KEY")
    let line =
      StyledLine("Geoapify did not accept q=GEOSECRET-0123&x ").appending(
        StyledSpan("and GEOSECRET-0123-longer, GEOSECRET-0123", style: TextStyle(isBold: true)))

    XCTAssertEqual(
      TextRenderer(usesColor: true).render(line),
      "Geoapify did not accept q=[GEOAPIFY_API_KEY]&x \u{1B}[0;1mand [OTHER_KEY], [GEOAPIFY_API_KEY]\u{1B}[0m",
      "a secret that holds another is hidden whole")
    XCTAssertEqual(TextRenderer(usesColor: false).render([line, line]).components(separatedBy: "GEOSECRET").count, 1)
    XCTAssertEqual(SecretText.hiding(in: "GEOSECRET-012"), "GEOSECRET-012", "a prefix alone is not the key")
  }

  /// A sentence cut to its limit could leave the front of a key showing:
  /// keys are hidden before the cut.
  func test_aCutSentence_neverShowsAPieceOfAKey() {
    SecretText.hide("sk-abcdefghijklmnop", naming: "OPENAI_API_KEY")
    let message = String(repeating: "x", count: 30) + " sk-abcdefghijklmnop"

    XCTAssertEqual(TextSanitizer.clean(message, limit: 40), String(repeating: "x", count: 30) + " [OPENAI_…")
  }

  /// A server may echo a token in other letter case (GitHub lower-cases a
  /// repository's topics): it is the token still, hidden on every way out.
  func test_aCopyInOtherLetterCase_isHiddenToo_butNotOtherBytes() {
    SecretText.hide("ghp_CaseToken0123", naming: "GITHUB_TOKEN")
    SecretText.hide("OnlyLettersKey", naming: "LETTERS_KEY")
    let echoed = "topics: ghp_casetoken0123, GHP_CASETOKEN0123; ONLYLETTERSKEY onlyletterskey."

    XCTAssertEqual(
      SecretText.hiding(in: echoed), "topics: [GITHUB_TOKEN], [GITHUB_TOKEN]; [LETTERS_KEY] [LETTERS_KEY].")
    XCTAssertEqual(
      TextRenderer(usesColor: false).render(StyledLine(echoed)),
      "topics: [GITHUB_TOKEN], [GITHUB_TOKEN]; [LETTERS_KEY] [LETTERS_KEY].")
    XCTAssertEqual(
      SecretText.hiding(in: "ghp-casetoken0123 ghp_casetoken012 onlyletters-key"),
      "ghp-casetoken0123 ghp_casetoken012 onlyletters-key", "only letters are folded, and a part is not the key")
    var stream = SecretStream()
    let shown = stream.take("Your token is GHP_CASE") + stream.take("TOKEN0123.") + stream.finish()
    XCTAssertEqual(shown, "Your token is [GITHUB_TOKEN].", "split and upper-cased")
  }

  /// A key of hex digits and letters alone (Geoapify's) is looked for by
  /// its run of digits: found at either end, beside other digits, in any
  /// letter case, and not where only its digits are.
  func test_aHexKey_isHiddenWhereverItStands_butNotForItsDigitsAlone() {
    SecretText.hide("9f3a1234567c0ffee4e", naming: "HEX_KEY")
    let text = "9f3a1234567c0ffee4e 19F3A1234567C0FFEE4E2 1234567 9f3a1234567c0ffee4 x9f3a1234567c0ffee4e"

    XCTAssertEqual(
      SecretText.hiding(in: text), "[HEX_KEY] 1[HEX_KEY]2 1234567 9f3a1234567c0ffee4 x[HEX_KEY]")
    XCTAssertEqual(TextRenderer(usesColor: false).render(StyledLine("a 9f3a1234567c0ffee4e")), "a [HEX_KEY]")
  }

  func test_shortValues_areNotTaken() {
    SecretText.hide("abc", naming: "SHORT")
    XCTAssertEqual(SecretText.hiding(in: "abc abc"), "abc abc")
  }

  /// Standard error is output too: a key in a message there is hidden.
  func test_standardError_hidesKeysToo() throws {
    SecretText.hide("sk-stderr-secret-1", naming: "OPENAI_API_KEY")
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    let saved = dup(STDERR_FILENO)
    dup2(fds[1], STDERR_FILENO)
    StandardError.say("refused sk-stderr-secret-1 here")
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(fds[1])
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(fds[0], &buffer, buffer.count)
    close(fds[0])

    XCTAssertEqual(
      String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self), "wayfarer: refused [OPENAI_API_KEY] here\n")
  }
}

/// A key a server splits across the pieces of a stream is hidden too.
final class SecretStreamTests: XCTestCase {
  func test_aKeySplitAcrossPieces_isHidden_andNothingElseWaits() {
    SecretText.hide("sk-streamSplit4242", naming: "OPENAI_API_KEY")
    var stream = SecretStream()
    var shown: [String] = []
    for piece in ["Your key is sk-str", "eamSpl", "it4242 and sk", "-other. Done sk-s"] {
      shown.append(stream.take(piece))
    }
    shown.append(stream.finish())

    XCTAssertEqual(shown.joined(), "Your key is [OPENAI_API_KEY] and sk-other. Done sk-s")
    XCTAssertFalse(shown.contains { $0.contains("sk-streamSplit4242") })
    XCTAssertEqual(shown[0], "Your key is ", "the start of the key waits for the next piece")
    XCTAssertEqual(shown[2], "[OPENAI_API_KEY] and ", "what cannot begin the key goes out at once")
    XCTAssertEqual(shown[3], "sk-other. Done ")
    XCTAssertEqual(shown[4], "sk-s", "the stream's end gives out what was held")
  }
}

final class SecretStreamEndTests: XCTestCase {
  /// A stream that ends (cut off, or stopped) on most of a key shows its
  /// source, not the part; a start shorter than any key taken, as likely a
  /// word, is shown.
  ///
  /// The secret starts with a tilde: registered for the
  /// rest of the process, it makes streams hold back what could begin it.
  func test_aStreamEndingOnTheStartOfAKey_hidesIt_whenItIsLongEnough() {
    SecretText.hide("~heldKeyStart-7777", naming: "GEMINI_API_KEY")
    var stream = SecretStream()
    XCTAssertEqual(stream.take("Your key: ~HELDkeyStar"), "Your key: ")
    XCTAssertEqual(stream.finish(), "[GEMINI_API_KEY]")
    XCTAssertEqual(stream.take("It ends on ~heldKe"), "It ends on ")
    XCTAssertEqual(stream.finish(), "~heldKe")
  }
}

final class DisplayWidthTests: XCTestCase {
  /// Found by the fuzzer: a character that starts with a mark of no width
  /// (U+0604 joins what follows) was measured by its first scalar, so a
  /// cut to 60 columns came out 61 wide.
  func test_aCut_isNeverWiderThanAsked_whateverTheCharactersAreMadeOf() {
    let text = "S" + String(repeating: "\u{FFFD}", count: 8) + "\u{0604}" + String(repeating: "\u{FFFD}", count: 70)
    for columns in [1, 10, 60, 79] {
      XCTAssertLessThanOrEqual(DisplayWidth.of(DisplayWidth.truncate(text, to: columns)), columns, "\(columns)")
      XCTAssertLessThanOrEqual(DisplayWidth.of(DisplayWidth.truncateMiddle(text, to: columns)), columns, "\(columns)")
      XCTAssertTrue(DisplayWidth.wrap(text, to: columns).allSatisfy { DisplayWidth.of($0) <= columns }, "\(columns)")
    }
    XCTAssertEqual(DisplayWidth.width(of: Character("\u{0604}\u{FFFD}")), 1)
    XCTAssertEqual(DisplayWidth.width(of: Character("👍🏽")), 2)
    XCTAssertEqual(DisplayWidth.width(of: Character("❤️")), 2)
    XCTAssertEqual(DisplayWidth.width(of: Character("🇵🇹")), 2)
    XCTAssertEqual(DisplayWidth.width(of: Character("é")), 1)
  }

  func test_widths() {
    XCTAssertEqual(DisplayWidth.of("abc"), 3)
    XCTAssertEqual(DisplayWidth.of("東京"), 4)
    XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
    XCTAssertEqual(DisplayWidth.of("🙂"), 2)
  }

  /// Pieces measured one after another count as their joined text does,
  /// however they are cut: inside an emoji sequence, a flag, after a
  /// joiner or before a mark, a skin tone or VS16.
  func test_piecesMeasuredApart_countAsTheirJoinedText() {
    let texts = [
      "abc", "1", "#", "é", "e\u{301}", "\u{301}", "東京", "👩\u{200D}👩\u{200D}👧", "\u{200D}", "🇵🇹🇯🇵", "🇵",
      "👍🏽", "🏽", "❤\u{FE0F}", "\u{FE0F}", "a b", "",
    ]
    for first in texts {
      for second in texts {
        for third in ["", "x", "\u{200D}1", "🇯"] {
          let pieces = [first, second, third]
          XCTAssertEqual(DisplayWidth.of(joined: pieces), DisplayWidth.of(pieces.joined()), "\(pieces)")
        }
      }
    }
    let line = StyledLine([StyledSpan("**bold** "), StyledSpan("東京", style: TextStyle(isBold: true)), StyledSpan(" é")])
    XCTAssertEqual(line.displayWidth, 15)
  }

  /// Emoji as terminals draw them: one picture, two columns, whatever the
  /// sequence behind it (outside the old ranges, with a skin tone, joined,
  /// a flag, a symbol made emoji by VS16); a symbol without VS16 stays one.
  func test_emojiSequences_areTwoColumns() {
    XCTAssertEqual(DisplayWidth.of("🚀"), 2)
    XCTAssertEqual(DisplayWidth.of("👍🏽"), 2)
    XCTAssertEqual(DisplayWidth.of("🏳️‍🌈"), 2)
    XCTAssertEqual(DisplayWidth.of("👩‍👩‍👧"), 2)
    XCTAssertEqual(DisplayWidth.of("🇵🇹🇯🇵"), 4)
    XCTAssertEqual(DisplayWidth.of("❤️"), 2)
    XCTAssertEqual(DisplayWidth.of("❤"), 1)
    XCTAssertEqual(DisplayWidth.of("a🚀b"), 4)
    for text in ["🚀", "👍🏽", "🏳️‍🌈", "❤️", "🇵🇹"] {
      XCTAssertEqual(text.map(DisplayWidth.width(of:)).reduce(0, +), DisplayWidth.of(text), text)
    }
    XCTAssertEqual(DisplayWidth.truncate("🚀🚀🚀", to: 5), "🚀🚀…")
  }

  func test_truncate() {
    XCTAssertEqual(DisplayWidth.truncate("Wayfarer", to: 8), "Wayfarer")
    XCTAssertEqual(DisplayWidth.truncate("Wayfarer", to: 5), "Wayf…")
    XCTAssertEqual(DisplayWidth.truncate("東京タワー", to: 5), "東京…")
    XCTAssertEqual(DisplayWidth.truncate("Wayfarer", to: 6, ellipsis: "..."), "Way...")
  }

  /// A span with a link is an OSC 8 hyperlink on a terminal (colour or
  /// not), closed where the link ends and at the end of the line; an
  /// address that is not plain http(s) ASCII is never sent.
  func test_links_areOSC8Hyperlinks_onlyForSafeAddresses() {
    let address = "https://github.com/apple/swift"
    var line = StyledLine("see ")
    line.append("swift", style: TextStyle(isUnderlined: true, link: address))
    line.append(" now")
    let open = "\u{1B}]8;;\(address)\u{1B}\\"
    let close = "\u{1B}]8;;\u{1B}\\"

    XCTAssertEqual(
      TextRenderer(usesColor: false, usesHyperlinks: true).render(line), "see \(open)swift\(close) now")
    XCTAssertEqual(
      TextRenderer(usesColor: true, usesHyperlinks: true).render(line),
      "see \u{1B}[0;4m\(open)swift\u{1B}[0m\(close) now")
    XCTAssertEqual(TextRenderer(usesColor: false).render(line), "see swift now", "piped: no link")
    XCTAssertEqual(
      TextRenderer(usesColor: false, usesHyperlinks: true).render(StyledLine("end", style: TextStyle(link: address))),
      "\(open)end\(close)", "closed at the end of the line")
    for hostile in ["https://x/\u{1B}]8;;evil", "javascript:alert(1)", "https://a b", "https://é.example"] {
      XCTAssertEqual(
        TextRenderer(usesColor: false, usesHyperlinks: true).render(StyledLine("x", style: TextStyle(link: hostile))),
        "x", hostile)
    }
    let capabilities = TerminalCapabilities(
      inputIsTerminal: true, outputIsTerminal: true, usesColor: false, usesUnicode: false, isDumb: true)
    XCTAssertFalse(TextRenderer(capabilities: capabilities).usesHyperlinks, "TERM=dumb: none")
  }

  /// A status line stays one row: cut, styles kept, to the columns asked.
  func test_truncated_keepsOneRow_andItsStyles() {
    let line = StyledLine([
      StyledSpan("⠋ ", style: TextStyle(foreground: .cyan)),
      StyledSpan("Waiting for the reply… Ctrl-C stops it", style: TextStyle(isDim: true)),
    ])
    XCTAssertEqual(line.truncated(to: 80), line, "a line that fits is as it was")
    let cut = line.truncated(to: 19)
    XCTAssertEqual(cut.plainText, "⠋ Waiting for the …")
    XCTAssertEqual(cut.displayWidth, 19)
    XCTAssertEqual(cut.spans.map(\.style), [TextStyle(foreground: .cyan), TextStyle(isDim: true)])
    XCTAssertEqual(StyledLine("界界界").truncated(to: 4).plainText, "界…", "never wider than asked")
  }

  func test_wrap_breaksAtSpaces_andSplitsLongWords() {
    XCTAssertEqual(DisplayWidth.wrap("the quick brown fox", to: 9), ["the quick", "brown fox"])
    XCTAssertEqual(DisplayWidth.wrap("abcdefghij", to: 4), ["abcd", "efgh", "ij"])
    XCTAssertEqual(DisplayWidth.wrap("", to: 4), [""])
    XCTAssertEqual(DisplayWidth.wrap("ab abcdefghij cd", to: 4), ["ab", "abcd", "efgh", "ij", "cd"])
    XCTAssertEqual(DisplayWidth.wrap("ab  cd", to: 5), ["ab cd"])
    XCTAssertEqual(DisplayWidth.wrap("東京タワー", to: 5), ["東京", "タワ", "ー"])
  }

  /// A web address is never cut: it goes to a line of its own, whole,
  /// even when wider than the line.
  func test_wrap_neverSplitsAnAddress() {
    let address = "https://github.com/harborlights/tidewater"
    XCTAssertEqual(DisplayWidth.wrap("see \(address) now", to: 20), ["see", address, "now"])
    XCTAssertEqual(
      StyledLine("x see \(address) now").wrapped(to: 20).map(\.plainText), ["x see", "  " + address, "  now"])
    XCTAssertEqual(
      StyledLine("x abcdefghijklmnopqrstuvwxyz").wrapped(to: 10).map(\.plainText),
      ["x abcdefgh", "  ijklmnop", "  qrstuvwx", "  yz"], "other long words are still cut")
  }

  /// Linear in the text: a megabyte word is cut into lines in one pass (it
  /// took seconds of CPU when each cut measured the rest of the word again).
  func test_wrap_aMegabyteWord() {
    let lines = DisplayWidth.wrap(String(repeating: "w", count: 1_000_000), to: 70)

    XCTAssertEqual(lines.count, 14_286)
    XCTAssertEqual(lines.first?.count, 70)
    XCTAssertEqual(lines.last?.count, 1_000_000 - 14_285 * 70)
  }

  func test_clean_withALimit_cutsToOneLine() {
    XCTAssertEqual(TextSanitizer.clean("a\u{1B}[31mb\nc", limit: 10), "ab c")
    XCTAssertEqual(TextSanitizer.clean(String(repeating: "z", count: 1_000_000), limit: 5), "zzzz…")
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

  func test_numbersSortNumerically_beforeWords() {
    let table = CompletionTable(
      commands: ["open"], arguments: ["open": (1...12).map(String.init).shuffled(), "toggle": ["map", "2", "10", "1"]])

    XCTAssertEqual(table.candidates(before: ["open"], prefix: ""), (1...12).map(String.init))
    XCTAssertEqual(table.candidates(before: ["open"], prefix: "1"), ["1", "10", "11", "12"])
    XCTAssertEqual(table.candidates(before: ["toggle"], prefix: ""), ["1", "2", "10", "map"])
  }
}

/// Tab as bash has it: complete what all agree on, bell, then list on the
/// second Tab, once.
final class TabCompletionTests: XCTestCase {
  func test_aSingleCandidate_isCompletedWithASpace() {
    var tab = TabCompletion()
    XCTAssertEqual(tab.press(line: "reg", prefix: "reg", candidates: ["register"]), .insert("ister "))
  }

  func test_theCommonPrefix_isCompletedFirst_thenTheNextTabLists() {
    var tab = TabCompletion()
    XCTAssertEqual(tab.press(line: "t", prefix: "t", candidates: ["toggle", "tomorrow"]), .insert("o"))
    XCTAssertEqual(
      tab.press(line: "to", prefix: "to", candidates: ["toggle", "tomorrow"]), .list(["toggle", "tomorrow"]))
  }

  func test_nothingToAdd_ringsTheBell_andTheSecondTabListsOnce() {
    var tab = TabCompletion()
    let candidates = ["1", "2", "10"]
    XCTAssertEqual(tab.press(line: "open ", prefix: "", candidates: candidates), .bell)
    XCTAssertEqual(tab.press(line: "open ", prefix: "", candidates: candidates), .list(candidates))
    XCTAssertEqual(tab.press(line: "open ", prefix: "", candidates: candidates), .bell, "a third Tab starts over")
    XCTAssertEqual(tab.press(line: "open ", prefix: "", candidates: candidates), .list(candidates))
  }

  func test_aTabOnAnotherLine_isAFirstTabAgain() {
    var tab = TabCompletion()
    XCTAssertEqual(tab.press(line: "open ", prefix: "", candidates: ["1", "2"]), .bell)
    XCTAssertEqual(tab.press(line: "use ", prefix: "", candidates: ["1", "2"]), .bell)
    XCTAssertEqual(tab.press(line: "open ", prefix: "", candidates: []), .bell)
  }
}

final class CompletionListingTests: XCTestCase {
  func test_candidatesFillColumnsDownFirst_withinTheWidth() {
    let rows = CompletionListing.rows((1...12).map(String.init), width: 20)

    XCTAssertEqual(rows, ["1   4   7   10", "2   5   8   11", "3   6   9   12"])
    XCTAssertTrue(rows.allSatisfy { $0.count <= 20 })
  }

  func test_aCandidateWiderThanTheWidth_standsAlone() {
    XCTAssertEqual(
      CompletionListing.rows(["category-filter", "map"], width: 10), ["category-filter", "map"])
  }

  func test_everyCandidateAppearsOnce_atAnyWidth() {
    let words = ["nearby", "more", "filter", "category", "city", "use", "open", "refresh", "map", "help", "back"]
    for width in [20, 40, 60, 80, 160] {
      let rows = CompletionListing.rows(words, width: width)
      let listed = rows.flatMap { $0.split(separator: " ").map(String.init) }
      XCTAssertEqual(listed.sorted(), words.sorted(), "at \(width)")
      XCTAssertTrue(rows.allSatisfy { DisplayWidth.of($0) <= width }, "at \(width): \(rows)")
    }
  }
}

final class SecretInputTests: XCTestCase {
  private func typed(_ bytes: [UInt8]) -> (text: String, outcome: SecretInput.Outcome) {
    var input = SecretInput()
    var outcome = SecretInput.Outcome.more
    for byte in bytes {
      outcome = input.feed(byte)
      if outcome != .more { break }
    }
    return (input.text, outcome)
  }

  func test_textAndBackspace_areKept_editingKeysAreNot() {
    let up = Array("\u{1B}[A".utf8)
    let home = Array("\u{1B}[1~".utf8)
    let f1 = Array("\u{1B}OP".utf8)
    let paste = Array("\u{1B}[200~".utf8)
    let bytes =
      up + Array("hunter".utf8) + home + f1 + [0x01, 0x7F] + Array("r2é".utf8) + [0x7F] + Array("e".utf8)
      + paste + [0x0D]

    XCTAssertEqual(typed(bytes).text, "hunte" + "r2e")
    XCTAssertEqual(typed(bytes).outcome, .done)
  }

  /// Esc alone (a pause before the next key) must not swallow that key.
  func test_aLoneEsc_followedByAPause_keepsTheNextCharacter() {
    var input = SecretInput()
    for byte in Array("abc".utf8) + [0x1B] { _ = input.feed(byte) }
    XCTAssertTrue(input.isInEscape)
    input.escapeTimedOut()
    for byte in Array("def".utf8) { _ = input.feed(byte) }

    XCTAssertEqual(input.text, "abcdef")
  }

  func test_ctrlU_startsOver_ctrlD_endsOnlyWhenEmpty() {
    XCTAssertEqual(typed(Array("wrong".utf8) + [0x15] + Array("right\n".utf8)).text, "right")
    XCTAssertEqual(typed([0x04]).outcome, .end)
    XCTAssertEqual(typed(Array("ab".utf8) + [0x04]).outcome, .more)
  }
}

final class StreamSanitizerTests: XCTestCase {
  /// Feeds `text`'s bytes cut at every position into two pieces, and at
  /// every byte; each way must give the same clean text.
  private func assertClean(_ text: String, is expected: String, file: StaticString = #filePath, line: UInt = #line) {
    let bytes = Array(text.utf8)
    for cut in 0...bytes.count {
      var sanitizer = StreamSanitizer()
      let result = sanitizer.feed(bytes[..<cut]) + sanitizer.feed(bytes[cut...]) + sanitizer.finish()
      XCTAssertEqual(result, expected, "cut at byte \(cut)", file: file, line: line)
    }
    var sanitizer = StreamSanitizer()
    let byteByByte = bytes.map { sanitizer.feed([$0]) }.joined() + sanitizer.finish()
    XCTAssertEqual(byteByByte, expected, "one byte at a time", file: file, line: line)
  }

  func test_escapeSequencesSplitAcrossPieces_areRemovedWhole() {
    assertClean("a\u{1B}[31mred\u{1B}[0m b", is: "ared b")
    assertClean("x\u{1B}]0;owned title\u{07}y", is: "xy")
    assertClean("x\u{1B}]8;;http://e\u{1B}\\link\u{1B}]8;;\u{1B}\\y", is: "xlinky")
    assertClean("x\u{1B}cy\u{9B}2Jz", is: "xyz")
  }

  func test_multibyteCharactersSplitAcrossPieces_arePrintedWhole_linesKept() {
    assertClean("São Paulo 東京 🚀\nline two\tend\r", is: "São Paulo 東京 🚀\nline two end")
    assertClean("bidi \u{202E}evil\u{2066}", is: "bidi evil")
    assertClean("| one\u{2028}two |\n# three\u{2029}four\u{85}five", is: "| one two |\n# three four five")
  }

  func test_brokenUTF8_isReplaced_andAHalfCharacterAtTheEnd_too() {
    var sanitizer = StreamSanitizer()
    XCTAssertEqual(sanitizer.feed([0x61, 0xFF, 0x62, 0xC3]), "a\u{FFFD}b")
    XCTAssertEqual(sanitizer.feed([0x41]), "\u{FFFD}A", "a lead byte followed by no continuation")
    XCTAssertEqual(sanitizer.feed([0xE2, 0x82]), "")
    XCTAssertEqual(sanitizer.finish(), "\u{FFFD}")
  }

  /// Every string sequence (OSC, DCS, SOS, PM, APC) is removed with what it
  /// carries: a DCS (sixel graphics, terminal replies) once came through as
  /// its payload.
  func test_everyStringSequence_goesWithItsPayload() {
    assertClean("a\u{1B}Pq#0;2;0;0;0#1~~\u{1B}\\b", is: "ab")
    assertClean("a\u{1B}Xsos\u{1B}\\b\u{1B}^pm\u{07}c\u{1B}_apc\u{9C}d", is: "abcd")
  }
}

/// What a redraw in place moves over: the rows from the first changed line.
final class DrawnScreenTests: XCTestCase {
  private func drawing(_ lines: [String], width: Int = 20) -> DrawnScreen {
    DrawnScreen(lines: lines.map { StyledLine($0) }, width: width)
  }

  func test_theRowsFromTheFirstChangedLine_areReplaced() {
    let placeholder = drawing(["", "Home", "----", "  1. ░░░", "  2. ░░░"])
    let loaded = drawing(["", "Home", "----", "  1. Catedral", "  2. Pátio", "  3. Theatro"])

    let change = placeholder.change(to: loaded, height: 30)

    XCTAssertEqual(change?.firstChangedLine, 3)
    XCTAssertEqual(change?.rowsToReplace, 2)
  }

  func test_aLineWiderThanTheTerminal_countsTheRowsItWrappedTo() {
    let old = drawing(["title", String(repeating: "x", count: 45), "end"], width: 20)
    XCTAssertEqual(old.rows, [1, 3, 1])
    XCTAssertEqual(old.change(to: drawing(["new"], width: 20), height: 30)?.rowsToReplace, 5)
  }

  func test_noRedrawInPlace_afterAResize_orWhenTheRowsReachIntoTheScrollback_orOffATerminal() {
    let old = drawing((1...10).map { "row \($0)" })
    let new = drawing((1...10).map { "new \($0)" })

    XCTAssertNil(old.change(to: drawing((1...10).map { "new \($0)" }, width: 30), height: 30))
    XCTAssertNil(old.change(to: new, height: 10), "ten rows and the cursor's do not fit in ten")
    XCTAssertNotNil(old.change(to: new, height: 11))
    XCTAssertNil(old.change(to: new, height: nil))
  }
}

/// TERM=dumb: every byte ASCII, text kept readable.
final class ASCIIFoldingTests: XCTestCase {
  func test_symbolsAndAccents_becomeTheirASCIISpelling() {
    XCTAssertEqual(ASCIIFolding.fold("Loading places…"), "Loading places...")
    XCTAssertEqual(ASCIIFolding.fold("Near São Paulo · within 5 km"), "Near Sao Paulo - within 5 km")
    XCTAssertEqual(ASCIIFolding.fold("Offline catalog — set it"), "Offline catalog -- set it")
    XCTAssertEqual(ASCIIFolding.fold("◆ assistant"), "* assistant", "the chat's marker is no question mark")
    XCTAssertEqual(ASCIIFolding.fold("Profile › Settings, 1–20"), "Profile > Settings, 1-20")
    XCTAssertEqual(ASCIIFolding.fold("Straße Łódź Ærø"), "Strasse Lodz AEro")
    XCTAssertEqual(ASCIIFolding.fold("東京 ✓"), "?? ok")
  }

  func test_theRenderer_foldsOnlyWhenAskedTo() {
    let line = StyledLine("Café…", style: TextStyle(isBold: true))
    XCTAssertEqual(TextRenderer(usesColor: false, isASCIIOnly: true).render(line), "Cafe...")
    XCTAssertEqual(TextRenderer(usesColor: false).render(line), "Café…")
    XCTAssertTrue(
      TextRenderer(usesColor: false, isASCIIOnly: true).render([line, "Sé · 1 km"]).utf8.allSatisfy { $0 < 0x80 })
  }
}

/// Lines wider than the terminal break at spaces, styles and indent kept.
final class StyledLineWrappingTests: XCTestCase {
  func test_aLineThatFits_isUntouched() {
    let line = StyledLine("  short", style: TextStyle(isBold: true))
    XCTAssertEqual(line.wrapped(to: 40), [line])
  }

  func test_breaksAtSpaces_underTheTextAfterAMarker() {
    let line =
      StyledLine("x ", style: TextStyle(foreground: .red)).appending(
        StyledSpan("Usage: toggle N|NAME — N is a setting's number, 1–3"))

    let rows = line.wrapped(to: 24)

    XCTAssertEqual(
      rows.map(\.plainText), ["x Usage: toggle N|NAME", "  — N is a setting's", "  number, 1–3"])
    XCTAssertEqual(rows[0].spans.first, StyledSpan("x ", style: TextStyle(foreground: .red)), "styles kept")
    XCTAssertTrue(rows.allSatisfy { $0.displayWidth <= 24 })
  }

  func test_keepsTheLinesIndent_andNeverCutsAnAddress_butCutsOtherLongWords() {
    let rows = StyledLine("  Website  https://theatromunicipal.org.br/programacao  open").wrapped(to: 20)
    XCTAssertEqual(rows.map(\.plainText), ["  Website", "  https://theatromunicipal.org.br/programacao", "  open"])

    let path = StyledLine("x mv /tmp/a-long-folder/wayfarer.sqlite aside").wrapped(to: 20)
    XCTAssertEqual(path.map(\.plainText), ["x mv", "  /tmp/a-long-folder/wayfarer.sqlite", "  aside"])

    let word = StyledLine("  Notes  theatromunicipal.org.br-programacao").wrapped(to: 20)
    XCTAssertEqual(word.map(\.plainText), ["  Notes", "  theatromunicipal.o", "  rg.br-programacao"])
  }
}

/// What a filter compares: the ASCII shortcut agrees with Foundation's folding.
final class SearchFoldingTests: XCTestCase {
  func test_asciiShortcut_matchesFoundationsFolding() {
    let samples = ["Blue Bottle COFFEE", "mixed Case 42 !?", "", "tab\tand ~ symbols"]
    for text in samples {
      let foundation = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      XCTAssertEqual(SearchFolding.fold(text), foundation, text)
    }
  }

  func test_accentsAndCase_foldAway() {
    XCTAssertEqual(SearchFolding.fold("São PAULO"), "sao paulo")
    XCTAssertEqual(SearchFolding.fold("Ærø Café"), SearchFolding.fold("ærø cafe"))
  }
}

/// Trimming agrees with Foundation's `.whitespacesAndNewlines` on every
/// scalar, at either end, and keeps what is inside.
final class TrimmingTests: XCTestCase {
  func test_everyScalar_isTrimmedAsFoundationTrimsIt() {
    let foundation = CharacterSet.whitespacesAndNewlines
    let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
      Trimming.isWhitespace($0) != foundation.contains($0)
    }
    XCTAssertEqual(differing.map { String($0.value, radix: 16) }, [])
  }

  func test_bothEnds_trimmed_insideKept() {
    XCTAssertEqual(Trimming.whitespace(" \u{3000}\tSão  Paulo\u{200B}\r\n"), "São  Paulo")
    XCTAssertEqual(Trimming.whitespace("\u{2028} \u{A0}"), "")
    XCTAssertEqual(Trimming.whitespace(""), "")
    XCTAssertEqual(Trimming.whitespace("x"), "x")
  }
}
