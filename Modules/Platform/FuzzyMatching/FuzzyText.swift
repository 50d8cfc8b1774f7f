import Foundation

/// A text prepared once for fuzzy matching (a row's name, its city): its
/// characters with accents folded (`ã` → `a`), in their case and lowered,
/// each with where it stands in the text and what a match there is worth.
///
/// Made when the rows are loaded, not per filter: 10,000 rows are
/// filtered per keystroke of a command without folding any of them again.
public struct FuzzyText: Sendable, Equatable {
  /// The folded characters, case kept (for a query with an uppercase letter).
  let units: [UInt32]
  /// The folded characters, lowered (for an all-lowercase query).
  let lowered: [UInt32]
  /// For each unit, the offset of the character it came from.
  let offsets: [Int32]
  /// For each unit, the bonus a match there earns: the start of a word
  /// is worth more than its middle (see ``FuzzyScore``).
  let bonuses: [Int16]

  public init(_ text: String) {
    let (units, offsets) = Self.ascii(text) ?? Self.folded(text)
    self.units = units
    self.offsets = offsets
    lowered = units.map(Self.lowered)
    var previous = FuzzyScore.CharacterClass.white
    bonuses = units.map { unit in
      let current = FuzzyScore.CharacterClass(unit)
      defer { previous = current }
      return Int16(FuzzyScore.bonus(after: previous, at: current))
    }
  }

  /// The units and offsets of a text of ASCII alone, read from its bytes,
  /// or nil for any other text.
  ///
  /// Most names are ASCII, where each byte is a character. Walking the
  /// characters (grapheme breaks) cost about 6,200 instructions a text,
  /// this 2,500: the first filter of 10,000 bookmarks makes 30,000 texts.
  /// A carriage return is left to ``folded(_:)``: CR LF is one character.
  static func ascii(_ text: String) -> (units: [UInt32], offsets: [Int32])? {
    var text = text
    return text.withUTF8 { bytes in
      guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
      return (bytes.map(UInt32.init), Array(0..<Int32(truncatingIfNeeded: bytes.count)))
    }
  }

  /// The units and offsets of any text, character by character.
  static func folded(_ text: String) -> (units: [UInt32], offsets: [Int32]) {
    var units: [UInt32] = []
    var offsets: [Int32] = []
    units.reserveCapacity(text.utf8.count)
    offsets.reserveCapacity(text.utf8.count)
    for (offset, character) in text.enumerated() {
      // ASCII without the array `folded` makes: most text is ASCII.
      if let ascii = character.asciiValue {
        units.append(UInt32(ascii))
        offsets.append(Int32(truncatingIfNeeded: offset))
        continue
      }
      for scalar in Self.folded(character) {
        units.append(scalar.value)
        offsets.append(Int32(truncatingIfNeeded: offset))
      }
    }
    return (units, offsets)
  }

  /// The character without its accents; ASCII as it is (most text is).
  static func folded(_ character: Character) -> [Unicode.Scalar] {
    if let ascii = character.asciiValue { return [Unicode.Scalar(ascii)] }
    let folded = String(character).folding(options: .diacriticInsensitive, locale: nil)
    return Array(folded.unicodeScalars)
  }

  static func lowered(_ unit: UInt32) -> UInt32 {
    if unit < 0x80 { return (0x41...0x5A).contains(unit) ? unit + 0x20 : unit }
    guard let scalar = Unicode.Scalar(unit), scalar.properties.changesWhenLowercased else { return unit }
    return scalar.properties.lowercaseMapping.unicodeScalars.first?.value ?? unit
  }
}

/// What a filter typed asks for, as fzf reads it: words that must all
/// match, each letter in order anywhere in a row; accents folded; any case
/// unless the query has an uppercase letter (smart case).
public struct FuzzyQuery: Sendable, Equatable {
  /// The query as typed, trimmed.
  public let text: String
  /// Each word's folded characters.
  let terms: [[UInt32]]
  /// Whether case must match: the query has an uppercase letter.
  let isCaseSensitive: Bool

  /// Nil when `text` holds nothing but spaces.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return nil }
    self.text = trimmed
    let folded = trimmed.split(whereSeparator: \.isWhitespace).map { word in
      word.flatMap(FuzzyText.folded).map(\.value)
    }
    isCaseSensitive = folded.joined().contains { FuzzyText.lowered($0) != $0 }
    terms = folded
  }
}

/// How well a row matched: higher is better; `positions` are, for each
/// text matched on (in the order given: the name, then its city or
/// description…), the offsets of its characters matched, to highlight.
public struct FuzzyMatch: Sendable, Equatable {
  public let score: Int
  public let positions: [Set<Int>]
}

