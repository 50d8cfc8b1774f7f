import Commands
import TerminalNavigation
import TestSupport
import XCTest

extension XCTestCase {
  /// Runs `line` as typed on the visible screen of `stack`: its command, with
  /// the words after it as arguments.
  @MainActor
  func run(_ line: String, on stack: NavigationStack, console: ScriptedConsole) async {
    let words = line.split(separator: " ").map(String.init)
    let command = stack.visibleScreen.commands.first { $0.name == words[0] }
    XCTAssertNotNil(command, "no command \(words[0]) on \(stack.path)")
    let arguments = words.dropFirst().joined(separator: " ")
    XCTAssertNil(command?.refusal(of: ArgumentLine(arguments)), "\(line) is refused")
    await command?.run(CommandInput(argumentText: arguments, console: console))
  }
}
