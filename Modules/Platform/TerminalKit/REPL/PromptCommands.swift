import TerminalNavigation

/// The commands of one prompt: the visible screen's own, then the global
/// ones it does not shadow.
///
/// Kept as the two tables they are: a line read from a pipe looks up one
/// name, and the merged list (completion, did-you-mean) is made only when
/// asked, instead of a dozen global commands copied into a new table at
/// every prompt.
@MainActor
struct PromptCommands {
  let own: [Command]
  let globals: [Command]

  /// The command named `name` (lower case) here, if any: the screen's own
  /// first.
  ///
  /// Loops rather than `first(where:)`: a closure made here is the main
  /// actor's, and each of its calls would check the executor.
  func named(_ name: String) -> Command? {
    for index in own.indices where own[index].signature.name == name { return own[index] }
    for index in globals.indices where globals[index].signature.name == name { return globals[index] }
    return nil
  }

  /// Every command, the screen's first, then each global one whose name
  /// the screen does not take.
  var all: [Command] {
    var commands = own
    commands.reserveCapacity(own.count + globals.count)
    // A dozen names against a dozen: compared in place, without a set to
    // hash them into.
    for global in globals.indices {
      let name = globals[global].signature.name
      var isTaken = false
      for index in own.indices where own[index].signature.name == name {
        isTaken = true
        break
      }
      if !isTaken { commands.append(globals[global]) }
    }
    return commands
  }
}
