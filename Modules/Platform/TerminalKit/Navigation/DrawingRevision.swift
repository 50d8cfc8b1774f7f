/// One state of what a screen draws, for a ``Screen/drawingKey``: a view
/// model holds one and makes a new one whenever something drawn changes.
///
/// Numbered from one counter for the whole process, so a revision of a
/// released view model is never taken for one of a new view model made in
/// its place.
public struct DrawingRevision: Hashable, Sendable {
  private let number: UInt64

  @MainActor private static var last: UInt64 = 0

  /// A revision never handed out before.
  @MainActor
  public static func next() -> DrawingRevision {
    last &+= 1
    return DrawingRevision(number: last)
  }
}

/// Whether two drawing keys (``Screen/drawingKey``,
/// ``WindowChrome/headerKey(for:in:)``) are equal: of one type, and equal
/// as that type says.
///
/// Both keys are opened and their types compared, rather than the second
/// cast with `as? Key`: the cast looked up `Key?`'s metadata and went
/// through the runtime's dynamic cast at each of a draw's two calls
/// (callgrind, 5,000 piped commands: 1.15k instructions a call).
public func drawingKeysMatch(_ first: any Equatable, _ second: any Equatable) -> Bool {
  matches(first, second)
}

private func matches<Key: Equatable>(_ first: Key, _ second: any Equatable) -> Bool {
  same(first, second)
}

private func same<Key: Equatable, Other: Equatable>(_ first: Key, _ second: Other) -> Bool {
  // Of one type, so the bits of `second` are a `Key`.
  guard Key.self == Other.self else { return false }
  return first == unsafeBitCast(second, to: Key.self)
}
