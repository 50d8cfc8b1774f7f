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
  /// The screen's table, made at the prompt; nil when it is asked of the
  /// screen only as needed.
  private let table: [Command]?
  private let screen: Screen?
  let globals: [Command]

  /// The commands of `screen` and `globals`; `tabled`, the screen's table
  /// is made now (completion needs all of it, and the command then run is
  /// the one completed), otherwise a lookup asks the screen for one command.
  ///
  /// Piped, each prompt runs one command: callgrind, 5,000 of the piped
  /// bench's commands, 43.4k instructions a command when every prompt
  /// made and freed the screen's whole table.
  init(screen: Screen?, globals: [Command], tabled: Bool) {
    self.screen = screen
    self.table = tabled ? screen?.commands ?? [] : nil
    self.globals = globals
  }

  /// The screen's own commands.
  private var own: [Command] { table ?? screen?.commands ?? [] }

  /// The command named `name` (lower case) here, if any: the screen's own
  /// first.
  ///
  /// Loops rather than `first(where:)`: a closure made here is the main
  /// actor's, and each of its calls would check the executor.
  func named(_ name: String) -> Command? {
    if let table {
      for index in table.indices where table[index].signature.name == name { return table[index] }
    } else if let command = screen?.command(named: name) {
      return command
    }
    for index in globals.indices where globals[index].signature.name == name { return globals[index] }
    return nil
  }

  /// Every command, the screen's first, then each global one whose name
  /// the screen does not take.
  var all: [Command] {
    let own = own
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
