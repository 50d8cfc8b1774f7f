import Foundation

/// Text as a search compares it: any case, any accents (`São` finds `sao`).
public enum SearchFolding {
  /// `text` folded for comparing: plain ASCII lowered in place, anything
  /// else through Foundation's folding (which is slow, and most text is ASCII).
  public static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
