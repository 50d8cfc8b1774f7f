/// The command specs last made from a key, made again only when the key
/// changes.
///
/// A screen makes its command table at every prompt, and its sentences (a
/// range's numbers, a list of names) are the same while what they say is.
/// Specs hold no screen (their actions only make values), so keeping them
/// keeps nothing alive: the table (or the one command) made from them,
/// which does hold the screen, is still made at each prompt and let go.
///
/// Inlinable: called once or twice a prompt, unspecialized it looked up
/// the metadata of its key, its tuple and `[CommandSpec<Action>]` at each
/// call (2.8k instructions a call, callgrind).
@MainActor
public final class SpecMemo<Key: Equatable, Action> {
  @usableFromInline var last: (key: Key, specs: [CommandSpec<Action>])?

  public init() {}

  /// `make(key)`, or what it gave last time for an equal key.
  @inlinable
  public func specs(for key: Key, _ make: (Key) -> [CommandSpec<Action>]) -> [CommandSpec<Action>] {
    if let last, last.key == key { return last.specs }
    let specs = make(key)
    last = (key, specs)
    return specs
  }
}
