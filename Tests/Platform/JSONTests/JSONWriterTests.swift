import Foundation
import JSON
import XCTest

final class JSONWriterTests: XCTestCase {
  private func text(_ writer: JSONWriter) -> String {
    String(decoding: writer.bytes, as: UTF8.self)
  }

  func test_compact_writesMembersInTheOrderGiven_andLeavesOutNil() {
    var writer = JSONWriter()
    writer.object { object in
      object.member("b", 1)
      object.member("a", "x")
      object.member("none", nil as String?)
      object.member("list", ["p", "q"])
      object.key("nested")
      object.object { $0.member("n", 1.5) }
      object.key("empty")
      object.array { _ in }
    }
    XCTAssertEqual(text(writer), #"{"b":1,"a":"x","list":["p","q"],"nested":{"n":1.5},"empty":[]}"#)
  }

  func test_pretty_indentsByTwo_andKeepsEmptyContainersOnOneLine() {
    var writer = JSONWriter(pretty: true)
    writer.object { object in
      object.member("format", "f")
      object.key("places")
      object.array { list in
        list.object { $0.member("id", "p1") }
      }
      object.key("none")
      object.array { _ in }
    }
    XCTAssertEqual(
      text(writer),
      """
      {
        "format": "f",
        "places": [
          {
            "id": "p1"
          }
        ],
        "none": []
      }
      """)
  }

  func test_strings_escapeQuotesBackslashesAndControlCharacters_only() throws {
    let hostile = "a\"b\\c\n\t\r\u{1}\u{1B}[2J é 😀 / \u{2028}"
    var writer = JSONWriter()
    writer.string(hostile)
    XCTAssertEqual(text(writer), #""a\"b\\c\n\t\r\u0001\u001b[2J é 😀 / \#u{2028}""#)
    XCTAssertEqual(try JSONDocument(bytes: writer.bytes).root.string, hostile, "it reads back whole")
  }

  func test_numbers_readBackTheSame_andWhatIsNotFiniteIsNull() throws {
    let numbers = [0, -23.5505, 48.1389272, 1e-7, 1e21, -0.0, Double.leastNonzeroMagnitude, .greatestFiniteMagnitude]
    for number in numbers {
      var writer = JSONWriter()
      writer.double(number)
      XCTAssertEqual(try JSONDocument(bytes: writer.bytes).root.double, number, text(writer))
    }
    for number in [Double.nan, .infinity, -.infinity] {
      var writer = JSONWriter()
      writer.double(number)
      XCTAssertEqual(text(writer), "null")
    }
    var writer = JSONWriter()
    writer.array { list in
      list.int(Int.min)
      list.int(Int.max)
      list.bool(true)
      list.null()
    }
    XCTAssertEqual(text(writer), "[-9223372036854775808,9223372036854775807,true,null]")
  }

  /// Any text at all, written and read back, is the same text: 2,000 random
  /// strings from every plane, control characters included.
  func test_anyText_readsBackAsWritten() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let scalars = (0..<Int.random(in: 0...40, using: &generator)).compactMap { _ in
        Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator))
      }
      let text = String(String.UnicodeScalarView(scalars))
      var writer = JSONWriter(pretty: Bool.random(using: &generator))
      writer.object { $0.member(text, text) }
      let root = try JSONDocument(bytes: writer.bytes).root
      XCTAssertEqual(root.members?.first?.key, text)
      XCTAssertEqual(root[text]?.string, text)
    }
  }
}

final class TimestampTextTests: XCTestCase {
  func test_text_isUTCToTheMillisecond_andReadsBack() throws {
    XCTAssertEqual(Timestamp.text(for: Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00.000Z")
    XCTAssertEqual(Timestamp.text(for: Date(timeIntervalSince1970: 1_764_448_867.25)), "2025-11-29T20:41:07.250Z")
    XCTAssertEqual(Timestamp.text(for: Date(timeIntervalSince1970: 951_825_600)), "2000-02-29T12:00:00.000Z")
    XCTAssertEqual(Timestamp.text(for: Date(timeIntervalSince1970: -1.5)), "1969-12-31T23:59:58.500Z")
    XCTAssertEqual(Timestamp.text(for: .distantFuture), "4001-01-01T00:00:00.000Z")
    XCTAssertEqual(
      Timestamp.text(for: Date(timeIntervalSince1970: 1e15)), "9999-12-31T23:59:59.999Z",
      "a clock gone wrong stays a time")
    XCTAssertEqual(Timestamp.text(for: Date(timeIntervalSince1970: -1e15)), "0000-01-01T00:00:00.000Z")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let milliseconds = Double(Int64.random(in: -2_000_000_000_000...20_000_000_000_000, using: &generator))
      let date = Date(timeIntervalSince1970: milliseconds / 1_000)
      let read = try XCTUnwrap(Timestamp.date(from: Timestamp.text(for: date)), Timestamp.text(for: date))
      XCTAssertEqual(read.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.000_501)
    }
  }

  /// The same as Foundation's formatter writes, for any time since 1970
  /// (a quarter into a millisecond, which Foundation cuts off and this
  /// rounds off).
  func test_text_agreesWithFoundation() {
    var generator = SystemRandomNumberGenerator()
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    for _ in 0..<500 {
      let milliseconds = Double(Int64.random(in: 0...4_000_000_000_000, using: &generator)) + 0.25
      let date = Date(timeIntervalSince1970: milliseconds / 1_000)
      XCTAssertEqual(Timestamp.text(for: date), date.formatted(style))
    }
  }
}
