import Foundation
import XCTest

@testable import Networking

/// Server-sent events read from bodies cut anywhere.
final class ServerSentEventsTests: XCTestCase {
  /// A stream shaped as the services send it: an OpenAI-compatible one (LF,
  /// a comment, a role-only delta, `[DONE]`) and Gemini's (CR LF, no
  /// `[DONE]`), with a multi-line event, a named one and a non-ASCII
  /// character that a cut may split.
  private static let recorded = Data(
    (": keep-alive\n\n"
      + #"data: {"choices":[{"delta":{"role":"assistant"}}]}"# + "\n\n"
      + #"data: {"choices":[{"delta":{"content":"Caf\#u{E9} "}}]}"# + "\n\n"
      + "event: note\ndata: first line\ndata:second line\ndata\n\n"
      + #"data: {"candidates":[{"content":{"parts":[{"text":"é"}]}}]}"# + "\r\n\r\n"
      + "id: 7\nretry: 100\ndata: [DONE]\r\r").utf8)

  private static let expected = [
    ServerSentEvent(data: #"{"choices":[{"delta":{"role":"assistant"}}]}"#),
    ServerSentEvent(data: #"{"choices":[{"delta":{"content":"Café "}}]}"#),
    ServerSentEvent(type: "note", data: "first line\nsecond line\n"),
    ServerSentEvent(data: #"{"candidates":[{"content":{"parts":[{"text":"é"}]}}]}"#),
    ServerSentEvent(data: "[DONE]"),
  ]

  private func parse(_ chunks: [Data]) throws -> [ServerSentEvent] {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    for chunk in chunks { events += try parser.feed(chunk) }
    if let last = parser.finish() { events.append(last) }
    return events
  }

  func test_theRecordedStreamInOnePiece_givesEveryEvent() throws {
    XCTAssertEqual(try parse([Self.recorded]), Self.expected)
  }

  func test_everyCutIntoTwoAndThreePieces_givesTheSameEvents() throws {
    let bytes = Self.recorded
    let count = bytes.count
    for first in 0...count {
      let cut = [bytes.prefix(first), bytes.dropFirst(first)].map { Data($0) }
      XCTAssertEqual(try parse(cut), Self.expected, "cut at \(first)")
    }
    for first in stride(from: 0, through: count, by: 3) {
      for second in first...count {
        let pieces = [bytes[0..<first], bytes[first..<second], bytes[second..<count]].map { Data($0) }
        let events = try parse(pieces)
        if events != Self.expected { return XCTFail("cut at \(first) and \(second): \(events)") }
      }
    }
  }

  /// Read in place, stopping after every event in turn and going on from
  /// where the read stopped, cut anywhere: the same events (a data line
  /// left in place across a cut, or a stop, is kept).
  func test_readInPlace_stoppingAfterEachEvent_cutAnywhere_givesTheSameEvents() throws {
    let bytes = Array(Self.recorded)
    for cut in 0...bytes.count {
      for stopAfter in 0..<Self.expected.count {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for var piece in [Array(bytes[..<cut]), Array(bytes[cut...])] {
          while !piece.isEmpty {
            let read = try piece.withUnsafeBufferPointer { buffer throws(ServerSentEventError) in
              try parser.feed(buffer) { type, data in
                events.append(ServerSentEvent(type: type ?? "message", data: String(decoding: data, as: UTF8.self)))
                return events.count != stopAfter + 1
              }
            }
            XCTAssertGreaterThan(read, 0)
            piece.removeFirst(read)
          }
        }
        if let last = parser.finish() { events.append(last) }
        if events != Self.expected { return XCTFail("cut at \(cut), stopped after \(stopAfter + 1): \(events)") }
      }
    }
  }

  func test_oneByteAtATime_givesTheSameEvents() throws {
    XCTAssertEqual(try parse(Self.recorded.map { Data([$0]) }), Self.expected)
  }

  func test_aStreamEndingWithoutABlankLine_stillHandsOverItsLastEvent() throws {
    XCTAssertEqual(
      try parse([Data("data: one\n\ndata: two".utf8)]), [ServerSentEvent(data: "one"), ServerSentEvent(data: "two")])
    XCTAssertEqual(try parse([Data("data: one\r\n".utf8)]), [ServerSentEvent(data: "one")])
    XCTAssertEqual(try parse([Data(": only a comment\n".utf8)]), [])
  }

  func test_anEventLongerThanTheLimit_isRefused() throws {
    var parser = ServerSentEventParser(maximumEventBytes: 16)
    XCTAssertEqual(try parser.feed(Data("data: short\n\n".utf8)), [ServerSentEvent(data: "short")])
    XCTAssertThrowsError(try parser.feed(Data(("data: " + String(repeating: "x", count: 20)).utf8))) { error in
      XCTAssertEqual(error as? ServerSentEventError, .eventTooLarge(limit: 16))
    }
  }

  /// One byte order mark at the stream's start is skipped, as the standard
  /// says, wherever the chunks cut it; a second, or bytes that only begin
  /// like one, are the first line's (a field of another name: no event).
  func test_aByteOrderMarkAtTheStart_isSkipped_whereverItIsCut() throws {
    let mark = Data([0xEF, 0xBB, 0xBF])
    let cases: [(Data, [ServerSentEvent])] = [
      (mark + Data("data: first\n\n".utf8), [ServerSentEvent(data: "first")]),
      (mark + mark + Data("data: first\n\n".utf8), []),
      (mark.prefix(2) + Data("data: first\n\n".utf8), []),
      (Data("data: a".utf8) + mark + Data("\n\n".utf8), [ServerSentEvent(data: "a\u{FEFF}")]),
    ]
    for (stream, expected) in cases {
      for cut in 0...stream.count {
        let pieces = [stream.prefix(cut), stream.dropFirst(cut)].map { Data($0) }
        XCTAssertEqual(try parse(pieces), expected, "\(Array(stream)) cut at \(cut)")
      }
      XCTAssertEqual(try parse(stream.map { Data([$0]) }), expected, "a byte at a time")
    }
  }

  /// CR LF is one line end, not two (which would end the event early).
  func test_crlf_endsOneLine_soAnEventOfTwoDataLinesStaysOne() throws {
    XCTAssertEqual(
      try parse([Data("data: first\r\ndata: second\r\n\r\n".utf8)]),
      [ServerSentEvent(data: "first\nsecond")])
  }
}
