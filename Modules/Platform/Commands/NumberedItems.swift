extension RandomAccessCollection where Index == Int {
  /// The item a person calls `number` (1 for the first), or nil when there
  /// is none.
  ///
  /// Any typed number is safe here, `Int.min` included: the check
  /// comes before any arithmetic on it.
  public func item(numbered number: Int) -> Element? {
    guard number >= 1, number <= count else { return nil }
    return self[startIndex + (number - 1)]
  }
}
