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
    // costs no more than its first few hundred characters.
    let head = text.unicodeScalars.count > limit * 4 ? String(text.unicodeScalars.prefix(limit * 4)) : text
    return DisplayWidth.truncate(clean(head), to: limit)
  }

  public static func clean(_ text: String) -> String {
    // Fast path: most text has nothing to remove, which a scan of the UTF-8
    // bytes shows without decoding scalars.
    if isClean(text.utf8) { return text }

    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        skipEscapeSequence(&scalars)
      } else if scalar == "\u{9B}" {  // C1 CSI
        skipControlSequence(&scalars)
      } else if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        output.append(" ")
      } else if isControl(scalar) || isBidiControl(scalar) {
        continue
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  /// No C0 control or DEL; no C1 control (C2 80…9F); no bidi control
  /// (E2 80 AA…AE, E2 81 A6…A9).
  static func isClean(_ bytes: String.UTF8View) -> Bool {
    bytes.withContiguousStorageIfAvailable(isClean) ?? isClean(Array(bytes))
  }

  private static func isClean<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return false }
      if previous == 0xC2 && (0x80...0x9F).contains(byte) { return false }
      if beforePrevious == 0xE2 && previous == 0x80 && (0xAA...0xAE).contains(byte) { return false }
      if beforePrevious == 0xE2 && previous == 0x81 && (0xA6...0xA9).contains(byte) { return false }
      beforePrevious = previous
      previous = byte
    }
    return true
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
  }

  private static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    guard let introducer = scalars.next() else { return }
    switch introducer {
    case "[":
      skipControlSequence(&scalars)
    case "]", "P", "X", "^", "_":
      // OSC, DCS, SOS, PM, APC: run to BEL or ST (ESC \).
      while let scalar = scalars.next() {
        if scalar == "\u{07}" || scalar == "\u{9C}" { return }
        if scalar == "\u{1B}" {
          _ = scalars.next()
          return
        }
      }
    default:
      return  // a two-byte sequence such as ESC c: the introducer is dropped with it
    }
  }

  private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
    // Parameters and intermediates, then one final byte in 0x40...0x7E.
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) { return }
    }
  }
}
