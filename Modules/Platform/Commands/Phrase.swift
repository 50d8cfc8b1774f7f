/// Words joined as a sentence lists them: `a`, `a or b`, `a, b or c`.
public enum Phrase {
  /// `words` joined with commas, the last two with `conjunction` ("or", "and").
  public static func list(_ words: [String], _ conjunction: String) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  /// `noun` after `a`, or `an` when it starts with a vowel: `an Explore`,
  /// `a Bookmarks`.
  ///
  /// The letter stands for the sound, which holds for the names said this
  /// way (tabs and screens), not for every word ("an hour", "a user").
  public static func indefinite(_ noun: String) -> String {
    let startsWithVowel = noun.first.map { "aeiouAEIOU".contains($0) } ?? false
    return (startsWithVowel ? "an " : "a ") + noun
  }
}

/// Commands every screen has that a screen also names in its own text
/// (Welcome lists `quit` with its own commands): declared once, here.
public enum CommonCommands {
  /// Leaves Wayfarer.
  public static let quit = CommandSignature(name: "quit", parameters: [], flags: [], summary: "Leave Wayfarer")
}
