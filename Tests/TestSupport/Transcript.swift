import Foundation

extension String {
  /// A transcript with each feedback sentence on one line again.
  ///
  /// A sentence longer than the transcript's 72 columns goes on under its
  /// text (`! The database /tmp/…` then `  cannot be used`), and where it
  /// breaks depends on the temporary folder's length: this joins each
  /// continuation (a line break and the two or three spaces under a marker)
  /// back with one space, for checks of what a sentence says.
  public var sentencesJoined: String {
    var lines: [Substring] = []
    var inSentence = false
    for line in split(separator: "\n", omittingEmptySubsequences: false) {
      let marker = line.prefix { $0 != " " }
      let continues = inSentence && line.hasPrefix("  ") && !line.hasPrefix("    ") && line.count > 2
      if continues, let last = lines.popLast() {
        lines.append(last + " " + line.drop { $0 == " " })
        continue
      }
      lines.append(line)
      inSentence = ["ok", "x", "!", "-", "✓", "✗", "⚠", "•"].contains(marker) && line.count > marker.count + 1
    }
    return lines.joined(separator: "\n")
  }
}
