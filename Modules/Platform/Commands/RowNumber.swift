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

  /// The numbers a filtered list shows, for a sentence: `3`, `3, 7 or 12`,
  /// `a number shown (3, 7, 12, …)`.
  public static func phrase(_ numbers: [Int]) -> String {
    switch numbers.count {
    case 0: "a number shown"
    case 1: String(numbers[0])
    case 2...5: numbers.dropLast().map(String.init).joined(separator: ", ") + " or \(numbers[numbers.count - 1])"
    default: "a number shown (" + numbers.prefix(3).map(String.init).joined(separator: ", ") + ", …)"
    }
  }
}