extension FuzzyQuery {
  /// Whether every word of the query matches one of `texts`, and how well;
  /// each word takes the text where it scores best (the first on a tie).
  ///
  /// The sets of matched letters are made once every word matched: most
  /// rows fail on a later word ("pl 9" over 10,000 places made 6,600 sets
  /// for rows then turned down).
  public func match(_ texts: [FuzzyText]) -> FuzzyMatch? {
    var score = 0
    // Made on the first word that matches: most rows fail on the first word.
    var found: [(field: Int, positions: [Int])] = []
    for term in terms {
      var best: (score: Int, field: Int, positions: [Int])?
      for (field, text) in texts.enumerated() {
        guard let found = FuzzyScore.align(term, in: isCaseSensitive ? text.units : text.lowered, text.bonuses)
        else { continue }
        if best.map({ found.score > $0.score }) ?? true { best = (found.score, field, found.positions) }
      }
      guard let best else { return nil }
      score += best.score
      if found.isEmpty { found.reserveCapacity(terms.count) }
      found.append((best.field, best.positions))
    }
    var positions = Array(repeating: Set<Int>(), count: texts.count)
    for (field, matched) in found {
      let offsets = texts[field].offsets
      // Sized at once: grown letter by letter, the sets were resized and rehashed.
      positions[field].reserveCapacity(positions[field].count + matched.count)
      positions[field].formUnion(matched.lazy.filter(offsets.indices.contains).map { Int(offsets[$0]) })
    }
    return FuzzyMatch(score: score, positions: positions)
  }
}

/// A row as a filtered view lists it.
///
/// Where it stands in the whole list (its number, so `open N` acts on the
/// number shown), and the letters of each of its texts a query matched.
/// An index, not a copy: 10,000 rows are listed per filter without copying
/// one.
public struct ListedIndex: Sendable, Equatable {
  public let index: Int
  /// For each text the row was matched on, in the order given (its name
  /// first), the offsets of the characters matched; empty unfiltered.
  public let matches: [Set<Int>]

  public init(index: Int, matches: [Set<Int>] = []) {
    self.index = index
    self.matches = matches
  }

  /// The number the row is shown with.
  public var number: Int { index + 1 }

  /// The offsets matched in the row's name.
  public var highlights: Set<Int> { highlights(inText: 0) }

  /// The offsets matched in the text at `field` of those matched on;
  /// none for a text the row was not matched on.
  public func highlights(inText field: Int) -> Set<Int> {
    matches.indices.contains(field) ? matches[field] : []
  }
}

/// A listed row with the row itself, for lists short enough to copy.
public struct ListedRow<Row> {
  public let number: Int
  public let row: Row
  /// As ``ListedIndex/matches``: per text matched on, the offsets matched.
  public let matches: [Set<Int>]

  public init(number: Int, row: Row, matches: [Set<Int>] = []) {
    self.number = number
    self.row = row
    self.matches = matches
  }

  public init(_ listed: ListedIndex, in rows: [Row]) {
    self.init(number: listed.number, row: rows[listed.index], matches: listed.matches)
  }

  /// The offsets matched in the row's name.
  public var highlights: Set<Int> { highlights(inText: 0) }

  /// The offsets matched in the text at `field` of those matched on.
  public func highlights(inText field: Int) -> Set<Int> {
    matches.indices.contains(field) ? matches[field] : []
  }
}

extension ListedRow: Sendable where Row: Sendable {}
extension ListedRow: Equatable where Row: Equatable {}

extension FuzzyQuery {
  /// The rows at `indices` that pass `keeping` and match the query.
  ///
  /// Every one of them for a nil query, in order; a query ranks them best
  /// first, equals in their order. Pass the indices of a page added to a
  /// list to rank that page on its own.
  public static func listed(
    _ indices: Range<Int>, query: FuzzyQuery?, keeping: (Int) -> Bool = { _ in true },
    texts: (Int) -> [FuzzyText]
  ) -> [ListedIndex] {
    guard let query else {
      return indices.compactMap { keeping($0) ? ListedIndex(index: $0) : nil }
    }
    var found: [(index: Int, match: FuzzyMatch)] = []
    for index in indices where keeping(index) {
      if let match = query.match(texts(index)) { found.append((index, match)) }
    }
    found.sort { ($0.match.score, -$0.index) > ($1.match.score, -$1.index) }
    return found.map { ListedIndex(index: $0.index, matches: $0.match.positions) }
  }
}
