import Commands
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety

/// `help`, `help COMMAND`, and what an unknown command is told: all read
/// from the command tables of the screen shown, the tabs and the REPL.
extension REPL {
  /// Every command here, the screen's first, then the global ones; a
  /// summary that wraps on a terminal continues under its own column.
  func helpLines() -> [StyledLine] {
    let screenCommands = window.visibleScreen?.commands ?? []
    let taken = Set(screenCommands.map(\.name))
    // `open URL` works beside a screen's own `open N`, so it is listed too.
    let global = globalCommands.filter { !taken.contains($0.name) || $0.name == Self.linkCommand }
    let width = (screenCommands + global).map { DisplayWidth.of($0.usage) }.max() ?? 0
    let prefix = window.visibleScreen?.acceptsFreeText == true ? "/" : ""
    func rows(_ commands: [Command]) -> [StyledLine] {
      commands.map { command in
        var line = StyledLine("  ")
          .appending(
            StyledSpan(
              DisplayWidth.pad(prefix + command.usage, to: width + prefix.count), style: TextStyle(isBold: true))
          )
          .appending(StyledSpan("  " + command.summary))
        line.continuationIndent = 2 + prefix.count + width + 2
        return line
      }
    }
    var lines: [StyledLine] = []
    if !screenCommands.isEmpty, let title = window.visibleScreen?.title {
      lines.append(StyledLine("On \(title):"))
      lines += rows(screenCommands)
    }
    lines.append(StyledLine("Anywhere:"))
    lines += rows(global)
    return lines
  }

  /// `help NAME`: how the command is typed, what its arguments take, an
  /// example; for a name that is not here, what an unknown command is told.
  func helpLines(forCommand typed: String) -> [StyledLine] {
    let name = typed.lowercased().hasPrefix("/") ? String(typed.lowercased().dropFirst()) : typed.lowercased()
    let screenCommands = window.visibleScreen?.commands ?? []
    guard let command = (screenCommands + globalCommands).first(where: { $0.name == name }) else {
      let advice = advice(forUnknown: name, among: screenCommands + globalCommands)
      return [
        chrome.problem(
          advice
            ?? "There is no command '\(TextSanitizer.clean(typed, limit: 40))' here. Type help to see what you can do here.",
          in: console.context)
      ]
    }
    let prefix = window.visibleScreen?.acceptsFreeText == true ? "/" : ""
    let detail = command.signature.detail
    var lines = [StyledLine(prefix + (detail.first ?? command.usage), style: TextStyle(isBold: true))]
    lines += detail.dropFirst().map {
      StyledLine($0.hasPrefix("Example: ") ? "Example: " + prefix + $0.dropFirst(9) : $0)
    }
    // Prose: a transcript keeps it to its 72 columns too (an argument's
    // line ran to 104).
    return lines.map { line in
      var sentence = line
      sentence.isSentence = true
      return sentence
    }
  }

  /// What an unknown `name` is told, when more than "unknown" can be said:
  /// the tab it is a command of, or the command it was probably meant to be.
  func advice(forUnknown name: String, among commands: [Command]) -> String? {
    if let tabBar = window.tabBar {
      let selected = tabBar.selectedTab.name
      for tab in tabBar.shownTabs where tab.name != selected {
        if tab.stack.root.commands.contains(where: { $0.name == name }) {
          return "\(TextSanitizer.clean(name, limit: 40)) is a \(tab.title) command: type \(tab.name), then \(name)."
        }
      }
    }
    let names = commands.map(\.name) + (window.tabBar?.shownTabs.map(\.name) ?? [])
    guard let nearest = NearestName.to(name, among: names) else { return nil }
    return "Unknown command '\(TextSanitizer.clean(name, limit: 40))'. Did you mean \(nearest)?"
  }
}
