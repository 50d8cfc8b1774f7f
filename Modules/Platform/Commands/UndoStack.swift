/// What an `undo` command can take back: the latest first, again and again,
/// up to `depth` (the oldest is forgotten past it).
///
/// Bookmarks' `undo` and the assistant's `/undo` keep one each, so undoing
/// twice never skips over a removal made between.
public struct UndoStack<Element> {
  /// How many it keeps.
  public let depth: Int
  /// The oldest first.
  private var elements: [Element] = []

  public init(depth: Int) {
    self.depth = max(1, depth)
  }

  /// What the next undo takes back.
  public var latest: Element? { elements.last }
  public var count: Int { elements.count }
  public var isEmpty: Bool { elements.isEmpty }

  /// Keeps `element` as the latest; past `depth`, the oldest goes.
  public mutating func push(_ element: Element) {
    elements.append(element)
    if elements.count > depth { elements.removeFirst(elements.count - depth) }
  }

  /// Forgets the latest (it was taken back); nil when there is none.
  @discardableResult
  public mutating func popLatest() -> Element? {
    elements.popLast()
  }

  public mutating func removeAll() {
    elements.removeAll()
  }
}

extension UndoStack: Sendable where Element: Sendable {}
