import JSON
import XCTest

/// A string's plain bytes are read eight at a time: the first quote,
/// backslash or control character ends them wherever it falls in a word,
/// and a key is compared the same way.
final class PlainJSONTextTests: XCTestCase {
  func test_anEscapeAnEndOrAControl_isFoundWhereverItFallsInAWord() throws {
    for count in 0..<20 {
      for after in [0, 3, 9] {
        let plain = String(repeating: "é", count: count % 3) + String(repeating: "a", count: count)
        let expected = plain + "\n" + String(repeating: "b", count: after)
        let text = #"{"key":""# + plain + #"\n"# + String(repeating: "b", count: after) + #""}"#

        XCTAssertEqual(try JSONDocument(bytes: Array(text.utf8)).root["key"]?.string, expected, text)
        var scanned: String?
        let whole = JSONScanner.scan(text) { scanner in
          scanner.object { scanner, key in
            scanned = key.isNamed("key") ? scanner.string() : nil
            return scanned != nil
          }
        }
        XCTAssertTrue(whole, text)
        XCTAssertEqual(scanned, expected, text)
        let control = #"[""# + plain + "\u{1}" + #""]"#
        XCTAssertFalse(JSONScanner.scan(control) { $0.skip() }, control)
        XCTAssertThrowsError(try JSONDocument(bytes: Array(control.utf8)), control)
      }
    }
  }

  func test_aKey_isNamedOnlyByItsOwnBytes_atEveryLength() {
    let names: [StaticString] = [
      "a", "text", "content", "contents", "candidates", "promptTokenCount", "x0123456789abcdefg",
    ]
    let keys = [
      "a", "b", "text", "texT", "content", "contents", "contentz", "candidates", "candidateS",
      "promptTokenCount", "promptTokenCounT", "xromptTokenCount", "x0123456789abcdefg", "x0123456789abcdefh",
    ]
    for key in keys {
      for name in names {
        var matched = false
        _ = JSONScanner.scan(#"{""# + key + #"":0}"#) { scanner in
          scanner.object { scanner, member in
            matched = member.isNamed(name)
            return scanner.skip()
          }
        }
        XCTAssertEqual(matched, key == name.description, "\(key) against \(name)")
      }
    }
  }
}
