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
}
