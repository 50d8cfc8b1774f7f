import Commands
import Diagnostics
import ErrorSentences
import Foundation
import Networking
import ServiceAccess

/// The assistant's chat: one conversation at a time, sent whole (after the
/// system prompt) with every question, kept in the person's store.
@MainActor
final class ChatViewModel {
  /// A repository the conversation is about: its name now, its context
  /// (facts and README) when the chat appears.
  struct Subject {
    let name: String
    let context: @MainActor () async -> String
  }

  /// What became of a question.
  enum Reply: Equatable {
    case answered(String)
    /// Ctrl-C: what arrived is kept, marked as stopped.
    case stopped(partial: String)
    /// `partial` is what arrived before the failure (kept too).
    case failed(AssistantError, partial: String)
    /// No backend: nothing was sent.
    case notConfigured
  }

  struct Outcome: Equatable {
    var reply: Reply
    /// Set the first time older messages were left out of a request.
    var leftOutForBudget = false
    /// Why the conversation could not be saved, when it could not.
    var notSaved: String?
    /// The reply was longer than `maximumReplyCharacters`: its end was left out.
    var replyCut = false
    /// What a whole reply took (tokens when the server said, and time).
    var usage: ReplyUsage?
  }

  enum Listing: Equatable {
    case none
    case some([ConversationSummary])
    case failed(reason: String)
  }

  enum Opening: Equatable {
    case opened(title: String)
    case noSuchNumber(count: Int)
    case failed(reason: String)
  }

  enum Switching: Equatable {
    case switched(AssistantBackendKind)
    case notConfigured(AssistantBackendKind)
    case unknown(String)
  }

  enum ModelChoice: Equatable {
    case set(String)
    case invalid(String)
    /// The server does not list it; `suggestion` is a listed name close to it.
    case notListed(String, suggestion: String?)
    /// The server's list could not be had, so the model was not changed.
    case uncheckable(AssistantError)
    case noBackend
  }

  /// `/model` alone: the server's models and the one in use.
  enum ModelListing: Equatable {
    case listed([String], current: String?, backend: AssistantBackendKind)
    case failed(AssistantError)
    case noBackend
  }

  enum Clearing: Equatable {
    case cleared
    case nothingToClear
    case failed(reason: String)
  }

  static let defaultSystemPrompt = """
    You are a patient assistant inside Wayfarer, a terminal app for exploring places and GitHub repositories. \
    Explain things to a beginner: plain words, short paragraphs, a small example when it helps, and Markdown \
    (lists, code blocks) for structure. Say so when you are not sure, and never invent facts.
    """

  /// The most characters of turns a request sends; older turns beyond it
  /// are left out of the request (never deleted).
  let turnBudget: Int
  /// The longest question taken.
  static let maximumQuestionCharacters = 20_000

  private let backends: [any ChatBackend]
  private var currentBackend: Int
  private var models: [AssistantBackendKind: String] = [:]
  private let serverModels = ServerModels()
  private let store: any ExploreConversationsStoring
  private let choices: (any AssistantChoiceSaving)?
  private let now: @Sendable () -> Date
  private var pendingSubject: Subject?
  /// The repository this chat was opened about (nil: the general chat),
  /// and its context once fetched: what `/new` returns to, whatever
  /// conversation was resumed since.
  private let ownSubject: Subject?
  private var ownContext: String?

  private(set) var conversationID: Int64?
  private(set) var messages: [StoredMessage] = []
  /// The ids of the stored messages in ``messages``, and the highest read:
  /// the next read asks only for what came after it.
  private var shownIDs: Set<Int64> = []
  private var lastReadID: Int64?
  private(set) var subject: String?
  private var context: String?
  private(set) var customSystemPrompt: String?
  private var toldAboutBudget = false
  /// The last `/list`, which `/open N` numbers from.
  private var listed: [ConversationSummary]?
  /// What `/clear` deleted, for `/undo`: shared by the tab's chats.
  private let cleared: ClearedConversations
  private let lifetime = Lifetime(ChatViewModel.self)

