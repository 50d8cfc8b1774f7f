/// The command specs last made from a key, made again only when the key
/// changes.
///
/// A screen makes its command table at every prompt, and its sentences (a
/// range's numbers, a list of names) are the same while what they say is.
/// Specs hold no screen (their actions only make values), so keeping them
/// keeps nothing alive: the table made from them, which does hold the
/// screen, is still made at each prompt and let go.
@MainActor
public final class SpecMemo<Key: Equatable, Action> {
  private var last: (key: Key, specs: [CommandSpec<Action>])?

  public init() {}

  /// `make(key)`, or what it gave last time for an equal key.
  public func specs(for key: Key, _ make: (Key) -> [CommandSpec<Action>]) -> [CommandSpec<Action>] {
    if let last, last.key == key { return last.specs }
    let specs = make(key)
    last = (key, specs)
    return specs
  }
}
