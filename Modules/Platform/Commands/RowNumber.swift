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

  /// The numbers a filtered list shows, short enough for a sentence of a
  /// transcript: `none`, `3`, `3 and 7`, `3, 7, …`.
  public static func phrase(_ numbers: [Int]) -> String {
    switch numbers.count {
    case 0: "none"
    case 1: String(numbers[0])
    case 2: "\(numbers[0]) and \(numbers[1])"
    default: "\(numbers[0]), \(numbers[1]), …"
    }
  }
}
