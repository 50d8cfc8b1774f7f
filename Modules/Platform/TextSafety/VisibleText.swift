import TextWidth

extension TextSanitizer {
  /// `text` as ``clean(_:limit:)`` makes it, with each character that draws
  /// as nothing (a byte order mark, a zero-width space, a soft hyphen)
  /// written as `<U+FEFF>`: for echoing a word that was not understood, so
  /// "Unknown command 'book<U+FEFF>marks'" shows why it is not `bookmarks`.
  ///
  /// The joiners that build emoji and some scripts' letters (U+200C, U+200D)
  /// and the tags of flag sequences stay, as they change what is drawn. The
  /// result is at most `limit` columns, as the clean text is.
  public static func visible(_ text: String, limit: Int) -> String {
    let cleaned = clean(text, limit: limit)
    guard cleaned.unicodeScalars.contains(where: drawsAsNothing) else { return cleaned }
    var shown = String.UnicodeScalarView()
    for scalar in cleaned.unicodeScalars {
      guard drawsAsNothing(scalar) else {
        shown.append(scalar)
        continue
      }
      let digits = String(scalar.value, radix: 16, uppercase: true)
      shown.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)>".unicodeScalars)
    }
    // Cut again: a word of zero-width spaces takes no columns until shown.
    return DisplayWidth.truncate(String(shown), to: limit)
  }

  /// A format character (Unicode's Cf) other than the joiners and tags.
  private static func drawsAsNothing(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .format && !(0x200C...0x200D).contains(scalar.value)
      && !(0xE0020...0xE007F).contains(scalar.value)
  }
}
