import Commands
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety
import TextWidth

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
  /// example; for another tab's command, that and where it is; for a name
  /// that is nowhere, what an unknown command is told.
  func helpLines(forCommand typed: String) -> [StyledLine] {
    let name = typed.lowercased().hasPrefix("/") ? String(typed.lowercased().dropFirst()) : typed.lowercased()
    let screenCommands = window.visibleScreen?.commands ?? []
    let prefix = window.visibleScreen?.acceptsFreeText == true ? "/" : ""
    if let command = (screenCommands + globalCommands).first(where: { $0.name == name }) {
      return Self.helpLines(for: command.signature, prefix: prefix)
    }
    if let elsewhere = commandElsewhere(named: name) {
      // Typed as its own screen takes it.
      return Self.helpLines(for: elsewhere.signature, prefix: elsewhere.prefix)
        + [chrome.notice(elsewhere.sentence(prefix: prefix), in: console.context)]
    }
    let sentence =
      advice(forUnknown: name, among: screenCommands + globalCommands, prefix: prefix)
      ?? "There is no command '\(TextSanitizer.clean(typed, limit: 40))' here. Type \(prefix)help to see what you can do here."
    return [chrome.problem(sentence, in: console.context)]
  }

  private static func helpLines(for signature: CommandSignature, prefix: String) -> [StyledLine] {
    let detail = signature.detail
    var lines = [StyledLine(prefix + (detail.first ?? signature.usage), style: TextStyle(isBold: true))]
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

  /// What a command that is not here is told (`prefix` is how commands are
  /// typed on this screen: `/` in a chat): the app's advice, the tab it is a
  /// command of, the command it was probably meant to be, or that it is unknown.
  func sentence(forUnknown typed: TypedLine, among commands: [Command], prefix: String) -> String {
    adviceForMissingCommand?(typed.name) ?? advice(forUnknown: typed.name, among: commands, prefix: prefix)
      ?? "Unknown command '\(prefix)\(TextSanitizer.visible(typed.word, limit: 40))'. Type \(prefix)help to see what you can do here."
  }

  /// What an unknown `name` is told, when more than "unknown" can be said:
  /// why the screen does not offer it now, the tab it is a command of, or
  /// the command it was probably meant to be.
  func advice(forUnknown name: String, among commands: [Command], prefix: String = "") -> String? {
    if let reason = window.visibleScreen?.reasonUnavailable(name) { return reason }
    if let elsewhere = commandElsewhere(named: name) { return elsewhere.sentence(prefix: prefix) }
    let names = commands.map(\.name) + (window.tabBar?.shownTabs.map(\.name) ?? [])
    guard let nearest = NearestName.to(name, among: names) else { return nil }
    return "Unknown command '\(prefix)\(TextSanitizer.visible(name, limit: 40))'. Did you mean \(prefix)\(nearest)?"
  }

  /// Where the command `name` lives, when not on the screen shown: the
  /// nearest of the shown tabs' roots and the screens they lead to
  /// (``Screen/innerCommands``), the fewest steps away.
  func commandElsewhere(named name: String) -> CommandElsewhere? {
    guard let tabBar = window.tabBar else { return nil }
    let visible = window.visibleScreen
    var found: [CommandElsewhere] = []
    for tab in tabBar.shownTabs {
      let root = tab.stack.root
      // The tab's name leads to its root (the tab shown too), unless the person is there.
      let start = visible === root ? [] : [tab.name]
      if visible !== root, let command = root.commands.first(where: { $0.name == name }) {
        found.append(
          CommandElsewhere(
            signature: command.signature, place: Phrase.indefinite(tab.title) + " command", path: start, prefix: ""))
      }
      for inner in root.innerCommands where visible.map({ ObjectIdentifier(type(of: $0)) }) != inner.screen {
        guard let signature = inner.signatures.first(where: { $0.name == name }) else { continue }
        let place =
          switch inner.name {
          case .titled(let title): Phrase.indefinite("\(tab.title) › \(title)") + " command"
          case .described(let screen): "a command of \(screen) on \(tab.title)"
          }
        found.append(
          CommandElsewhere(signature: signature, place: place, path: start + inner.way, prefix: inner.prefix))
      }
    }
    return found.min { $0.path.count < $1.path.count }
  }
}

/// A command of another screen, and the way there.
struct CommandElsewhere {
  let signature: CommandSignature
  /// How its screen is named: `a Profile › Settings command`.
  let place: String
  /// What is typed to reach its screen: the tab's name, then what opens it.
  let path: [String]
  /// How the command is typed on its screen: `/` in a chat.
  let prefix: String

  /// `toggle is a Profile › Settings command: type profile, then settings, then toggle.`;
  /// `prefix` goes before the first step, typed where the person is.
  func sentence(prefix typedHere: String) -> String {
    let steps = path.enumerated().map { $0.offset == 0 ? typedHere + $0.element : $0.element }
    return "\(signature.name) is \(place): type " + (steps + [prefix + signature.name]).joined(separator: ", then ")
      + "."
  }
}
