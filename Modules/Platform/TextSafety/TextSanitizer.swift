import Secrets
import TextWidth

/// Makes untrusted text harmless for a terminal.
///
/// Removes escape sequences (CSI, OSC, DCS and two-byte ones), C0 and C1
/// control characters, DEL and the bidirectional overrides that can reorder
/// what a person sees. Tabs and line breaks become spaces: a span is always
/// printed on the line it belongs to.
public enum TextSanitizer {
  /// `text` made harmless and cut to `limit` columns with "…": for echoing
  /// something typed or received inside a sentence, which must stay one
  /// line however long the text was.
  public static func clean(_ text: String, limit: Int) -> String {
    // Cut first (to a generous number of scalars) so a megabyte of input
    // costs no more than its first few hundred characters. A key in it is
    // hidden before any cut, so no cut can leave a piece of one showing.
    let head =
      text.unicodeScalars.count > limit * 4 + 1_024 ? String(text.unicodeScalars.prefix(limit * 4 + 1_024)) : text
    return DisplayWidth.truncate(clean(SecretText.hiding(in: head)), to: limit)
  }

  /// A text from a service as a feature keeps it (matched, drawn, printed
  /// as JSON, saved): made harmless, trimmed, cut to `limit` characters
  /// with "…"; nil when nothing is left.
  ///
  /// Kept clean rather than cleaned when drawn, so what a filter matches
  /// is what is shown.
  public static func field(_ value: String?, limit: Int) -> String? {
    guard let value else { return nil }
    let cleaned = Trimming.whitespace(clean(value))
    guard !cleaned.isEmpty else { return nil }
    // No more bytes than the limit means no more characters either.
    guard cleaned.utf8.count > limit, cleaned.count > limit else { return cleaned }
    return String(cleaned.prefix(limit)) + "…"
  }

  public static func clean(_ text: String) -> String {
    // Fast path: most text has nothing to remove, which a scan of the UTF-8
    // bytes shows without decoding scalars.
    if isClean(text.utf8) { return text }
    // The same rules as streamed text, all in one piece, with line breaks
    // made spaces: a span is always printed on the line it belongs to.
    var sanitizer = StreamSanitizer(keepsLineBreaks: false)
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { sanitizer.take(scalar, into: &output) }
    return String(output)
  }

  /// No C0 control or DEL; no C1 control (C2 80…9F); no line or paragraph
  /// separator (E2 80 A8, A9); no bidi control (E2 80 AA…AE, E2 81 A6…A9).
  static func isClean(_ bytes: String.UTF8View) -> Bool {
    bytes.withContiguousStorageIfAvailable(isClean) ?? isCleanByScalar(bytes)
  }

  /// The same for bytes in place: what ``TextRenderer`` asks of every span
  /// before copying it out as it is.
  package static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    isPrintableASCII(bytes) || isCleanByScalar(bytes)
  }

  /// Whether every byte is 0x20…0x7E, looked at eight at a time: nearly
  /// all text drawn (a list's names, numbers, padding) is, and then needs
  /// no look byte by byte.
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var offset = 0
    while offset + 8 <= raw.count {
      let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      // A byte below 0x20, or above 0x7E (0x7F plus one, or its top bit set).
      if (((word &- ones &* 0x20) & ~word) | (word &+ ones) | word) & high != 0 { return false }
      offset += 8
    }
    while offset < raw.count {
      let byte = raw[offset]
      if byte < 0x20 || byte > 0x7E { return false }
      offset += 1
    }
    return true
  }

  private static func isCleanByScalar<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return false }
      if previous == 0xC2 && (0x80...0x9F).contains(byte) { return false }
      if beforePrevious == 0xE2 && previous == 0x80 && (0xA8...0xAE).contains(byte) { return false }
      if beforePrevious == 0xE2 && previous == 0x81 && (0xA6...0xA9).contains(byte) { return false }
      beforePrevious = previous
      previous = byte
    }
    return true
  }
}
