import Components
import Foundation
import FuzzyMatching
import TerminalText
import TextWidth
import XCTest

@testable import Bookmarks

/// A long run drawn a page at a time reads as the one list view of it would.
@MainActor
final class BookmarkRowsTests: XCTestCase {
  func test_aLongRunDrawnInPages_isTheWholeListViewsLines_atEveryWidth() async {
    // Long titles, wide letters, a control character, a late longest title
    // and widest cells: every page must be drawn with the whole run's widths.
    // Two titles on different pages read alike when cut: the whole list
    // cuts them in the middle. A category of few bytes is the widest
    // when spelt in ASCII for TERM=dumb (`°` is ` deg`).
    let titles = [
      1_050: "Ein sehr langer Name eines Ortes, 東京タワー",
      10: "Staatliche Antikensammlungen und Glyptothek, Nordflügel",
      600: "Staatliche Antikensammlungen und Glyptothek, Südflügel",
    ]
    let bookmarks = (0..<(BookmarkRows.pageSize * 2 + 37)).map { number in
      Bookmark(
        kind: .place, id: "p\(number)", title: titles[number] ?? "Place \(number)\(number % 7 == 0 ? "\u{7}x" : "")",
        subtitle: number % 5 == 0
          ? nil
          : number == 900
            ? "A city with a name far longer than the others"
            : "Munich",
        detail: number == 1_000
          ? "entertainment.museum" : number == 1_020 ? String(repeating: "°", count: 9) : "catering",
        savedAt: Date(timeIntervalSince1970: 0))
    }
    let listed = VisibleBookmarks(bookmarks)
    let filtered = VisibleBookmarks(
      bookmarks, listed: bookmarks.indices.reversed().map { ListedIndex(index: $0, matches: [[0, 1], [], [2]]) })
    defer { DisplayWidth.measuresASCIISpelling = false }
    for (visible, spelling) in [(listed, false), (filtered, false), (listed, true)] {
      DisplayWidth.measuresASCIISpelling = spelling
      for width in [24, 40, 60, 72, 120, 200] {
        for capabilities in [
          TerminalCapabilities.plain,
          .init(inputIsTerminal: true, outputIsTerminal: true, usesColor: true, usesUnicode: true),
        ] {
          let context = RenderContext(width: width, capabilities: capabilities)
          let whole = ListView(visible.map(BookmarkRows.item(for:))).lines(in: context)
          var paged: [StyledLine] = []
          BookmarkRows.append(visible.indices, of: visible, in: context, to: &paged)
          XCTAssertEqual(paged, whole, "at \(width) columns\(spelling ? ", spelt in ASCII" : "")")
        }
      }
    }
  }
}