  init(
    backends: [any ChatBackend], store: any ExploreConversationsStoring, subject: Subject?,
    turnBudget: Int = 60_000, now: @escaping @Sendable () -> Date, choices: (any AssistantChoiceSaving)? = nil,
    cleared: ClearedConversations = ClearedConversations(), resumingLast: Bool = true
  ) {
    self.choices = choices
    self.cleared = cleared
    self.backends = backends
    self.currentBackend = 0
    self.store = store
    self.pendingSubject = subject
    self.ownSubject = subject
    self.subject = subject?.name
    self.turnBudget = turnBudget
    self.now = now
    // The general chat goes on where it was; `wayfarer ask` does only with
    // --continue, so that a new question takes nothing (no model) from the last.
    if subject == nil, resumingLast, let last = try? store.conversations().first { resume(last.id) }
  }

  // MARK: What the header shows

  var backend: AssistantBackendKind? { backends.indices.contains(currentBackend) ? backends[currentBackend].kind : nil }
  var configuredBackends: [AssistantBackendKind] { backends.map(\.kind) }

  /// The model in use: chosen with `/model` (or the conversation's own),
  /// set in the environment, or the one the server lists first (nil until
  /// it was asked).
  var model: String? {
    guard let backend = currentChatBackend else { return nil }
    return models[backend.kind] ?? backend.configuredModel ?? serverModels.known(backend.kind)?.first
  }

  private var currentChatBackend: (any ChatBackend)? {
    backends.indices.contains(currentBackend) ? backends[currentBackend] : nil
  }

  var systemPrompt: String { customSystemPrompt ?? Self.defaultSystemPrompt }

  /// The current conversation's title: its first question.
  var currentTitle: String? { messages.first { $0.role == .user }.map { String($0.text.prefix(80)) } }

  /// Whether the repository's context still has to be fetched.
  var needsContext: Bool { pendingSubject != nil }

  /// Fetches the subject's context (its README through Explore's cached
  /// repository layer).
  func prepareContext() async {
    guard let pendingSubject else { return }
    context = await pendingSubject.context()
    ownContext = context
    self.pendingSubject = nil
  }

  // MARK: Sending

  /// Sends `question` with the conversation so far; pieces of the reply go
  /// to `onText` as they arrive (once, whole, unless `streaming`).
  ///
  /// The question is stored before it is sent, so a Wayfarer killed while
  /// the reply comes still has it; the reply is stored when it is over
  /// (whole, stopped by Ctrl-C or a signal, or cut off), after its question.
  func send(_ question: String, streaming: Bool, onText: @MainActor (String) -> Void) async -> Outcome {
    guard let backend = currentChatBackend else { return Outcome(reply: .notConfigured) }
    if needsContext { await prepareContext() }
    let question = String(question.prefix(Self.maximumQuestionCharacters))
    var outcome = Outcome(reply: .notConfigured)
    let model: String
    do {
      model = try await resolvedModel(of: backend)
    } catch {
      outcome.notSaved = keep(message(.user, question, backend: backend.kind, model: "")).problem
      outcome.reply = .failed(Self.assistantError(error), partial: "")
      return outcome
    }
    // Another Wayfarer may have added to this conversation: what it added
    // is read, and only that.
    readWhatChanged()
    let asked = keep(message(.user, question, backend: backend.kind, model: model))
    outcome.notSaved = asked.problem
    let (prompt, leftOut) = makePrompt()
    if leftOut && !toldAboutBudget {
      toldAboutBudget = true
      outcome.leftOutForBudget = true
    }
    if var reply = await ask(backend, prompt, model: model, streaming: streaming, outcome: &outcome, onText: onText) {
      reply.answers = asked.message.id
      outcome.notSaved = outcome.notSaved ?? keep(reply).problem
    }
    return outcome
  }

