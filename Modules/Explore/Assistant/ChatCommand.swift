import Commands

/// What can be typed after a `/` in the assistant's chat, as the command
/// table parses it.
enum ChatCommand: Sendable, Equatable {
  case new
  case list
  case open(Int?)
  case clear
  case system(String)
  case backend(String, save: Bool)
  /// No name: list the server's models.
  case model(String?, save: Bool)
  case copy
  case ask(String)
  case usage
  case undo
  case multi
  case edit

  private static let save = Flag("--save", summary: "Keep it for later sessions (wayfarer config)")

  /// The table; `models` are the names Tab offers after `/model` (the
  /// server's, once listed).
  static func specs(models: [String] = []) -> [CommandSpec<ChatCommand>] {
    [
      CommandSpec("new", summary: "Start a new conversation (the old one is kept)", action: .new),
      CommandSpec("list", summary: "Your conversations, newest first", action: .list),
      CommandSpec(
        "open", Parameter("N", .number(range: nil), meaning: "N is a conversation's number in /list"),
        summary: "Resume conversation N of /list"
      ) { .open($0.number) },
      CommandSpec("clear", summary: "Delete this conversation, from disk too (/undo brings it back)", action: .clear),
      CommandSpec("undo", summary: "Bring back what /clear deleted, the latest first", action: .undo),
      CommandSpec(
        "system", Parameter("TEXT", .text, isOptional: true, meaning: "TEXT is the system prompt"),
        summary: "Show or set this conversation's system prompt"
      ) { .system($0.text) },
      CommandSpec(
        "backend",
        Parameter(
          "", .choice(AssistantBackendKind.allCases.map(\.rawValue)),
          meaning: "the backend is \(Phrase.list(AssistantBackendKind.allCases.map(\.rawValue), "or"))"),
        flags: [save], summary: "Ask the other backend"
      ) { .backend($0.text, save: $0.has("--save")) },
      CommandSpec(
        "model",
        Parameter(
          "NAME", .word, isOptional: true, meaning: "NAME is one of the models the server lists (/model lists them)",
          completions: models),
        flags: [save], summary: "List the server's models, or use model NAME"
      ) { .model($0.word, save: $0.has("--save")) },
      CommandSpec("copy", summary: "Print the last reply's Markdown as it came, for copying", action: .copy),
      CommandSpec(
        "ask", Parameter("TEXT", .text, meaning: "TEXT is sent to the model as typed"),
        summary: "Send TEXT as a question, even a word like help"
      ) { .ask($0.text) },
      CommandSpec("usage", summary: "Tokens and time of this conversation's replies", action: .usage),
      CommandSpec("multi", summary: "Type a question of several lines; /end sends it, Ctrl-C drops it", action: .multi),
      CommandSpec(
        "edit", summary: "Write a question in your editor (VISUAL, EDITOR or vi); it is sent when saved", action: .edit),
    ]
  }

  /// Words that, typed alone, are almost surely meant as commands, not
  /// questions; each with the command that does what it means here.
  static let bareWords: [String: String] = ["help": "/help", "back": "/back", "quit": "/quit", "exit": "/quit"]

  /// The line that ends a `/multi` draft and sends it.
  static let endOfDraft = "/end"
  /// The prompt of a `/multi` draft's lines.
  static let draftPrompt = "...> "
}
