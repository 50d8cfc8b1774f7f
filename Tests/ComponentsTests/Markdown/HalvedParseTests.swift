internal import CMarkGFM
import XCTest

@testable import Components

/// A document parsed in halves is the tree the whole parse makes, or is
/// parsed whole.
final class HalvedParseTests: XCTestCase {
  func test_split_isTheFirstATXHeadingLinePastTheMiddle() {
    XCTAssertEqual(Self.split("a\n\nb\n\n#no\n\nc d e f g h\n## Two\nmore\n"), .init(start: 23, end: 30, line: 8))
    XCTAssertEqual(Self.split("first line is long enough\n#\n"), .init(start: 26, end: 28, line: 2))
    XCTAssertNil(Self.split("first line is long enough\n####### seven\n"))
    XCTAssertNil(Self.split("first line is long enough\n# Title\n[a]: /url\n"), "a reference definition")
    XCTAssertNil(Self.split("first line is long enough\r\n# Title\r\n"), "cmark counts carriage returns")
  }

  func test_halving_isForTheVersionThatReadsTablesWithoutInlines() {
    XCTAssertTrue(HalvedParse.supports(version: "0.29.0.gfm.6"))
    XCTAssertFalse(HalvedParse.supports(version: "0.29.0.gfm.13"))
    XCTAssertTrue(HalvedParse.isSupported, "the tests below halve with the library linked")
  }

  func test_halves_makeTheTreeTheWholeParseMakes() throws {
    let first = "# Top\n\nSome *text* with ~~struck~~ and www.example.com links.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    let second = "## Second\n\n- item ~~x~~\n  www.example.org\n\n> quote\n\n```swift\nlet a = 1\n```\n"
    let markdown = first + String(repeating: "filler paragraph\n\n", count: 3) + second + second
    let (halved, whole) = try Self.parses(markdown)
    XCTAssertEqual(halved.xml, whole.xml)
    // The halves were used: the second's lines count from its start.
    XCTAssertLessThan(halved.lastLine, whole.lastLine)
  }

  /// Each has a heading line past the middle that is no heading of the
  /// document: it is parsed whole.
  func test_aHeadingLineInsideABlock_hasTheDocumentParsedWhole() throws {
    // The middle falls in the long line, before the heading line.
    let long = String(repeating: "long ", count: 20)
    let tail = "\n~~struck~~ www.example.com\n"
    for markdown in [
      "```\n\(long)\n# not a heading\n```" + tail,
      "<!--\n\(long)\n\n# not a heading\n-->" + tail,
      "<div>\n\(long)\n# not a heading\n</div>\n" + tail,
    ] {
      XCTAssertNotNil(Self.split(markdown), markdown)
      let (halved, whole) = try Self.parses(markdown)
      XCTAssertEqual(halved.xml, whole.xml, markdown)
      XCTAssertEqual(halved.lastLine, whole.lastLine, markdown)
    }
  }

  /// Halved, parsed whole after a split that failed, and whole: the work
  /// runs once (the code blocks prepared ahead wait for it to end).
  func test_workAlongside_runsOnceWhicheverWayTheDocumentIsParsed() {
    let long = String(repeating: "long ", count: 20)
    for (markdown, halvesFrom) in [
      ("\(long)\n# Heading\ntext\n", 0), ("```\n\(long)\n# not a heading\n```\n", 0), ("\(long)\n# Heading\n", .max),
    ] {
      let ran = expectation(description: markdown)
      let (root, _) = MarkdownParser.parse(markdown, halvesFrom: halvesFrom, alongside: { ran.fulfill() })
      root.map { cmark_node_free($0) }
      wait(for: [ran], timeout: 10)
    }
  }

  func test_aLongDocument_isParsedInHalves() throws {
    let markdown = (1...2_000).map { "## Part \($0)\n\nText with ~~a strike~~ and www.example.com/\($0).\n" }
      .joined(separator: "\n")
    XCTAssertGreaterThanOrEqual(markdown.utf8.count, HalvedParse.minimumBytes)
    let (root, _) = MarkdownParser.parse(markdown)
    let (whole, _) = MarkdownParser.parse(markdown, halvesFrom: .max)
    defer { for tree in [root, whole] { tree.map { cmark_node_free($0) } } }
    XCTAssertEqual(Self.xml(try XCTUnwrap(root)), Self.xml(try XCTUnwrap(whole)))
    XCTAssertLessThan(Self.lastLine(try XCTUnwrap(root)), Self.lastLine(try XCTUnwrap(whole)))
  }

  private struct Parse {
    var xml: String
    var lastLine: Int32
  }

  /// `markdown` parsed in halves whatever its length, and whole.
  private static func parses(_ markdown: String) throws -> (halved: Parse, whole: Parse) {
    let (halved, _) = MarkdownParser.parse(markdown, halvesFrom: 0)
    let (whole, _) = MarkdownParser.parse(markdown, halvesFrom: .max)
    defer { for tree in [halved, whole] { tree.map { cmark_node_free($0) } } }
    let halvedRoot = try XCTUnwrap(halved)
    let wholeRoot = try XCTUnwrap(whole)
    return (
      Parse(xml: xml(halvedRoot), lastLine: lastLine(halvedRoot)),
      Parse(xml: xml(wholeRoot), lastLine: lastLine(wholeRoot))
    )
  }

  private static func split(_ markdown: String) -> HalvedParse.Split? {
    var text = markdown
    return text.withUTF8 { HalvedParse.split($0) }
  }

  /// The tree as cmark writes it out, without source positions.
  private static func xml(_ root: OpaquePointer) -> String {
    guard let text = cmark_render_xml(root, CMARK_OPT_DEFAULT) else { return "" }
    defer { free(text) }
    return String(cString: text)
  }

  private static func lastLine(_ root: OpaquePointer) -> Int32 {
    cmark_node_last_child(root).map { cmark_node_get_start_line($0) } ?? 0
  }
}
