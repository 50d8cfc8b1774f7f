import Foundation

/// Text made pure ASCII for a terminal that shows nothing else (TERM=dumb):
/// punctuation and symbols become their usual ASCII spelling (`…` → `...`,
/// `·` → `-`, `—` → `--`), letters lose their accents (`São` → `Sao`), and
/// anything else becomes `?`, so every byte sent is below 0x80.
public enum ASCIIFolding {
  public static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    var folded = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        folded.append(scalar)
      } else if let spelled = spellings[scalar] {
        folded.append(contentsOf: spelled.unicodeScalars)
      } else if let base = baseLetters(of: scalar) {
        folded.append(contentsOf: base.unicodeScalars)
      } else if isMark(scalar) {
        continue
      } else if (0x2800...0x28FF).contains(scalar.value) {
        folded.append(scalar.value == 0x2800 ? " " : ".")  // braille dots
      } else {
        folded.append("?")
      }
    }
    return String(folded)
  }

  /// A letter with marks as its ASCII letters (`ã` → `a`), when it has them.
  private static func baseLetters(of scalar: Unicode.Scalar) -> String? {
    let base = String(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII))
    return base.isEmpty ? nil : base
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .format: true
    default: false
    }
  }

  private static let spellings: [Unicode.Scalar: String] = [
    "…": "...", "·": "-", "•": "*", "—": "--", "–": "-", "‒": "-", "―": "--", "›": ">", "‹": "<", "»": ">>",
    "«": "<<", "’": "'", "‘": "'", "‚": ",", "“": "\"", "”": "\"", "„": "\"", "\u{00A0}": " ", "\u{2009}": " ",
    "\u{202F}": " ", "✓": "ok", "✗": "x", "✛": "+", "─": "-", "━": "-", "│": "|", "┃": "|", "┌": "+", "┐": "+",
    "└": "+", "┘": "+", "├": "|", "┤": "|", "┬": "+", "┴": "+", "┼": "+", "░": "-", "▒": "-", "█": "#",
    "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d",
    "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i", "°": " deg", "×": "x", "€": "EUR", "£": "GBP",
    "©": "(c)", "®": "(R)", "™": "(TM)", "←": "<-", "→": "->", "↑": "^", "↓": "v", "◆": "*",
  ]
}
