extension DisplayWidth {
  /// `parts` joined by `separator` (` · `, `, `) into lines of at most
  /// `columns`, broken only between parts, each line but the last ending
  /// in the separator's mark (`·`, `,`).
  ///
  /// A part wider than a line is wrapped on its own, its first word kept
  /// with the second (a map's `4 Mercado…`, never a lone `4`). The map's
  /// legend and the assistant's header and conversation rows break alike.
  public static func wrap(_ parts: [String], separator: String, to columns: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    // What ends a part (`,` or ` ·`); the space after it is where a line may break.
    var ending = separator
    while ending.last == " " { ending.removeLast() }
    for (index, part) in parts.enumerated() {
      let piece = part + (index < parts.count - 1 ? ending : "")
      let joined = current.isEmpty ? piece : current + " " + piece
      if of(joined) <= columns {
        current = joined
        continue
      }
      if !current.isEmpty { lines.append(current) }
      guard of(piece) > columns else {
        current = piece
        continue
      }
      // Glue the first word to the second with a no-break space while wrapping.
      let glued = replacingFirstSpace(of: piece, with: "\u{00A0}")
      let wrapped = wrap(glued, to: columns).map { replacingAll("\u{00A0}", in: $0, with: " ") }
      lines += wrapped.dropLast()
      current = wrapped.last ?? ""
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  // Members of DisplayWidth, not an extension of String: an extension puts
  // String in TextSafety's dependency graph, and then any edit here
  // recompiles every file of every importer that uses a String.
  private static func replacingFirstSpace(of text: String, with replacement: Character) -> String {
    guard let space = text.firstIndex(of: " ") else { return text }
    var replaced = text
    replaced.replaceSubrange(space...space, with: String(replacement))
    return replaced
  }

  private static func replacingAll(_ character: Character, in text: String, with replacement: String) -> String {
    text.split(separator: character, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
