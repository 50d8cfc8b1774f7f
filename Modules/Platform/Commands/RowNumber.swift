/// Rows as people number them: 1 for the first.
///
/// A function of its own rather than a method on `RandomAccessCollection`:
/// an extension of a standard type would tie every file that uses a
/// collection to this module's rebuilds.
public enum RowNumber {
  /// The item of `items` a person calls `number`, or nil when there is none.
  ///
  /// Any typed number is safe here, `Int.min` included: the check comes
  /// before any arithmetic on it.
  public static func item<Items: RandomAccessCollection>(_ number: Int, of items: Items) -> Items.Element?
  where Items.Index == Int {
    guard number >= 1, number <= items.count else { return nil }
    return items[items.startIndex + (number - 1)]
  }

  /// What `open N` or `remove N` is told when a filter hides a row: one
  /// sentence for every filtered list, so Home, Explore and Bookmarks say
  /// it alike.
  ///
  /// - Parameters:
  ///   - noun: What a row is, capitalised to start the sentence (`Place`).
  ///   - number: The number typed; nil when it is no number a row can have.
  ///   - shown: The numbers the filter shows, in any order.
  /// - Returns: `Bookmark 7 is not shown; the rows shown are 1, 3 and 12.`
  public static func notShown(_ noun: String, number: Int?, shown: [Int]) -> String {
    let shownClause =
      if let only = shown.first, shown.count == 1 {
        "the only row shown is \(only)"
      } else {
        shown.isEmpty ? "no row is shown" : "the rows shown are \(list(shown))"
      }
    return "\(noun) \(number.map(String.init) ?? "like that") is not shown; \(shownClause)."
  }

  /// `1, 3 and 12`, in order; three or more in a row as a range (`4–9`);
  /// past six such parts, the first five and how many more rows
  /// (`1, 3, 5, 7, 9 and 40 more`), so a sentence stays a sentence.
  public static func list(_ numbers: [Int]) -> String {
    var runs: [ClosedRange<Int>] = []
    for number in Set(numbers).sorted() {
      if let last = runs.last, last.upperBound < Int.max, last.upperBound + 1 == number {
        runs[runs.count - 1] = last.lowerBound...number
      } else {
        runs.append(number...number)
      }
    }
    // A run of two reads better as two numbers than as a range.
    let parts = runs.flatMap { run in
      run.count < 3
        ? run.map { (text: String($0), rows: 1) } : [(text: "\(run.lowerBound)–\(run.upperBound)", rows: run.count)]
    }
    let most = 6
    guard parts.count > most else { return Phrase.list(parts.map(\.text), "and") }
    let kept = parts.prefix(most - 1)
    let more = parts.dropFirst(most - 1).reduce(0) { $0 + $1.rows }
    return kept.map(\.text).joined(separator: ", ") + " and \(more) more"
  }
}
