import Foundation
import TerminalConsole
import TextSafety

/// Every sentence the assistant's chat says.
enum AssistantWording {
  static let notConfigured =
    "The assistant needs a model to talk to, and none is configured. Set GEMINI_API_KEY to a Gemini API key, "
    + "or WAYFARER_OPENAI_URL to an OpenAI-compatible server (for Ollama: "
    + "WAYFARER_OPENAI_URL=http://localhost:11434/v1 WAYFARER_OPENAI_MODEL=llama3.2), then start Wayfarer again."

  static func sentence(for error: AssistantError) -> String {
    switch error {
    case .keyRefused(.gemini, let variable):
      "Gemini refused the key in \(variable). Check it (a new one is at aistudio.google.com)."
    case .keyRefused(.openai, let variable):
      "The OpenAI-compatible server refused the key in \(variable). Check it."
    case .keyMissing(_, let variable):
      "The OpenAI-compatible server wants a key: set \(variable) and start Wayfarer again."
    case .quotaUsedUp(let backend, let seconds?):
      "\(subject(backend))'s quota is used up; try again in \(seconds) s."
    case .quotaUsedUp(let backend, nil):
      "\(subject(backend))'s quota is used up; try again later."
    case .unknownModel(let backend, let model, let variable):
      "The model \(model) does not exist on \(backend.displayName); set \(variable) (or type /model NAME) to one that does."
    case .overloaded(let backend):
      "The model on \(backend.displayName) is overloaded; try again in a moment."
    case .promptBlocked(let reason):
      "Gemini blocked the question (\(reason)) and did not answer it."
    case .replyBlocked(let reason):
      "The reply was blocked (\(reason)); what arrived before is kept."
    case .noServer(let url):
      "No server answers at \(url) — is it running?"
    case .serverSaid(let backend, let status, let message):
      "\(subject(backend)) did not accept the request (HTTP \(status)"
        + (message.isEmpty ? ")." : ": \(message.hasSuffix(".") ? String(message.dropLast()) : message)).")
    case .cutOff:
      "The reply was cut off before it ended; what arrived is kept."
    case .brokeOff(let error):
      error.description + " What arrived is kept."
    case .eventTooLarge(let backend, let limit):
      "\(subject(backend)) sent one piece of its reply larger than \(limit / 1_048_576) MiB, so Wayfarer stopped reading; what arrived is kept."
    case .failedMidway(let backend, let message):
      "\(subject(backend)) stopped with an error"
        + (message.isEmpty ? "" : " (\(message.hasSuffix(".") ? String(message.dropLast()) : message))")
        + "; what arrived is kept."
    case .unreadable(let backend):
      "\(subject(backend)) sent a reply Wayfarer could not read."
    case .noModel(let url):
      "The server at \(url) lists no models; set WAYFARER_OPENAI_MODEL to one it has."
    case .network(let error):
      error.description
    case .unexpected(let reason):
      "The request failed: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
    }
  }

  /// The backend at the start of a sentence.
  private static func subject(_ backend: AssistantBackendKind) -> String {
    switch backend {
    case .gemini: "Gemini"
    case .openai: "The OpenAI-compatible server"
    }
  }
}

extension AssistantWording {
  static let hint = "Type a question and press Enter; /help lists the commands, /back leaves."
  static let leftOutForBudget =
    "The conversation is long: its oldest messages are no longer sent with new questions (they stay in the conversation)."
  static let stoppedMark = "(stopped)"
  /// `wayfarer ask` stopped (Ctrl-C, SIGTERM) after some of the reply came.
  static let stoppedKeepingWhatArrived = "Stopped; what arrived is kept in the conversation."
  /// The same before any of it came: the question was stored before it was sent.
  static let stoppedBeforeAnyReply = "Stopped before any reply came; the question is kept in the conversation."
  /// A kept reply that did not end (stopped, cut off or blocked), shown again.
  static let incompleteMark = "(incomplete)"
  static let replyCut = "The reply was longer than 200,000 characters; its end was left out."

