/// fzf's scoring (its "v2" algorithm, src/algo/algo.go).
///
/// Each letter matched is worth 16; a gap costs 3 to open and 1 per letter; a letter
/// at the start of a word earns a bonus (more after a space than after
/// `/` or `-`, a little less at a camelCase hump or a digit), doubled for
/// the query's first letter; letters matched in a row keep the bonus of
/// their run's start. The best alignment is found by dynamic programming,
/// so `csj` in "Castelo de São Jorge" takes C, S and J, not the `s` of
/// "Castelo".
enum FuzzyScore {
  static let match = 16
  static let gapStart = -3
  static let gapExtension = -1
  static let boundary = match / 2
  static let boundaryWhite = boundary + 2
  static let boundaryDelimiter = boundary + 1
  static let nonWord = boundary
  static let camel = boundary + gapExtension
  static let consecutive = -(gapStart + gapExtension)
  static let firstCharacterMultiplier = 2

  /// What a character is, for the bonus of a match at the next one.
  ///
  /// Not Comparable: its `<` would be an operator in TextSafety's
  /// dependency graph, which every importer's file using `<` depends on.
  enum CharacterClass: Int {
    case white, nonWord, delimiter, lower, upper, letter, number

    init(_ unit: UInt32) {
      // Most text is ASCII: classed without Unicode's property tables,
      // which were a fifth of preparing 10,000 rows.
      if unit < 0x80 {
        self = Self.ascii(UInt8(truncatingIfNeeded: unit))
      } else if let scalar = Unicode.Scalar(unit) {
        self = Self(properties: scalar)
      } else {
        self = .nonWord
      }
    }

    /// The class from Unicode's properties of the character.
    init(properties scalar: Unicode.Scalar) {
      let properties = scalar.properties
      if properties.isWhitespace {
        self = .white
      } else if "/,:;|-_.".unicodeScalars.contains(scalar) {
        self = .delimiter
      } else if properties.isLowercase {
        self = .lower
      } else if properties.isUppercase {
        self = .upper
      } else if properties.isAlphabetic {
        self = .letter
      } else if properties.numericType != nil {
        self = .number
      } else {
        self = .nonWord
      }
    }

    /// The class Unicode's properties give an ASCII character.
    private static func ascii(_ byte: UInt8) -> Self {
      switch byte {
      case 0x09...0x0D, 0x20: .white
      case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"),
        UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
        .delimiter
      case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
      case UInt8(ascii: "0")...UInt8(ascii: "9"): .number
      default: .nonWord
      }
    }

    /// Lower, upper, letter or number: the cases from `lower` on.
    var isWord: Bool { rawValue >= Self.lower.rawValue }
  }

  /// The bonus of a match at a `current` character that follows `previous`.
  static func bonus(after previous: CharacterClass, at current: CharacterClass) -> Int {
    if current.isWord {
      switch previous {
      case .white: return boundaryWhite
      case .delimiter: return boundaryDelimiter
      case .nonWord: return boundary
      default: break
      }
    }
    if (previous == .lower && current == .upper) || (previous != .number && current == .number) { return camel }
    switch current {
    case .white: return boundaryWhite
    case .nonWord, .delimiter: return nonWord
    default: return 0
    }
  }

  /// The best alignment of `term` in `text`: its score and the indices of
  /// the units matched; nil when the letters are not all there in order.
  static func align(_ term: [UInt32], in text: [UInt32], _ bonuses: [Int16]) -> (score: Int, positions: [Int])? {
    let m = term.count
    let n = text.count
    guard m > 0, m <= n, let start = firstAlignment(term, in: text) else { return nil }
    // A huge row or query (a megabyte typed into filter) is aligned
    // greedily: the table below would take m × n cells.
    guard m * (n - start) <= largestTable else { return greedy(term, in: text, bonuses, from: start) }
    let none = Int.min / 4
    // score[j * n + i]: the best with term[j] matched at text[i]; chunk:
    // the bonus of the run it ends; previous: where term[j - 1] was.
    var score = [Int](repeating: none, count: m * n)
    var chunk = [Int](repeating: 0, count: m * n)
    var previous = [Int32](repeating: -1, count: m * n)
    for j in 0..<m {
      var gap = none
      var gapFrom = -1
      for i in max(start, j)..<n {
        if j > 0, i >= 2, score[(j - 1) * n + i - 2] + gapStart > gap + gapExtension {
          (gap, gapFrom) = (score[(j - 1) * n + i - 2] + gapStart, i - 2)
        } else {
          gap += gapExtension
        }
        guard text[i] == term[j] else { continue }
        let bonus = Int(bonuses[i])
        let cell = j * n + i
        guard j > 0 else {
          (score[cell], chunk[cell]) = (match + bonus * firstCharacterMultiplier, bonus)
          continue
        }
        let left = score[cell - n - 1]
        var runStart = chunk[cell - n - 1]
        if bonus >= boundary && bonus > runStart { runStart = bonus }
        let inRun = left > none ? left + match + max(bonus, runStart, consecutive) : none
        let afterGap = gap > none / 2 ? gap + match + bonus : none
        if inRun >= afterGap, inRun > none {
          (score[cell], chunk[cell], previous[cell]) = (inRun, runStart, Int32(i - 1))
        } else if afterGap > none {
          (score[cell], chunk[cell], previous[cell]) = (afterGap, bonus, Int32(gapFrom))
        }
      }
    }
    return backtrack(score: score, previous: previous, rows: m, columns: n)
  }

  /// The most cells the alignment's table may have.
  static let largestTable = 1 << 16

  /// The leftmost match of each letter in turn, scored as the table would.
  private static func greedy(_ term: [UInt32], in text: [UInt32], _ bonuses: [Int16], from start: Int) -> (
    score: Int, positions: [Int]
  )? {
    var positions: [Int] = []
    positions.reserveCapacity(term.count)
    var i = start
    for unit in term {
      while i < text.count, text[i] != unit { i += 1 }
      guard i < text.count else { return nil }
      positions.append(i)
      i += 1
    }
    var score = 0
    for (j, position) in positions.enumerated() {
      let bonus = Int(bonuses[position])
      if j == 0 {
        score += match + bonus * firstCharacterMultiplier
      } else if positions[j - 1] == position - 1 {
        score += match + max(bonus, consecutive)
      } else {
        score += match + bonus + gapStart + gapExtension * (position - positions[j - 1] - 2)
      }
    }
    return (score, positions)
  }

  /// The best last match and the path that led to it.
  private static func backtrack(score: [Int], previous: [Int32], rows m: Int, columns n: Int) -> (
    score: Int, positions: [Int]
  )? {
    var end = -1
    var best = Int.min / 4
    for i in 0..<n where score[(m - 1) * n + i] > best {
      (best, end) = (score[(m - 1) * n + i], i)
    }
    guard end >= 0 else { return nil }
    var positions = [Int](repeating: 0, count: m)
    var i = end
    for j in stride(from: m - 1, through: 0, by: -1) {
      positions[j] = i
      if j > 0 { i = Int(previous[j * n + i]) }
      guard i >= 0 else { return nil }
    }
    return (best, positions)
  }

  /// Where the greedy, leftmost match of `term` starts; nil when there is
  /// none (most rows, quickly).
  private static func firstAlignment(_ term: [UInt32], in text: [UInt32]) -> Int? {
    var j = 0
    var start: Int?
    for (i, unit) in text.enumerated() where unit == term[j] {
      if j == 0 { start = i }
      j += 1
      if j == term.count { return start }
    }
    return nil
  }
}
