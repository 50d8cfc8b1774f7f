import TextWidth

extension TextSanitizer {
  /// `text` made harmless and cut to `limit` columns, as
  /// ``clean(_:limit:)`` makes it, but with each character that is not
  /// drawn written as its code: for echoing a word that was not understood.
  ///
  /// "Unknown command 'book<U+FEFF>marks'" shows why it is not `bookmarks`,
  /// where a cleaned echo dropped or hid the mark and printed the very word
  /// it refused. Controls (an escape sequence's ESC, a tab), bidirectional
  /// controls, format characters and the code points Unicode says to ignore
  /// are written so. A joiner between two emoji, a non-joiner between two
  /// letters of a script that shapes with it, an emoji's variation selector
  /// and the tags of a flag are drawn as part of what they join, and stay.
  public static func visible(_ text: String, limit: Int) -> String {
    // Cut first, as `clean` does, so a megabyte costs no more than its head.
    let scalars = Array(text.unicodeScalars.prefix(limit * 4 + 1_024))
    guard scalars.contains(where: isHidden) else { return clean(text, limit: limit) }
    var shown = String.UnicodeScalarView()
    for (index, scalar) in scalars.enumerated() {
      let before = index > 0 ? scalars[index - 1] : nil
      let after = index + 1 < scalars.count ? scalars[index + 1] : nil
      guard isHidden(scalar), !isDrawnWith(scalar, after: before, before: after) else {
        shown.append(scalar)
        continue
      }
      let digits = String(scalar.value, radix: 16, uppercase: true)
      shown.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)>".unicodeScalars)
    }
    return clean(String(shown), limit: limit)
  }

  /// A character a terminal draws as nothing, or that `clean` removes.
  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    switch properties.generalCategory {
    // Unassigned code points and noncharacters too: a terminal draws them
    // as nothing, as it does the others.
    case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned: return true
    default: return properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint
    }
  }

  /// Whether `scalar` is part of what its neighbours draw: a joiner between
  /// emoji, a variation selector after an emoji, a flag's tags.
  private static func isDrawnWith(
    _ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  )
    -> Bool
  {
    let isEmoji = { (neighbour: Unicode.Scalar?) in neighbour.map { $0.value > 0x7F && $0.properties.isEmoji } ?? false
    }
    switch scalar.value {
    case 0x200D: return isEmoji(previous) && isEmoji(next)
    // A non-joiner shapes the letters of Persian and of Indic scripts.
    case 0x200C: return isLetterBeyondASCII(previous) && isLetterBeyondASCII(next)
    case 0xFE0E, 0xFE0F: return isEmoji(previous)
    case 0xE0020...0xE007F:
      return previous.map { $0.value == 0x1F3F4 || (0xE0020...0xE007F).contains($0.value) } ?? false
    default: return false
    }
  }

  private static func isLetterBeyondASCII(_ scalar: Unicode.Scalar?) -> Bool {
    guard let scalar, scalar.value > 0x7F else { return false }
    return scalar.properties.isAlphabetic
  }
}
