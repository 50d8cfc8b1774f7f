import Secrets
import XCTest

@testable import Explore

/// A streamed Gemini piece read by a scan is the piece the document reads:
/// for the shapes the service sends (../shared/reference/apis.md) and for
/// thousands of mangled copies of them.
final class GeminiPieceScanTests: XCTestCase {
  override class func setUp() {
    super.setUp()
    SecretText.hide("AIzaScanSecret123", naming: "GEMINI_API_KEY")
  }

  /// Events as Gemini streams them, and the corners the scan must read
  /// as the document does or leave to it.
  private static let seeds: [String] = [
    #"{"candidates":[{"content":{"role":"model","parts":[{"text":"w0001 "}]},"index":0}],"usageMetadata":{"promptTokenCount":5,"totalTokenCount":5}}"#,
    """
    {"candidates": [{"content": {"parts": [{"text": "Hello, \\"world\\"\\n\\u00e9\\ud83d\\ude00 caf\u{e9}"}],"role": "model"},\
    "finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 9,"candidatesTokenCount": 12,\
    "totalTokenCount": 21,"thoughtsTokenCount": 3,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 9}]},\
    "modelVersion": "gemini-2.5-flash","responseId": "abc"}
    """,
    #"{"candidates":[{"content":{"parts":[{"text":"plan","thought":true},{"text":"a"},{"thought":false,"text":"b"},{"text":7},"x"]}}]}"#,
    #"{"candidates":[{"finishReason":"SAFETY","content":{"parts":[]}}],"usageMetadata":null}"#,
    #"{"candidates":[{"finishReason":"MAX_TOKENS"}],"usageMetadata":{"candidatesTokenCount":1.5,"promptTokenCount":-0,"totalTokenCount":1e2}}"#,
    #"{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":4}}"#,
    #"{"promptFeedback":"x","usageMetadata":[1,2]}"#,
    #"{"candidates":[7,{"content":{}}]}"#,
    #"{"candidates":[]}"#,
    #"{"candidates":{"content":{}}}"#,
    #"{"candidates":[{"content":{"parts":[{"\u0074ext":"escaped key"}]}}]}"#,
    #"{"candidates":[{"content":{"parts":[{"text":"first","text":"second"}]}}]}"#,
    #"{"candidates":[{"content":{"parts":[{"text":"a"}]}}],"candidates":[{"content":{"parts":[{"text":"b"}]}}]}"#,
    #"{"candidates":[{"content":{"parts":[{"text":"the key AIzaScanSecret123 and \u0041IzaScanSecret123"}]}}]}"#,
    #"{"candidates":[{"content":{"parts":[{"text":"lone \ud800 surrogate, tab\t"}]}}],"usageMetadata":{"totalTokenCount":12345678901234567890}}"#,
    #"{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}"#,
    #"{"candidates":[{"content":{"parts":[{"text":"x"}]}}],"deep":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#,
    #"  {"candidates":[{"content":{"parts":[{"text":"spaced"}]}}]}  "#,
    #"{"candidates":[{"content":{"parts":[{"text":"x"}]}}]} trailing"#,
    #"{"candidates":[{"content":{"parts":[{"text":"cut"#,
    #"[1,2]"#,
    "",
  ]

  func test_aPieceScannedIsThePieceTheDocumentReads() {
    for seed in Self.seeds {
      assertSameAsDocument(seed)
    }
  }

  func test_theServicesUsualPiecesAreScannedNotLeftToTheDocument() {
    for seed in Self.seeds.prefix(8) {
      XCTAssertNotNil(GeminiFormat.Response.scanned(fromText: seed), seed)
    }
    XCTAssertEqual(
      GeminiFormat.Response.scanned(fromText: Self.seeds[2])?.text, "ab",
      "thoughts are left out, parts joined")
    XCTAssertEqual(
      GeminiFormat.Response.scanned(fromText: Self.seeds[1])?.text, "Hello, \"world\"\n\u{e9}😀 caf\u{e9}")
  }

  func test_mangledPiecesAreReadAsTheDocumentReadsThem() {
    // Bytes that matter to JSON, to the fields read, and to UTF-8.
    let alphabet = Array(#"{}[]":,\ 0123456789.eE+-tfnu"#.utf8) + [0x00, 0x0A, 0x1F, 0x7F, 0xC3, 0xA9, 0xF0, 0xFF]
    var random = SeededRandom(seed: 19)
    for seed in Self.seeds where !seed.isEmpty {
      let bytes = Array(seed.utf8)
      for _ in 0..<2_000 {
        var mangled = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          let at = Int.random(in: 0..<max(mangled.count, 1), using: &random)
          switch Int.random(in: 0..<4, using: &random) {
          case 0 where !mangled.isEmpty: mangled.remove(at: at)
          case 1: mangled.insert(alphabet.randomElement(using: &random) ?? 0, at: min(at, mangled.count))
          case 2 where !mangled.isEmpty: mangled[at] = alphabet.randomElement(using: &random) ?? 0
          default: mangled = Array(mangled.prefix(at))
          }
        }
        assertSameAsDocument(utf8: mangled)
      }
    }
  }

  private func assertSameAsDocument(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    assertSameAsDocument(utf8: Array(text.utf8), file: file, line: line)
  }

  /// Read as text (made valid UTF-8 first, as an event's string was) and
  /// as the bytes where they lie, invalid UTF-8 and all: the same piece.
  private func assertSameAsDocument(utf8 bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    let text = String(decoding: bytes, as: UTF8.self)
    let document = GeminiFormat.Response.decoded(fromText: text)
    XCTAssertEqual(GeminiFormat.Response.piece(fromText: text), document, text, file: file, line: line)
    if let scanned = GeminiFormat.Response.scanned(fromText: text) {
      XCTAssertEqual(scanned, document, text, file: file, line: line)
    }
    bytes.withUnsafeBufferPointer { bytes in
      XCTAssertEqual(GeminiFormat.Response.piece(fromUTF8: bytes), document, text, file: file, line: line)
      if let scanned = GeminiFormat.Response.scanned(fromUTF8: bytes) {
        XCTAssertEqual(scanned, document, text, file: file, line: line)
      }
    }
  }
}

/// A small fixed-seed generator: the same mangled pieces on every run.
private struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 33)
  }
}