  /// Sends `prompt` and says in `outcome` what became of it; the reply to
  /// keep (whole, or what arrived before a stop or a failure), if any.
  private func ask(
    _ backend: any ChatBackend, _ prompt: ChatPrompt, model: String, streaming: Bool, outcome: inout Outcome,
    onText: @MainActor (String) -> Void
  ) async -> StoredMessage? {
    // As UTF-8: a byte array takes a piece for about half what a string's
    // append costs, at every streamed token (callgrind).
    var partialBytes: [UInt8] = []
    var partialCount = 0
    let started = now()
    do {
      let reply = try await backend.send(prompt, model: model, streaming: streaming) { piece in
        let room = maximumReplyCharacters - partialCount
        guard room > 0 else { return }
        // A piece is all the events of a chunk: cut where the limit falls,
        // as the kept reply is, not after the piece.
        let count = characterCount(piece)
        let shown = count <= room ? piece : String(piece.prefix(room))
        partialBytes.append(contentsOf: shown.utf8)
        partialCount += min(count, room)
        onText(shown)
      }
      if Task.isCancelled { throw CancellationError() }
      let (text, cut) = keptReply(reply.text)
      outcome.replyCut = cut
      outcome.reply = .answered(text)
      // A count below zero is no count (the server's data is not trusted).
      outcome.usage = ReplyUsage(
        promptTokens: reply.usage?.promptTokens.flatMap { $0 >= 0 ? $0 : nil },
        replyTokens: reply.usage?.replyTokens.flatMap { $0 >= 0 ? $0 : nil },
        seconds: Self.seconds(from: started, to: now()))
      var answer = message(.assistant, text, backend: backend.kind, model: model)
      answer.usage = outcome.usage
      return answer
    } catch {
      let stopped = Task.isCancelled || error is CancellationError
      let partial = String(decoding: partialBytes, as: UTF8.self)
      outcome.reply = stopped ? .stopped(partial: partial) : .failed(Self.assistantError(error), partial: partial)
      guard !partial.isEmpty else { return nil }
      var kept = message(.assistant, partial, backend: backend.kind, model: model, isPartial: true)
      kept.wasStopped = stopped
      return kept
    }
  }

  /// Seconds between two readings of the clock: never negative (a clock
  /// set back), and 0 under a fixed clock, so a recorded session is stable.
  private static func seconds(from start: Date, to end: Date) -> Double {
    let seconds = end.timeIntervalSince(start)
    return seconds.isFinite ? max(0, seconds) : 0
  }

  private func resolvedModel(of backend: any ChatBackend) async throws -> String {
    if let model { return model }
    guard let first = try await serverModels.list(of: backend).first else {
      throw AssistantError.noModel(url: backend.serverURL)
    }
    return first
  }

  /// The system prompt (with the subject's context), then as many of the
  /// newest turns as fit the budget; true when older ones were left out.
  func makePrompt() -> (ChatPrompt, leftOut: Bool) {
    var system = systemPrompt
    if let context { system += "\n\n" + context }
    var newestFirst: [ChatTurn] = []
    var size = 0
    for message in messages.reversed() {
      size += message.text.count
      // The newest question always goes, whatever its size.
      if size > turnBudget && !newestFirst.isEmpty { break }
      newestFirst.append(ChatTurn(role: message.role == .user ? .user : .assistant, text: message.text))
    }
    let leftOut = newestFirst.count < messages.count
    return (ChatPrompt(system: system, turns: Self.alternating(newestFirst.reversed())), leftOut)
  }

