internal import CMarkGFM
import TerminalText
import XCTest

@testable import Components

/// A long document's code blocks, prepared while it is parsed, are the
/// blocks cmark reads and draw as blocks prepared on the spot do.
final class CodeAheadTests: XCTestCase {
  func test_fences_areFoundWithTheCodeAndLanguageCmarkGives() {
    let markdown = """
      ```swift extra words
      let a = 1
      ```

      ~~~~ sh
      echo `a`
      ~~~
      ~~~~~

        ```py
        x = 1
         y
        ```

      ```
      not closed
      """
    var scanner = FenceScanner(markdown)
    var found: [CodeAhead.Key] = []
    while let fence = scanner.next() { found.append(fence) }
    XCTAssertEqual(
      found,
      [
        CodeAhead.Key(code: "let a = 1\n", language: "swift"),
        CodeAhead.Key(code: "echo `a`\n~~~\n", language: "sh"),
        CodeAhead.Key(code: "x = 1\n y\n", language: "py"),
      ])
    XCTAssertEqual(Self.codeBlocks(MarkdownDocument(parsing: markdown)).prefix(3), found.prefix(3))
  }

  func test_aLongDocument_drawsItsPreparedBlocksAsBlocksPreparedOnTheSpot() throws {
    let markdown = (1...1_000).map { index in
      "## \(index)\n\n```swift\nlet value\(index) = \"text\"\t// \(index)\n```\n\n```text\nplain \(index)\n```\n"
    }.joined(separator: "\n")
    XCTAssertGreaterThanOrEqual(markdown.utf8.count, CodeAhead.minimumBytes)
    let document = MarkdownDocument(parsing: markdown)
    let blocks = Self.codeBlocks(document)
    XCTAssertEqual(blocks.count, 2_000)
    // The thread may be stopped early by a fast parse, never wrong.
    for key in document.preparedCode.keys { XCTAssertTrue(blocks.contains(key)) }
    let root = try XCTUnwrap(document.root)
    for context in [Markdown.terminal(width: 40), Markdown.plain(width: 40)] {
      let resolver = LinkResolver(base: nil)
      let ahead = BlockLayout(
        kinds: document.kinds, context: context, resolver: resolver, preparedCode: document.preparedCode)
      let onTheSpot = BlockLayout(kinds: document.kinds, context: context, resolver: resolver, preparedCode: [:])
      var node = cmark_node_first_child(root)
      while let current = node {
        XCTAssertEqual(
          ahead.lines(current, proseWidth: 40, fullWidth: 40), onTheSpot.lines(current, proseWidth: 40, fullWidth: 40))
        node = cmark_node_next(current)
      }
    }
  }

  /// Each code block's literal and language, as the renderer reads them.
  private static func codeBlocks(_ document: MarkdownDocument) -> [CodeAhead.Key] {
    guard let root = document.root, let iterator = cmark_iter_new(root) else { return [] }
    defer { cmark_iter_free(iterator) }
    var keys: [CodeAhead.Key] = []
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
        cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK
      else { continue }
      keys.append(
        CodeAhead.Key(
          code: MarkdownRenderer.string(cmark_node_get_literal(node)), language: MarkdownRenderer.language(node)))
    }
    return keys
  }
}
