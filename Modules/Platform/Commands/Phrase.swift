/// Words joined as a sentence lists them: `a`, `a or b`, `a, b or c`.
public enum Phrase {
  /// `words` joined with commas, the last two with `conjunction` ("or", "and").
  public static func list(_ words: [String], _ conjunction: String) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}

/// Commands every screen has that a screen also names in its own text
/// (Welcome lists `quit` with its own commands): declared once, here.
public enum CommonCommands {
  /// Leaves Wayfarer.
  public static let quit = CommandSignature(name: "quit", parameters: [], flags: [], summary: "Leave Wayfarer")
}
