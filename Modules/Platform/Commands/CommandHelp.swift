/// What `help COMMAND` says of one command, and the name a mistyped one was
/// probably meant to be: both read from the command tables.
extension CommandSignature {
  /// How it is typed, what it does, what each argument and flag takes, and
  /// an example when its first argument has values to show.
  public var detail: [String] {
    var lines = [usage, summary + "."]
    for parameter in parameters {
      let name = parameter.placeholder.isEmpty ? parameter.usage : parameter.placeholder
      let meaning = parameter.meaning.isEmpty ? "" : ": " + parameter.meaning
      lines.append("  \(name)\(meaning)\(parameter.isOptional ? " (may be left out)" : "").")
    }
    for flag in flags { lines.append("  \(flag.name): \(flag.summary).") }
    if let example {
      lines.append("Example: \(example)")
    }
    return lines
  }

  /// `sort stars`, `open 1`: the name and the first value its first
  /// argument offers, when it offers one.
  var example: String? {
    guard let parameter = parameters.first else { return nil }
    switch parameter.kind {
    case .number(let range?): return "\(name) \(range.lowerBound)"
    case .choice(let words): return words.first.map { "\(name) \($0)" }
    case .number(nil), .word, .text: return nil
    }
  }
}

/// The known name closest to a mistyped one.
public enum NearestName {
  /// The one of `names` within one edit of `typed` (two for six letters or more).
  ///
  /// An edit is a letter left out, added, changed, or two swapped. Nil
  /// when none is that close, or when two are equally close.
  public static func to(_ typed: String, among names: [String]) -> String? {
    let typed = Array(typed.lowercased())
    guard typed.count >= 2 else { return nil }
    let allowed = typed.count >= 6 ? 2 : 1
    var best: (name: String, distance: Int)?
    var tied = false
    for name in names where name.count >= 2 {
      let distance = editDistance(typed, Array(name), limit: allowed)
      guard distance <= allowed, distance > 0 else { continue }
      if let current = best, current.distance == distance, current.name != name {
        tied = true
      } else if best.map({ distance < $0.distance }) ?? true {
        best = (name, distance)
        tied = false
      }
    }
    return tied ? nil : best?.name
  }

  /// The names of `names` that begin with `typed` (`m2` for `m2-large`),
  /// as a sentence lists them (`m2-large or m2-small`), else the one
  /// ``to(_:among:)`` finds.
  ///
  /// For names that grow by suffixes (models: `gemini-2.5` and
  /// `gemini-2.5-flash`) a prefix says more than a near spelling: `m2` is
  /// one edit from `m1` but the start of `m2-large`. Nil when more than
  /// ``mostExtensionsListed`` begin with it: a near spelling elsewhere
  /// would then be a worse guess, and the whole list is a better answer.
  public static func extending(_ typed: String, among names: [String]) -> String? {
    let lowered = typed.lowercased()
    guard lowered.count >= 2 else { return nil }
    var extensions: [String] = []
    for name in names where name.count > lowered.count && name.lowercased().hasPrefix(lowered) {
      if !extensions.contains(name) { extensions.append(name) }
    }
    if extensions.count > mostExtensionsListed { return nil }
    return extensions.isEmpty ? to(typed, among: names) : Phrase.list(extensions, "or")
  }

  /// The most names ``extending(_:among:)`` lists.
  public static let mostExtensionsListed = 4

  /// Damerau–Levenshtein distance (optimal string alignment), stopping
  /// early past `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    var before = [Int](0...b.count)
    var previous = before
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      before = previous
      previous = current
    }
    return a.isEmpty ? b.count : b.isEmpty ? a.count : previous[b.count]
  }
}
