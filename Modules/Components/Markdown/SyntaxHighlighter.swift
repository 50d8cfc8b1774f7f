internal import CSourceHighlight

/// What a token of code is, as GNU source-highlight classifies it.
enum SyntaxKind: UInt32, Sendable {
  case plain = 0
  case keyword = 1
  case type = 2
  case string = 3
  case comment = 4
  case number = 5
  /// Preprocessor lines, compiler directives and attributes.
  case directive = 6
  case function = 7
  case variable = 8
}

/// A run of a code block's bytes of one kind.
struct SyntaxToken: Equatable, Sendable {
  /// UTF-8 offsets in the text highlighted, on character boundaries.
  var range: Range<Int>
  var kind: SyntaxKind
}

/// Code blocks' tokens, by GNU source-highlight (through CSourceHighlight).
///
/// Only the kinds of tokens come back, never the library's escape codes:
/// whether and how they are coloured is the theme's decision. The text
/// given is already sanitised, so nothing a block holds can reach the
/// terminal but its own characters.
enum SyntaxHighlighter {
  /// The tokens of `code` in `language` (a fence's name: `swift`, `sh`,
  /// `py` …), those of a kind other than plain, in order.
  ///
  /// - Returns: nil when the language is unknown, a line is too long to be
  ///   worth the time, or the library failed: the block is then drawn plain.
  static func tokens(in code: String, language: String) -> [SyntaxToken]? {
    guard !language.isEmpty, !code.isEmpty else { return nil }
    var code = code
    return code.withUTF8 { bytes -> [SyntaxToken]? in
      guard let base = bytes.baseAddress else { return nil }
      var spans: UnsafeMutablePointer<wf_highlight_span>?
      var count = 0
      let status = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
        wf_highlight(language, text, bytes.count, &spans, &count)
      }
      defer { wf_highlight_free(spans) }
      guard status == WF_HIGHLIGHT_OK, let spans else { return nil }
      return Self.tokens(UnsafeBufferPointer(start: spans, count: count), in: bytes)
    }
  }

  /// Whether source-highlight has a definition for `language`.
  static func knows(_ language: String) -> Bool {
    wf_highlight_knows(language) != 0
  }

  /// The kind source-highlight's element `name` is drawn as.
  static func kind(ofElement name: String) -> SyntaxKind {
    SyntaxKind(rawValue: wf_highlight_kind_of(name).rawValue) ?? .plain
  }

  /// `spans` checked against `utf8` and moved onto scalar boundaries: the
  /// library matches bytes, and a range may start or end inside a
  /// character of several bytes.
  private static func tokens(
    _ spans: UnsafeBufferPointer<wf_highlight_span>, in bytes: UnsafeBufferPointer<UInt8>
  ) -> [SyntaxToken] {
    func boundary(_ offset: Int) -> Int {
      var offset = min(offset, bytes.count)
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      return offset
    }
    var tokens: [SyntaxToken] = []
    tokens.reserveCapacity(spans.count)
    var previousEnd = 0
    for span in spans {
      let start = max(boundary(Int(span.start)), previousEnd)
      let end = boundary(Int(span.start) + Int(span.length))
      guard start < end, let kind = SyntaxKind(rawValue: span.kind), kind != .plain else { continue }
      tokens.append(SyntaxToken(range: start..<end, kind: kind))
      previousEnd = end
    }
    return tokens
  }
}