  /// `wayfarer ask` given more than a question may hold (a long diff piped in).
  static func questionTooLong(characters: Int, most: Int) -> String {
    "The question is \(characters) characters long, more than the \(most) a question may hold; nothing was sent. Pipe in less (git diff -- PATH | wayfarer ask …)."
  }
  static let newConversation = "A new conversation. The last one is kept: /list shows it."
  static let nothingToCopy = "There is no reply to copy yet."
  static let copied = "Copied to the clipboard (the terminal may ask to allow it)."
  /// Terminals refuse longer OSC 52 strings (xterm takes about 100,000 base64 bytes).
  static let clipboardLimit = 74_000
  static let tooLongForClipboard = "The reply is too long for the terminal's clipboard; select it above."
  static let noConversations = "You have no conversations yet."
  static let cleared = "This conversation was deleted; /undo brings it back."
  static let nothingToUndo = "There is nothing to undo."

  /// After `/undo`; `next` is what another `/undo` brings back, as Bookmarks' `undo` says.
  static func restored(_ title: String, next: String?) -> String {
    "“\(title)” is back." + (next.map { " Type /undo again for “\($0)”." } ?? "")
  }

  /// Under a `/list` row, as its parts: `1 Jan 2026 · gemini-2.5-flash · 4 messages`.
  static func listDetail(_ summary: ConversationSummary) -> [String] {
    let count = "\(summary.messageCount) \(summary.messageCount == 1 ? "message" : "messages")"
    let model = summary.model.map { TextSanitizer.clean($0, limit: 100) }
    return [dayFormat.string(from: summary.updatedAt)] + [model, count].compactMap { $0 }
  }

  /// Days as the Profile writes them, in UTC: the same on every machine.
  private static let dayFormat: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_GB")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "d MMM yyyy"
    return formatter
  }()
  static let nothingToClear = "This conversation is empty; there is nothing to delete."

  /// The chat's header, `About owner/name · Gemini · gemini-2.5-flash`, as
  /// its parts: a narrow window breaks it between them.
  static func header(backend: AssistantBackendKind?, model: String?, subject: String?) -> [String] {
    let about = subject.map { "About \($0)" } ?? "Assistant"
    guard let backend else { return [about] }
    let name = backend == .gemini ? "Gemini" : "OpenAI-compatible server"
    return [about, name, model ?? "the server's first model"]
  }

  /// What joins the parts of the header and of a `/list` row's detail.
  static let separator = " · "

  static func resumed(title: String, count: Int) -> String {
    "Resumed “\(title)” (\(count) \(count == 1 ? "message" : "messages")); /new starts another."
  }

  static func earlierNotShown(_ count: Int) -> String {
    "\(count) earlier \(count == 1 ? "message is" : "messages are") not shown."
  }

  static func notSaved(_ reason: String) -> String {
    "The conversation could not be saved: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
  }

  static func listRow(_ summary: ConversationSummary) -> String {
    (summary.subject.map { "About \($0): " } ?? "") + summary.title
  }

  static func opened(_ title: String) -> String { "Opened “\(title)”." }

  static func noSuchNumber(count: Int) -> String {
    count == 0
      ? "You have no conversations to open yet."
      : "Usage: /open N — N is a conversation's number in /list, 1–\(count)."
  }

  static func couldNot(_ action: String, _ reason: String) -> String {
    "Could not \(action): \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
  }

  static func systemPromptLabel(isDefault: Bool) -> String {
    isDefault ? "The system prompt (the default; /system TEXT sets your own):" : "This conversation's system prompt:"
  }

  static func modelFound(_ model: String) -> String {
    "Using \(model), the first model the server lists (WAYFARER_OPENAI_MODEL chooses another)."
  }

  static let systemPromptSet = "From now on this conversation uses your system prompt."

  static func switching(_ result: ChatViewModel.Switching) -> String {
    switch result {
    case .switched(.gemini): "Now asking Gemini."
    case .switched(.openai): "Now asking the OpenAI-compatible server."
    case .notConfigured(.gemini): "Gemini is not configured: set GEMINI_API_KEY and start Wayfarer again."
    case .notConfigured(.openai):
      "No OpenAI-compatible server is configured: set WAYFARER_OPENAI_URL and start Wayfarer again."
    case .unknown(let name):
      "There is no backend called '\(TextSanitizer.visible(name, limit: 40))'; the backends are gemini and openai."
    }
  }

  static func saved(in place: String) -> String {
    "Kept for later sessions in \(TextSanitizer.clean(place, limit: 120)) (wayfarer config list shows it)."
  }

  static let notSavable = "There is no config file to keep the choice in here; it lasts this session."

  static func modelChoice(_ result: ChatViewModel.ModelChoice) -> String {
    switch result {
    case .set(let name): "Now using the model \(name)."
    case .invalid(let name):
      "'\(TextSanitizer.visible(name, limit: 40))' is not a model name (letters, digits and - . _ : /, at most 100)."
    case .notListed(let name, let suggestion?):
      "The server has no model '\(name)'. Did you mean \(suggestion)?"
    case .notListed(let name, nil):
      "The server has no model '\(name)'; /model lists its models."
    case .uncheckable(let error):
      sentence(for: error) + " The model was not changed."
    case .noBackend: notConfigured
    }
  }

  static let noModelsListed = "The server lists no models."

  static func modelsListed(by backend: AssistantBackendKind) -> String {
    "The models \(backend == .gemini ? "Gemini" : "the server") lists (* in use; /model NAME uses one):"
  }

  static func modelRow(_ name: String, inUse: Bool) -> String {
    (inUse ? "  * " : "    ") + name
  }
}

