import TerminalText
import XCTest

@testable import Components

final class MarkdownDocumentTests: XCTestCase {
  func test_theParsedDocument_isReleasedWithItsLastView() {
    var view: MarkdownView? = MarkdownView("# Title\n\n- item")
    weak let document = view?.document
    XCTAssertNotNil(document)

    _ = view?.lines(in: .plain)
    view = nil

    XCTAssertNil(document, "the cmark tree must be freed with the view")
  }

  func test_documentsParsedOnManyThreadsAtOnce_areEachWhole() async {
    let counts = await withTaskGroup(of: Int.self) { group in
      for index in 0..<16 {
        group.addTask {
          let markdown = (0..<50).map { "- item \(index) ~~\($0)~~ | a |" }.joined(separator: "\n")
          return MarkdownView(markdown + "\n\n| a | b |\n|---|---|\n| 1 | 2 |").lines(in: .plain).count
        }
      }
      var counts: [Int] = []
      for await count in group { counts.append(count) }
      return counts
    }
    XCTAssertEqual(counts, Array(repeating: 54, count: 16))
  }
}
