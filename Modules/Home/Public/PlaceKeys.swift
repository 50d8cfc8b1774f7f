/// What a place id may be; links, records and Geoapify's answers are
/// checked with it.
///
/// Geoapify's (hexadecimal), the catalog's (`offline-0001`) and the one Home
/// makes of a position when Geoapify sends none (`48.13,11.57`) all pass;
/// nothing that could break a path or a line, and never punctuation alone
/// (`..`).
public enum PlaceIdentifier {
  /// What an id that fails is not, as a clause.
  public static let rule = "is not a place id (letters, digits, '-', '_', '.', ':', ',')"
  /// The longest, in bytes.
  public static let longest = 512

  public static func isValid(_ id: String) -> Bool {
    (1...longest).contains(id.utf8.count) && id.utf8.contains(where: isAlphanumeric)
      && id.utf8.allSatisfy { byte in isAlphanumeric(byte) || "-_.:,".utf8.contains(byte) }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}

/// What a category key may be: lower-case letters, digits, `_` and `.`, as
/// Geoapify's keys are (`catering.cafe`).
public enum PlaceCategoryKey {
  /// The longest, in bytes.
  public static let longest = 200

  public static func isValid(_ key: String) -> Bool {
    (1...longest).contains(key.utf8.count)
      && key.unicodeScalars.allSatisfy { "a"..."z" ~= $0 || "0"..."9" ~= $0 || $0 == "_" || $0 == "." }
  }
}