extension AssistantWording {
  static let thinking = "Thinking… (Ctrl-C stops)"
}

// MARK: Usage and words that are commands

extension AssistantWording {
  /// The line after a reply: `120 in · 150 out · 7.2 s`, or the time alone
  /// when the server counted no tokens.
  static func usage(_ usage: ReplyUsage) -> String {
    (tokens(in: usage.promptTokens, out: usage.replyTokens) + [seconds(usage.seconds)]).joined(separator: " · ")
  }

  /// `/usage`: the conversation's replies added up.
  static func usageTotals(_ totals: UsageTotals) -> String {
    guard totals.replies > 0 else { return "No reply in this conversation has its usage kept yet." }
    let counted = totals.replies - totals.repliesUncounted
    var parts = ["\(totals.replies) \(totals.replies == 1 ? "reply" : "replies")"]
    if counted > 0 { parts += tokens(in: totals.promptTokens, out: totals.replyTokens) }
    parts.append(seconds(totals.seconds))
    let sentence = parts.joined(separator: " · ")
    guard totals.repliesUncounted > 0, counted > 0 else { return sentence }
    return sentence + " (\(totals.repliesUncounted) without token counts)"
  }

  private static func tokens(in prompt: Int?, out reply: Int?) -> [String] {
    [prompt.map { "\($0) in" }, reply.map { "\($0) out" }].compactMap { $0 }
  }

  /// Seconds to a tenth: `7.2 s`, never in a locale's own digits.
  private static func seconds(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0, seconds < 1e12, let tenths = Int(exactly: (seconds * 10).rounded())
    else { return "? s" }
    return "\(tenths / 10).\(tenths % 10) s"
  }

  /// A bare word that is a command elsewhere, typed in the chat: what to
  /// type instead, and how to send the word itself.
  static func bareWord(_ word: String, command: String) -> String {
    let does =
      switch command {
      case "/back": "/back leaves the chat"
      case "/quit": "/quit leaves Wayfarer"
      default: "type \(command)"
      }
    return "\(word) is a command here: \(does); /ask \(word) sends it."
  }
}

// MARK: Questions of several lines

extension AssistantWording {
  static let multiStarted = "Type your question's lines; /end sends them, Ctrl-C drops them."
  static let draftDropped = "The draft was dropped; nothing was sent."
  static let draftEmpty = "The draft is empty; nothing was sent."

  /// What `/edit` says when nothing is sent.
  static func edited(_ outcome: DraftEdit) -> String {
    switch outcome {
    case .saved: "The draft was sent."
    case .empty: "The draft was saved empty; nothing was sent."
    case .failed(let status?): "The editor exited with status \(status); nothing was sent."
    case .failed(nil): "The editor was stopped; nothing was sent."
    case .couldNotStart: "The editor could not be started (VISUAL, else EDITOR, else vi); nothing was sent."
    case .unavailable: "/edit needs a terminal to run an editor in; /multi works anywhere."
    }
  }
}
