import Foundation
import JSON
import Secrets
import XCTest

final class JSONDocumentTests: XCTestCase {
  private func parse(_ text: String) throws -> JSONNode {
    try JSONDocument(bytes: Array(text.utf8)).root
  }

  private func failure(_ text: String) -> JSONError? {
    do {
      _ = try JSONDocument(bytes: Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  /// A key a server echoes back is hidden in what is read, written
  /// plainly or with escapes.
  func test_aRegisteredKey_isHiddenInEveryStringRead() throws {
    SecretText.hide("jsonEchoedKey4821", naming: "TEST_KEY")
    let root = try parse(#"{"plain":"Your key is jsonEchoedKey4821.","escaped":"\u006asonEchoed\u004bey4821"}"#)

    XCTAssertEqual(root["plain"]?.string, "Your key is [TEST_KEY].")
    XCTAssertEqual(root["escaped"]?.string, "[TEST_KEY]")
  }

  func test_readsEachKindOfValue() throws {
    let root = try parse(#" {"s":"text","n":-12.5e1,"t":true,"f":false,"z":null,"a":[1,[2],{}],"o":{"k":"v"}} "#)

    XCTAssertEqual(root.kind, .object)
    XCTAssertEqual(root.count, 7)
    XCTAssertEqual(root["s"]?.string, "text")
    XCTAssertEqual(root["n"]?.double, -125)
    XCTAssertEqual(root["t"]?.bool, true)
    XCTAssertEqual(root["f"]?.bool, false)
    XCTAssertEqual(root["z"]?.isNull, true)
    XCTAssertEqual(root["a"]?.count, 3)
    XCTAssertEqual(root["a"]?.array?.map(\.kind), [.number, .array, .object])
    XCTAssertEqual(root["a"]?.array?[1].array?.first?.int, 2)
    XCTAssertEqual(root["o"]?["k"]?.string, "v")
    XCTAssertEqual(root.members?.map(\.key), ["s", "n", "t", "f", "z", "a", "o"])
  }

  func test_aValueOfAnotherKind_orAMissingKey_readsAsNil() throws {
    let root = try parse(#"{"name":5,"list":"x"}"#)

    XCTAssertNil(root["name"]?.string)
    XCTAssertEqual(root["name"]?.int, 5)
    XCTAssertNil(root["list"]?.array)
    XCTAssertNil(root["missing"])
    XCTAssertNil(root["name"]?["inner"])
    XCTAssertNil(root.string)
    XCTAssertNil(try parse("[]")["key"])
  }

  func test_theFirstOfRepeatedKeysIsRead_andKeysMayBeEscaped() throws {
    let root = try parse(#"{"a":1,"a":2,"\u00e9t\u00e9":"summer","":"empty"}"#)

    XCTAssertEqual(root["a"]?.int, 1)
    XCTAssertEqual(root["été"]?.string, "summer")
    XCTAssertEqual(root[""]?.string, "empty")
    XCTAssertEqual(root.members?.count, 4)
  }

  func test_escapes_surrogatePairs_andUnicodeText() throws {
    let root = try parse(#"["a\"b\\c\/d\b\f\n\r\t", "\u0041\u00e3\u4e2d\ud83d\ude00", "São Paulo 東京", "\ud800x"]"#)
    let strings = try XCTUnwrap(root.array?.map(\.string))

    XCTAssertEqual(strings[0], "a\"b\\c/d\u{8}\u{c}\n\r\t")
    XCTAssertEqual(strings[1], "Aã中😀")
    XCTAssertEqual(strings[2], "São Paulo 東京")
    XCTAssertEqual(strings[3], "\u{FFFD}x", "a lone surrogate is replaced, not fatal")
  }

  func test_invalidUTF8_isReplaced() throws {
    let document = try JSONDocument(bytes: [0x22, 0x61, 0xFF, 0x62, 0x22])
    XCTAssertEqual(document.root.string, "a\u{FFFD}b")
  }

  /// Where text must be exact, what a reader would get as U+FFFD is an
  /// error at its byte.
  ///
  /// A lone surrogate escape, bytes that are not UTF-8. Pairs, and an
  /// escaped backslash before `u`, are text.
  func test_exactText_refusesWhatWouldBeReplaced_saysWhere() throws {
    func reason(_ bytes: [UInt8]) -> JSONError? {
      do {
        _ = try JSONDocument(bytes: bytes, exactText: true)
        return nil
      } catch { return error }
    }
    for (text, offset) in [(#"["\ud800x"]"#, 2), (#"["ab\udc00"]"#, 4), (#"["\uD800\u0041"]"#, 2), (#"["\ud800"]"#, 2)]
    {
      XCTAssertEqual(reason(Array(text.utf8)), JSONError(reason: .loneSurrogate, offset: offset), text)
    }
    XCTAssertEqual(reason([0x22, 0x61, 0xFF, 0x62, 0x22]), JSONError(reason: .invalidUTF8, offset: 2))
    XCTAssertEqual(reason([0x22, 0xED, 0xA0, 0x80, 0x22]), JSONError(reason: .invalidUTF8, offset: 1))
    let exact = try JSONDocument(bytes: Array(#"["\ud83d\ude00", "\\ud800", "\uDBFF\uDFFF"]"#.utf8), exactText: true)
    XCTAssertEqual(exact.root.array?.map(\.string), ["😀", "\\ud800", "\u{10FFFF}"])
    XCTAssertNoThrow(try JSONDocument(bytes: Array(#"["\ud800x"]"#.utf8)), "lenient unless asked")
  }

  func test_numbers_matchTheStandardLibrarysParsing_bitForBit() throws {
    let texts = [
      "0", "-0", "1", "-1", "12345678901234567890", "0.1", "0.2", "0.30000000000000004", "48.1389272",
      "-46.6333", "11.5742388", "1e10", "1E-7", "2.5e+3", "123456789012345.6", "9007199254740993",
      "1.7976931348623157e308", "4.9e-324", "1e400", "0.000000000000000000000001", "3.141592653589793",
    ]
    for text in texts {
      let parsed = try XCTUnwrap(parse(text).double, text)
      let expected = try XCTUnwrap(Double(text), text)
      XCTAssertEqual(parsed.bitPattern, expected.bitPattern, text)
    }
    XCTAssertEqual(try parse("-0").double?.sign, .minus)
    XCTAssertNil(try parse("2.5").int)
    XCTAssertEqual(try parse("3e2").int, 300)
  }

  func test_malformedDocuments_sayWhatAndWhere() {
    XCTAssertEqual(failure(""), JSONError(reason: .empty, offset: 0))
    XCTAssertEqual(failure("  \n"), JSONError(reason: .empty, offset: 0))
    XCTAssertEqual(failure(#"{"features": ["#), JSONError(reason: .unexpectedEnd, offset: 14))
    XCTAssertEqual(failure("<html>"), JSONError(reason: .unexpectedByte(UInt8(ascii: "<")), offset: 0))
    XCTAssertEqual(failure("[1,]"), JSONError(reason: .unexpectedByte(UInt8(ascii: "]")), offset: 3))
    XCTAssertEqual(failure("[1 2]"), JSONError(reason: .unexpectedByte(UInt8(ascii: "2")), offset: 3))
    XCTAssertEqual(failure(#"{"a" 1}"#), JSONError(reason: .unexpectedByte(UInt8(ascii: "1")), offset: 5))
    XCTAssertEqual(failure(#"{1:2}"#), JSONError(reason: .unexpectedByte(UInt8(ascii: "1")), offset: 1))
    XCTAssertEqual(failure(#"{"a":1]"#), JSONError(reason: .unexpectedByte(UInt8(ascii: "]")), offset: 6))
    XCTAssertEqual(failure("[01]"), JSONError(reason: .unexpectedByte(UInt8(ascii: "1")), offset: 2))
    XCTAssertEqual(failure("[1.]"), JSONError(reason: .invalidNumber, offset: 1))
    XCTAssertEqual(failure("-"), JSONError(reason: .unexpectedEnd, offset: 1))
    XCTAssertEqual(failure("[1e]"), JSONError(reason: .invalidNumber, offset: 1))
    XCTAssertEqual(failure(#"["\x"]"#), JSONError(reason: .invalidEscape, offset: 2))
    XCTAssertEqual(failure(#"["\u12G4"]"#), JSONError(reason: .invalidEscape, offset: 2))
    XCTAssertEqual(failure("[\"a\tb\"]"), JSONError(reason: .controlCharacterInString, offset: 3))
    XCTAssertEqual(failure("tru"), JSONError(reason: .unexpectedEnd, offset: 3))
    XCTAssertEqual(failure("nul1"), JSONError(reason: .unexpectedByte(UInt8(ascii: "1")), offset: 3))
    XCTAssertEqual(failure("{} {}"), JSONError(reason: .trailingData, offset: 3))
    XCTAssertEqual(
      String(describing: failure(#"{"features": ["#)!), "the JSON stops early, at byte 14")
  }

  func test_everyTruncationOfADocument_isAnError_neverACrash() throws {
    let text =
      #"{"type":"FeatureCollection","features":[{"properties":{"name":"Caf\u00e9 \"A\"","lat":-23.5,"#
      + #""tags":[true,false,null,1e3]},"geometry":{"coordinates":[[[-46.6,-23.5]]]}}]}"#
    let bytes = Array(text.utf8)
    XCTAssertNoThrow(try JSONDocument(bytes: bytes))
    for length in 0..<bytes.count {
      XCTAssertThrowsError(try JSONDocument(bytes: Array(bytes[..<length])), "\(length) bytes")
    }
  }

  func test_nesting_isBoundedWithoutUsingTheStack() throws {
    let allowed =
      String(repeating: "[", count: JSONDocument.maximumDepth)
      + String(repeating: "]", count: JSONDocument.maximumDepth)
    XCTAssertEqual(try parse(allowed).count, 1)

    let hostile = String(repeating: "[", count: 100_000)
    XCTAssertEqual(failure(hostile), JSONError(reason: .tooDeep, offset: JSONDocument.maximumDepth))
  }

  func test_agreesWithJSONSerialization_onWhatIsValid() {
    let samples = [
      "{}", "[]", "\"\"", "0", "true", "null", #"{"a":[1,2,{"b":null}]}"#, "[-0.0e-0]", #"["\u0000"]"#,
      "[1,,2]", "[,]", "{\"a\"}", "{\"a\":}", "[1]]", "[[1]", "[+1]", "[.5]", "[1.5e]", "[0x10]", "[Infinity]",
      "[NaN]", "['a']", "[\"\\a\"]", "[tRue]", " [ 1 , 2 ] ",
    ]
    for sample in samples {
      let foundation =
        (try? JSONSerialization.jsonObject(with: Data(sample.utf8), options: .fragmentsAllowed)) != nil
      let ours = (try? JSONDocument(bytes: Array(sample.utf8))) != nil
      XCTAssertEqual(ours, foundation, sample)
    }
    // Foundation tolerates a trailing comma; RFC 8259 does not, and neither do we.
    XCTAssertNotNil(failure("[1,]"))
    XCTAssertNotNil(failure(#"{"a":1,}"#))
  }
}

/// Mutated documents, from a fixed seed: each must parse or throw (never
/// crash), and parse exactly when Foundation's parser accepts it too.
final class JSONMutationTests: XCTestCase {
  /// SplitMix64: the same sequence on every run and machine.
  private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  func test_mutatedDocuments_parseOrFail_asFoundationDoes() throws {
    let seed =
      Array(
        #"{"features":[{"type":"Feature","properties":{"name":"Caf\u00e9 \"Z\"","lat":-23.55,"lon":-46.63,"#.utf8)
      + Array(#""fee":true,"tags":[1,2.5e3,null,false,"a\\b"],"empty":{}},"geometry":null}]}"#.utf8)
    let alphabet = Array(#"{}[],:"\ -0123456789.eEtrufalsn"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
    var random = SeededGenerator(state: 2026)
    var parsed = 0
    for _ in 0..<3_000 {
      var bytes = seed
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = alphabet.randomElement(using: &random)!
        case 1: bytes.remove(at: position)
        default: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
        }
      }
      let ours = (try? JSONDocument(bytes: bytes)) != nil
      let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
      // Foundation also accepts trailing commas, and rejects invalid UTF-8
      // that we replace with U+FFFD: compare where neither comes up.
      let hasTrailingComma = bytes.indices.dropLast().contains {
        bytes[$0] == UInt8(ascii: ",") && [UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[$0 + 1])
      }
      let hasNonASCII = bytes.contains { $0 >= 0x80 }
      if !hasTrailingComma && !hasNonASCII {
        XCTAssertEqual(ours, foundation, String(decoding: bytes, as: UTF8.self))
      }
      if ours { parsed += 1 }
    }
    XCTAssertGreaterThan(parsed, 100, "some mutations must stay valid JSON, or this tests only failures")
  }
}

final class JSONDecodableTests: XCTestCase {
  private struct Repository: JSONDecodable, Equatable {
    var name: String
    var stars: Int?

    init?(json: JSONNode) {
      guard let name = json["full_name"]?.string else { return nil }
      self.name = name
      stars = json["stargazers_count"]?.int
    }
  }

  func test_decoded_readsTheShape_orIsNilForNotJSONOrAnotherShape() {
    XCTAssertEqual(
      Repository.decoded(from: Data(#"{"full_name":"a/b","stargazers_count":3}"#.utf8))?.stars, 3)
    XCTAssertEqual(Repository.decoded(from: Data(#"{"full_name":"a/b","stargazers_count":"x"}"#.utf8))?.name, "a/b")
    XCTAssertNil(Repository.decoded(from: Data(#"{"name":"a/b"}"#.utf8)), "another shape")
    XCTAssertNil(Repository.decoded(from: Data(#"{"full_name":"a/b""#.utf8)), "truncated")
    XCTAssertNil(Repository.decoded(from: Data("<html>".utf8)), "not JSON")
  }
}

/// Times from outside are checked against the calendar, never rolled over.
final class TimestampTests: XCTestCase {
  func test_timesAsServicesWriteThem() {
    XCTAssertEqual(Timestamp.date(from: "1970-01-01T00:00:00Z")?.timeIntervalSince1970, 0)
    XCTAssertEqual(Timestamp.date(from: "2013-01-05T17:58:47Z")?.timeIntervalSince1970, 1_357_408_727)
    XCTAssertEqual(Timestamp.date(from: "2024-02-29T12:00:00.250Z")?.timeIntervalSince1970, 1_709_208_000.25)
    XCTAssertEqual(Timestamp.date(from: "2026-11-29T21:41:07+01:00")?.timeIntervalSince1970, 1_795_984_867)
    XCTAssertEqual(Timestamp.date(from: "2026-11-29t20:41:07z")?.timeIntervalSince1970, 1_795_984_867)
    XCTAssertEqual(Timestamp.date(from: "1969-12-31T23:59:59-00:00")?.timeIntervalSince1970, -1)
  }

  func test_impossibleTimes_areRefused_notRolledOver() {
    for text in [
      "2026-02-30T25:61:61Z", "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z",
      "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:60:00Z",
      "2026-01-01T00:00:60Z", "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "2026-01-01T00:00:00+25:00",
      "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00.1234567890Z", "+2026-01-01T00:00:00Z", "2026-1-01T00:00:00Z",
      "", "not a time at all here", "2026-01-01T00:00:00Zjunk",
    ] {
      XCTAssertNil(Timestamp.date(from: text), text)
    }
  }
}
