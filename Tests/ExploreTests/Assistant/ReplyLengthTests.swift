import XCTest

@testable import Explore

/// A reply's length in characters, counted from its bytes where it can be.
final class ReplyLengthTests: XCTestCase {
  func test_characterCount_isTheCharactersCount() {
    for text in [
      "", "w0001 ", "line\n\nnext", "a\r\nb", "\r", "\r\n\r\n", "é", "e\u{301}", "👍🏽 ok", "tab\there\u{1B}[0m",
    ] {
      XCTAssertEqual(characterCount(text), text.count, text.debugDescription)
    }
  }

  func test_keptReply_cutsOnlyPastTheLimit_inCharactersNotBytes() {
    let fits = String(repeating: "é", count: maximumReplyCharacters)
    XCTAssertEqual(keptReply(fits).text, fits)
    XCTAssertFalse(keptReply(fits).cut, "twice the limit in bytes, not in characters")

    let over = String(repeating: "a", count: maximumReplyCharacters) + "é"
    XCTAssertEqual(keptReply(over).text, String(repeating: "a", count: maximumReplyCharacters))
    XCTAssertTrue(keptReply(over).cut)

    let exactly = String(repeating: "a", count: maximumReplyCharacters)
    XCTAssertEqual(keptReply(exactly).text, exactly)
    XCTAssertFalse(keptReply(exactly).cut)
  }
}