  /// Turns as servers take them: starting with a question and taking
  /// turns.
  ///
  /// A question left without its reply (a request that failed) is left
  /// out: sent again with every later question, one the server refused
  /// would make each of them fail too, unseen. Two replies in a row (two
  /// Wayfarers on one conversation) are joined; a reply whose question was
  /// left out for the budget goes.
  static func alternating(_ turns: some Sequence<ChatTurn>) -> [ChatTurn] {
    var result: [ChatTurn] = []
    for turn in turns {
      if result.isEmpty && turn.role == .assistant { continue }
      if let last = result.last, last.role == turn.role {
        result[result.count - 1] =
          turn.role == .user ? turn : ChatTurn(role: turn.role, text: last.text + "\n\n" + turn.text)
      } else {
        result.append(turn)
      }
    }
    return result
  }

  private func message(
    _ role: StoredMessage.Role, _ text: String, backend: AssistantBackendKind, model: String, isPartial: Bool = false
  ) -> StoredMessage {
    StoredMessage(role: role, text: text, time: now(), backend: backend.rawValue, model: model, isPartial: isPartial)
  }

  /// Stores `message` in the conversation (made on the first) and adds it
  /// to what is shown, in its place; the reason it could not be stored, if so.
  private func keep(_ message: StoredMessage) -> (message: StoredMessage, problem: String?) {
    do {
      let id =
        try conversationID
        ?? store.createConversation(
          title: String(message.text.prefix(80)), subject: subject, context: context, systemPrompt: customSystemPrompt)
      conversationID = id
      let stored = try store.appendMessage(message, to: id)
      merge([stored], read: false)
      return (stored, nil)
    } catch {
      messages.append(message)
      return (message, ErrorSentence.reason(for: error))
    }
  }

  /// Shows `stored` (a whole conversation) in place of what was shown.
  private func show(_ stored: [StoredMessage]) {
    messages = stored
    shownIDs = Set(stored.compactMap(\.id))
    lastReadID = shownIDs.max()
  }

  /// What was stored in this conversation since the last read (by another
  /// Wayfarer, or this one), put in its place.
  private func readWhatChanged() {
    guard let id = conversationID, let fresh = try? store.messages(of: id, after: lastReadID) else { return }
    merge(fresh, read: true)
  }

  /// Adds the stored `fresh` messages not shown yet, each in its place
  /// (almost always the end: the search starts there).
  ///
  /// Only what was
  /// `read` moves the next read on: this Wayfarer's own writes leave room
  /// for another's that were stored before them.
  private func merge(_ fresh: [StoredMessage], read: Bool) {
    for message in fresh {
      guard let id = message.id else { continue }
      if read { lastReadID = max(lastReadID ?? 0, id) }
      guard shownIDs.insert(id).inserted else { continue }
      var index = messages.endIndex
      while index > messages.startIndex, message.order < messages[index - 1].order { index -= 1 }
      messages.insert(message, at: index)
    }
  }

  private static func assistantError(_ error: any Error) -> AssistantError {
    if let error = error as? AssistantError { return error }
    if let error = error as? HTTPError { return .network(error) }
    return .unexpected(reason: ErrorSentence.reason(for: error))
  }

  // MARK: Commands

  /// `/new`: an empty conversation (the old one stays in the store),
  /// about what this chat was opened about: a repository's chat stays
  /// about it, the general chat is general again.
  func startNew() {
    conversationID = nil
    show([])
    customSystemPrompt = nil
    toldAboutBudget = false
    subject = ownSubject?.name
    context = ownContext
    pendingSubject = ownContext == nil ? ownSubject : nil
  }

