import TerminalText
import XCTest

@testable import Components

/// A long document's top-level code blocks and tables, laid out on a second
/// thread, give the very lines the renderer gives alone.
final class TopLevelBlocksTests: XCTestCase {
  func test_aLongDocument_laidOutAhead_hasTheLinesOfOneLaidOutAlone() {
    let document = MarkdownDocument(parsing: Self.longDocument)
    XCTAssertNotNil(document.root)
    for context in [Markdown.terminal(width: 100), Markdown.terminal(width: 37), Markdown.plain(width: 60)] {
      let alone = lines(of: document, in: context, laysOutAhead: false)
      XCTAssertGreaterThan(alone.count, 200)
      XCTAssertEqual(lines(of: document, in: context, laysOutAhead: true), alone, "width \(context.width)")
    }
  }

  func test_aCancelledLayout_stopsEarly_andLeavesTheTreeToBeFreed() async {
    let long = String(repeating: Self.longDocument + "\n\n", count: 20)
    let whole = MarkdownView(long).lines(in: Markdown.terminal(width: 100)).count
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      // The view (and its tree) goes as soon as the lines are back: the
      // thread must be done reading it by then.
      return MarkdownView(long).lines(in: Markdown.terminal(width: 100), stopsWhenCancelled: true).count
    }
    let early = await task.value
    XCTAssertLessThan(early, whole)
  }

  func test_aFewBlocks_areNotWorthAThread() throws {
    let document = MarkdownDocument(parsing: "```\na\n```\n\n| a |\n|---|\n| b |\n")
    let root = try XCTUnwrap(document.root)
    let blocks = TopLevelBlocks(
      root: root, proseWidth: 76, fullWidth: 76, kinds: document.kinds, context: Markdown.plain(),
      resolver: LinkResolver(base: nil))
    XCTAssertNil(blocks)
  }

  private func lines(of document: MarkdownDocument, in context: RenderContext, laysOutAhead: Bool) -> [StyledLine] {
    guard let root = document.root else { return [] }
    var renderer = MarkdownRenderer(
      document: document, resolver: LinkResolver(base: URL(string: "https://github.com/o/n/blob/main/")),
      context: context)
    renderer.laysOutAhead = laysOutAhead
    return renderer.render(root)
  }

  /// Headings, HTML, prose, code blocks (highlighted, unknown and plain)
  /// and tables (one too wide for 37 columns) at the top level, and others
  /// inside a list and a quote, which the renderer lays out itself.
  private static let longDocument = (1...12).map { index in
    """
    ## Part \(index)

    <p align="center"><img src="logo\(index).png" alt="Logo"> and <b>bold</b> words</p>

    #### A deeper heading, long enough to wrap at the narrowest of the widths tried

    Some *prose* with a [link](docs/\(index).md) and `code`.

    ```swift
    /* a comment
       over lines */
    let value\(index) = "text \(index)"\tand a tab
    ```

    | Option | Type | Default | A description long enough to wrap at narrow widths |
    |:-------|:----:|--------:|-----------------------------------------------------|
    | `--a\(index)` | `Int` | \(index) | Sets **a**; see [details](#a) and 東京 |

    - A list holding a block:

      ```sh
      echo \(index)
      ```

    > | q | r |
    > |---|---|
    > | 1 | 2 |

    ```unknown-language
    \(String(repeating: "x", count: 50 + index))
    ```
    """
  }.joined(separator: "\n\n")
}