  func list() -> Listing {
    do {
      let all = try store.conversations()
      listed = all
      return all.isEmpty ? .none : .some(all)
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  func open(_ number: Int?) -> Opening {
    let all: [ConversationSummary]
    do {
      all = try listed ?? store.conversations()
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
    guard let number, number >= 1, number <= all.count else { return .noSuchNumber(count: all.count) }
    let summary = all[number - 1]
    guard resume(summary.id) else { return .failed(reason: "that conversation is no longer there") }
    return .opened(title: summary.title)
  }

  /// Makes conversation `id` the current one; false when it is gone.
  @discardableResult
  private func resume(_ id: Int64) -> Bool {
    guard let stored = try? store.conversation(id) else { return false }
    conversationID = id
    show(stored.messages)
    subject = stored.summary.subject
    context = stored.context
    pendingSubject = nil
    customSystemPrompt = stored.systemPrompt
    toldAboutBudget = false
    restoreModel(of: stored.messages)
    return true
  }

  /// A conversation goes on with the backend and model of its last reply,
  /// when that backend is configured here.
  ///
  /// A question is stored with its model before it is sent: when the
  /// server refused that model (`wayfarer ask --model` mistyped), only the
  /// question has it, and the conversation must not take it up again.
  private func restoreModel(of messages: [StoredMessage]) {
    guard let last = StoredConversation.lastAnswer(in: messages), AssistantModelName.isValid(last.model),
      let kind = AssistantBackendKind(rawValue: last.backend),
      let index = backends.firstIndex(where: { $0.kind == kind })
    else { return }
    currentBackend = index
    models[kind] = last.model
  }

  /// `/clear`: deletes this conversation, from the store too; `/undo`
  /// brings it back (it is kept whole in ``cleared`` until then).
  func clear() -> Clearing {
    guard let id = conversationID else {
      guard !messages.isEmpty else { return .nothingToClear }
      startNew()
      return .cleared
    }
    do {
      // Read whole first: what is deleted can come back.
      let whole = try store.conversation(id)
      try store.deleteConversation(id)
      if let whole { cleared.stack.push(whole) }
      listed = nil
      startNew()
      return .cleared
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  enum Undoing: Equatable {
    /// `next` is the title the following `/undo` brings back, if any.
    case restored(title: String, next: String?)
    case nothingToUndo
    case failed(reason: String)
  }

  /// `/undo`: the conversation `/clear` deleted last, stored again and
  /// made the current one; again, the one deleted before it.
  func undoClear() -> Undoing {
    guard let latest = cleared.stack.latest else { return .nothingToUndo }
    do {
      let id = try store.restoreConversation(latest)
      cleared.stack.popLatest()
      listed = nil
      guard resume(id) else { return .failed(reason: "that conversation is no longer there") }
      return .restored(title: latest.summary.title, next: cleared.stack.latest?.summary.title)
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  /// `/system TEXT`: this conversation's system prompt from now on; the
  /// reason it could not be saved, if so.
  func setSystemPrompt(_ text: String) -> String? {
    customSystemPrompt = String(text.prefix(Self.maximumQuestionCharacters))
    guard let id = conversationID else { return nil }
    do {
      try store.setSystemPrompt(customSystemPrompt, of: id)
      return nil
    } catch {
      return ErrorSentence.reason(for: error)
    }
  }

  func switchBackend(to name: String) -> Switching {
    guard let kind = AssistantBackendKind(rawValue: name.lowercased()) else { return .unknown(name) }
    guard let index = backends.firstIndex(where: { $0.kind == kind }) else { return .notConfigured(kind) }
    currentBackend = index
    return .switched(kind)
  }

  /// `/model NAME`: the model from now on, if the server lists it.
  func chooseModel(_ name: String) async -> ModelChoice {
    let choice = await checkModel(name)
    if case .set = choice, let backend = currentChatBackend { models[backend.kind] = name }
    return choice
  }

  /// Whether the server lists the model `name`, and for one it does not,
  /// the listed name nearest it (did-you-mean): what `/model NAME` and a
  /// refused `wayfarer ask --model NAME` both say.
  func checkModel(_ name: String) async -> ModelChoice {
    guard let backend = currentChatBackend else { return .noBackend }
    guard AssistantModelName.isValid(name) else { return .invalid(name) }
    let list: [String]
    do {
      list = try await serverModels.list(of: backend)
    } catch {
      return .uncheckable(Self.assistantError(error))
    }
    guard list.contains(name) else { return .notListed(name, suggestion: NearestName.extending(name, among: list)) }
    return .set(name)
  }

  /// `wayfarer ask --model NAME`: a one-shot question goes to the model
  /// named, unchecked (no request for a list first); the server says so if
  /// it has no such model.
  func useModel(_ name: String) -> ModelChoice {
    guard let backend = currentChatBackend else { return .noBackend }
    guard AssistantModelName.isValid(name) else { return .invalid(name) }
    models[backend.kind] = name
    return .set(name)
  }

  /// `/model` alone: what the server lists, and the model in use.
  func listModels() async -> ModelListing {
    guard let backend = currentChatBackend else { return .noBackend }
    do {
      let list = try await serverModels.list(of: backend)
      return .listed(list, current: model, backend: backend.kind)
    } catch {
      return .failed(Self.assistantError(error))
    }
  }

  /// The names Tab offers after `/model`: the server's, once listed.
  var completableModels: [String] {
    currentChatBackend.flatMap { serverModels.known($0.kind) } ?? []
  }

  /// Whether appearing has a list to ask for: the model the header names
  /// (none is set), or with `forCompletion` the names Tab offers.
  func needsModels(forCompletion: Bool) -> Bool {
    guard let backend = currentChatBackend, !serverModels.wasAsked(backend.kind) else { return false }
    return model == nil || forCompletion
  }

  /// Asks the server for its models once (see ``needsModels(forCompletion:)``),
  /// and waits for them: until they come when the header needs them, else
  /// at most `patience` (they keep coming, for a later prompt's Tab).
  ///
  /// A failure is said when a question is sent.
  func loadModels(waitingAtMost patience: Duration) async {
    guard let backend = currentChatBackend, !serverModels.wasAsked(backend.kind) else { return }
    guard model != nil else {
      _ = try? await serverModels.list(of: backend)
      return
    }
    serverModels.prefetch(backend)
    let deadline = ContinuousClock.now + patience
    while !serverModels.wasAsked(backend.kind), ContinuousClock.now < deadline {
      do { try await Task.sleep(for: .milliseconds(10)) } catch { return }
    }
  }

  /// What became of `--save`.
  enum Saving: Equatable {
    case saved(where: String)
    case failed(reason: String)
    /// Nothing keeps choices here (no config file).
    case unavailable
  }

  /// `/model NAME --save`: keeps the model in use for its backend.
  func saveModel() -> Saving {
    guard let choices, let backend = currentChatBackend, let model else { return .unavailable }
    return saving { try choices.saveModel(model, forBackend: backend.kind.rawValue) }
  }

  /// `/backend NAME --save`: keeps the backend in use as the one asked first.
  func saveBackend() -> Saving {
    guard let choices, let backend = currentChatBackend else { return .unavailable }
    return saving { try choices.saveBackend(backend.kind.rawValue) }
  }

  private func saving(_ save: () throws -> String) -> Saving {
    do {
      return .saved(where: try save())
    } catch {
      return .failed(reason: ErrorSentence.reason(for: error))
    }
  }

  /// `/usage`: what this conversation's replies took, added up.
  var usageTotals: UsageTotals {
    var totals = UsageTotals()
    for usage in messages.compactMap(\.usage) {
      totals.replies += 1
      totals.seconds += usage.seconds
      // Saturating: counts come from servers, and a huge one must not trap.
      if let tokens = usage.promptTokens { totals.promptTokens = saturatedSum(totals.promptTokens, tokens) }
      if let tokens = usage.replyTokens { totals.replyTokens = saturatedSum(totals.replyTokens, tokens) }
      if usage.promptTokens == nil && usage.replyTokens == nil { totals.repliesUncounted += 1 }
    }
    return totals
  }

  /// `/copy`: the last reply's Markdown as it came.
  var lastReply: String? { messages.last { $0.role == .assistant }?.text }
}
