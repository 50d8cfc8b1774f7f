import Commands
import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText
import TextSafety
import TextWidth

/// The assistant's chat: every line is a question, `/` lines are commands.
///
/// On a terminal a reply is written as it arrives, with a spinner until the
/// first piece, and Ctrl-C stops it; off a terminal each reply is printed
/// once, whole, so a piped session's output is byte-stable.
@MainActor
final class ChatScreen: Screen {
  private let viewModel: ChatViewModel
  /// The most earlier messages drawn when a conversation is resumed.
  static let messagesShown = 10

  init(viewModel: ChatViewModel) {
    self.viewModel = viewModel
    super.init(title: "Assistant", pathComponent: "ask")
  }

  override var title: String {
    viewModel.subject.map { "About \($0)" } ?? "Assistant"
  }

  override var acceptsFreeText: Bool { true }

  /// Its commands (typed with `/`) and the way there from Explore's
  /// search, for hints elsewhere.
  static let whereabouts = InnerCommands(
    .described("the assistant's chat"), screen: ChatScreen.self, way: ["ask"], prefix: "/",
    signatures: ChatCommand.specs().map(\.signature))

  /// A reply Ctrl-C stops is marked "(stopped)" where it ends.
  override var saysWhatCtrlCStopped: Bool { true }

  override var commands: [Command] {
    Command.table(ChatCommand.specs(models: viewModel.completableModels)) { command, console in
      await self.perform(command, on: console)
    }
  }

  private func perform(_ command: ChatCommand, on console: any Console) async {
    let context = console.context
    switch command {
    case .new:
      viewModel.startNew()
      setNeedsDisplay()
    case .list: list(on: console)
    case .open(let number): open(number, on: console)
    case .clear: clear(on: console)
    case .system(let text): system(text, on: console)
    case .backend(let name, let save):
      let result = viewModel.switchBackend(to: name)
      // The sentence names the backend: the conversation is not drawn again.
      guard case .switched = result else { return problem(AssistantWording.switching(result), on: console) }
      console.write(Message.success(AssistantWording.switching(result), in: context))
      if save { report(viewModel.saveBackend(), on: console) }
    case .model(nil, let save):
      await listModels(on: console)
      if save { report(viewModel.saveModel(), on: console) }
    case .model(let name?, let save):
      let result = await viewModel.chooseModel(name)
      guard case .set = result else { return problem(AssistantWording.modelChoice(result), on: console) }
      console.write(Message.success(AssistantWording.modelChoice(result), in: context))
      // The header names the model: drawn again with the new one.
      setNeedsDisplay()
      if save { report(viewModel.saveModel(), on: console) }
    case .copy: copy(on: console)
    case .ask(let text): await ask(text, console: console)
    case .usage: console.write(Message.info(AssistantWording.usageTotals(viewModel.usageTotals), in: context))
    case .undo: undo(on: console)
    case .multi: await multi(on: console)
    case .edit: await edit(on: console)
    }
  }

  /// `/model` alone: the server's models, the one in use marked.
  private func listModels(on console: any Console) async {
    switch await viewModel.listModels() {
    case .noBackend: problem(AssistantWording.notConfigured, on: console)
    case .failed(let error): problem(AssistantWording.sentence(for: error), on: console)
    case .listed(let names, let current, let backend):
      guard !names.isEmpty else {
        return console.write(Message.info(AssistantWording.noModelsListed, in: console.context))
      }
      console.write(Message.info(AssistantWording.modelsListed(by: backend), in: console.context))
      console.write(names.map { StyledLine(AssistantWording.modelRow($0, inUse: $0 == current)) })
    }
  }

  private func report(_ saving: ChatViewModel.Saving, on console: any Console) {
    switch saving {
    case .saved(let place): console.write(Message.success(AssistantWording.saved(in: place), in: console.context))
    case .failed(let reason): problem(AssistantWording.couldNot("save the choice", reason), on: console)
    case .unavailable: problem(AssistantWording.notSavable, on: console)
    }
  }

  private func open(_ number: Int?, on console: any Console) {
    switch viewModel.open(number) {
    case .opened: setNeedsDisplay()
    case .noSuchNumber(let count): problem(AssistantWording.noSuchNumber(count: count), on: console)
    case .failed(let reason): problem(AssistantWording.couldNot("open that conversation", reason), on: console)
    }
  }

  private func clear(on console: any Console) {
    switch viewModel.clear() {
    case .cleared:
      console.write(Message.success(AssistantWording.cleared, in: console.context))
      setNeedsDisplay()
    case .nothingToClear:
      console.write(Message.info(AssistantWording.nothingToClear, in: console.context))
    case .failed(let reason):
      problem(AssistantWording.couldNot("delete the conversation", reason), on: console)
    }
  }

  /// `/multi`: lines are read (`...>`) until `/end`, then sent as one
  /// question; Ctrl-C (or the end of input) drops the draft.
  private func multi(on console: any Console) async {
    console.write(Message.info(AssistantWording.multiStarted, in: console.context))
    var lines: [String] = []
    var size = 0
    while size <= ChatViewModel.maximumQuestionCharacters {
      guard let line = await console.readLine(prompt: ChatCommand.draftPrompt) else {
        return console.write(Message.info(AssistantWording.draftDropped, in: console.context))
      }
      if line.trimmingCharacters(in: .whitespaces) == ChatCommand.endOfDraft { break }
      lines.append(line)
      size += line.count + 1
    }
    let question = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !question.isEmpty else {
      return console.write(Message.info(AssistantWording.draftEmpty, in: console.context))
    }
    await ask(question, console: console)
  }

  /// `/edit`: the question written in the person's editor, sent when saved.
  private func edit(on console: any Console) async {
    switch await console.editDraft("") {
    case .saved(let question):
      // On a terminal a question typed or pasted stays on screen at the
      // prompt; one from the editor left with its screen: shown as typed.
      if console.context.capabilities.outputIsTerminal {
        console.write(userLines(question, in: console.context))
      }
      await ask(question, console: console)
    case let outcome: console.write(Message.info(AssistantWording.edited(outcome), in: console.context))
    }
  }

  private func undo(on console: any Console) {
    switch viewModel.undoClear() {
    case .restored(let title, let next):
      let sentence = AssistantWording.restored(
        TextSanitizer.clean(title, limit: 60), next: next.map { TextSanitizer.clean($0, limit: 60) })
      console.write(Message.success(sentence, in: console.context))
      setNeedsDisplay()
    case .nothingToUndo: console.write(Message.info(AssistantWording.nothingToUndo, in: console.context))
    case .failed(let reason): problem(AssistantWording.couldNot("bring the conversation back", reason), on: console)
    }
  }

  /// `system` alone shows the prompt; with text, sets it.
  private func system(_ text: String, on console: any Console) {
    guard !text.isEmpty else {
      var label = StyledLine(
        AssistantWording.systemPromptLabel(isDefault: viewModel.customSystemPrompt == nil), style: Palette.muted)
      // A sentence: wrapped at a narrow width, as the prompt under it is.
      label.isSentence = true
      return console.write([label] + TextBlock(viewModel.systemPrompt).lines(in: console.context))
    }
    if let reason = viewModel.setSystemPrompt(text) { return problem(AssistantWording.notSaved(reason), on: console) }
    console.write(Message.success(AssistantWording.systemPromptSet, in: console.context))
  }

  /// `/copy`: the last reply's Markdown, cleaned, printed as it came.
  ///
  /// Its lines are not broken at the terminal's width, so what is selected
  /// with the mouse is what the model wrote. On a terminal it also goes to
  /// the clipboard (OSC 52).
  private func copy(on console: any Console) {
    guard let reply = viewModel.lastReply else {
      return console.write(Message.info(AssistantWording.nothingToCopy, in: console.context))
    }
    var sanitizer = StreamSanitizer()
    let clean = sanitizer.feed(reply.utf8) + sanitizer.finish()
    let lines = clean.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) }
    guard console.context.capabilities.outputIsTerminal else { return console.write(lines) }
    console.writeUnfitted(lines)
    guard clean.utf8.count <= AssistantWording.clipboardLimit else {
      return console.write(Message.info(AssistantWording.tooLongForClipboard, in: console.context))
    }
    if console.copyToClipboard(clean) {
      console.write(Message.success(AssistantWording.copied, in: console.context))
    }
  }

  /// A header whose model is still to be asked for is drawn once, after
  /// it was.
  override func drawsBeforeAppearing(in context: RenderContext) -> Bool {
    !viewModel.needsModels(forCompletion: false)
  }

  /// How long opening the chat waits for the names Tab offers (a slow
  /// server's come for a later prompt).
  static let modelListPatience = Duration.seconds(1.5)

  override func didAppear(console: any Console) async {
    // The header names the model from the start; on a terminal Tab offers
    // the server's models after /model. Asked once per chat.
    if viewModel.needsModels(forCompletion: console.context.capabilities.inputIsTerminal) {
      let headerNeedsIt = viewModel.needsModels(forCompletion: false)
      await LoadingIndicator.run("Asking the server for its models…", console: console) {
        await viewModel.loadModels(waitingAtMost: Self.modelListPatience)
      }
      if headerNeedsIt { setNeedsDisplay() }
    }
    guard viewModel.needsContext, viewModel.backend != nil else { return }
    await LoadingIndicator.run("Reading the repository's README…", console: console) {
      await viewModel.prepareContext()
    }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    // Broken between its parts in a narrow window (at 40 columns it ran to 47).
    let header = AssistantWording.header(
      backend: viewModel.backend, model: viewModel.model, subject: viewModel.subject)
    var lines = DisplayWidth.wrap(header, separator: AssistantWording.separator, to: Spacing.fullWidth(context))
      .map { StyledLine($0, style: Palette.title) }
    guard viewModel.backend != nil else {
      return lines + TextBlock(AssistantWording.notConfigured, style: Palette.warning).lines(in: context)
    }
    let messages = viewModel.messages
    if !messages.isEmpty, let title = viewModel.currentTitle {
      lines.append(Message.info(AssistantWording.resumed(title: title, count: messages.count), in: context))
      if messages.count > Self.messagesShown {
        lines.append(
          StyledLine(AssistantWording.earlierNotShown(messages.count - Self.messagesShown), style: Palette.muted))
      }
      for message in messages.suffix(Self.messagesShown) {
        lines += transcript(of: message, in: context)
      }
    }
    lines += TextBlock(AssistantWording.hint, style: Palette.muted).lines(in: context)
    return lines
  }

  /// A message as the transcript shows it: `you>` / `assistant>` off a
  /// terminal, a coloured marker on it; replies rendered from Markdown.
  private func transcript(of message: StoredMessage, in context: RenderContext) -> [StyledLine] {
    switch message.role {
    case .user:
      return userLines(message.text, in: context)
    case .assistant:
      var lines = [assistantMarker(in: context)] + MarkdownView(message.text).lines(in: context)
      // A stopped reply keeps the label it was given when it stopped.
      if message.isPartial {
        let mark = message.wasStopped ? AssistantWording.stoppedMark : AssistantWording.incompleteMark
        lines.append(StyledLine(mark, style: Palette.muted))
      }
      if let usage = message.usage { lines.append(StyledLine(AssistantWording.usage(usage), style: Palette.muted)) }
      return lines
    }
  }

  /// A question as the transcript shows it: each of its lines (at most
  /// 40) under the first's marker.
  private func userLines(_ text: String, in context: RenderContext) -> [StyledLine] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(40)
    let terminal = context.capabilities.outputIsTerminal
    return lines.enumerated().map { index, line in
      let clean = TextSanitizer.clean(String(line), limit: 2_000)
      guard terminal else { return StyledLine((index == 0 ? "you> " : "     ") + clean) }
      return StyledLine(index == 0 ? "› " : "  ", style: Palette.accent)
        .appending(StyledSpan(clean, style: Palette.emphasis))
    }
  }

  private func assistantMarker(in context: RenderContext) -> StyledLine {
    context.capabilities.outputIsTerminal
      ? StyledLine("◆ assistant", style: Palette.accent) : StyledLine("assistant>")
  }

  // MARK: Asking

  /// A question; a bare word that is a command elsewhere (`help`,
  /// `back`…) gets a hint instead: `/ask WORD` sends it.
  override func receiveText(_ text: String, console: any Console) async {
    let word = text.lowercased()
    if let command = ChatCommand.bareWords[word] {
      return console.write(Message.info(AssistantWording.bareWord(word, command: command), in: console.context))
    }
    await ask(text, console: console)
  }

  private func ask(_ text: String, console: any Console) async {
    let context = console.context
    guard viewModel.backend != nil else {
      return console.write(TextBlock(AssistantWording.notConfigured, style: Palette.warning).lines(in: context))
    }
    let streaming = context.capabilities.outputIsTerminal
    if !streaming { console.write(userLines(text, in: context)) }
    if viewModel.needsContext {
      await LoadingIndicator.run("Reading the repository's README…", console: console) {
        await viewModel.prepareContext()
      }
    }
    let stream = StreamedReply(console: console)
    if streaming {
      console.write(assistantMarker(in: context))
      stream.startSpinner()
    }
    let knewTheModel = viewModel.model != nil
    let outcome = await viewModel.send(text, streaming: streaming) { piece in
      if streaming { stream.write(piece) }
    }
    stream.finish()
    show(outcome, streaming: streaming, on: console)
    // The header said "the server's first model": now it has a name.
    if !knewTheModel, let model = viewModel.model {
      console.write(Message.info(AssistantWording.modelFound(TextSanitizer.clean(model, limit: 100)), in: context))
    }
    if outcome.replyCut { console.write(Message.info(AssistantWording.replyCut, in: context)) }
    if outcome.leftOutForBudget { console.write(Message.info(AssistantWording.leftOutForBudget, in: context)) }
    if let reason = outcome.notSaved { problem(AssistantWording.notSaved(reason), on: console) }
  }

  /// The reply (printed whole off a terminal; streamed already on one),
  /// then its mark, its usage or its error.
  private func show(_ outcome: ChatViewModel.Outcome, streaming: Bool, on console: any Console) {
    let context = console.context
    switch outcome.reply {
    case .answered(let reply):
      if !streaming { console.write([assistantMarker(in: context)] + MarkdownView(reply).lines(in: context)) }
    case .stopped(let partial):
      if !streaming && !partial.isEmpty {
        console.write([assistantMarker(in: context)] + MarkdownView(partial).lines(in: context))
      }
      console.write(StyledLine(AssistantWording.stoppedMark, style: Palette.muted))
    case .failed(let error, let partial):
      if !streaming && !partial.isEmpty {
        console.write([assistantMarker(in: context)] + MarkdownView(partial).lines(in: context))
      }
      problem(AssistantWording.sentence(for: error), on: console)
    case .notConfigured:
      problem(AssistantWording.notConfigured, on: console)
    }
    if let usage = outcome.usage { console.write(StyledLine(AssistantWording.usage(usage), style: Palette.muted)) }
  }

  private func list(on console: any Console) {
    switch viewModel.list() {
    case .none:
      console.write(Message.info(AssistantWording.noConversations, in: console.context))
    case .some(let summaries):
      let width = Spacing.fullWidth(console.context)
      console.write(
        summaries.enumerated().flatMap { index, summary in Self.listLines(summary, number: index + 1, width: width) })
    case .failed(let reason):
      problem(AssistantWording.couldNot("read your conversations", reason), on: console)
    }
  }

  /// A conversation in `/list`: its number and title, the title wrapped
  /// under itself, then its date, model and message count, broken between
  /// them (at 40 columns both ran past the edge).
  private static func listLines(_ summary: ConversationSummary, number: Int, width: Int) -> [StyledLine] {
    let label = DisplayWidth.spaces(max(0, 3 - String(number).count)) + "\(number). "
    let indent = DisplayWidth.spaces(label.count)
    let room = max(width - label.count, 8)
    let title = DisplayWidth.wrap(TextSanitizer.clean(AssistantWording.listRow(summary), limit: 100), to: room)
    let detail = DisplayWidth.wrap(
      AssistantWording.listDetail(summary), separator: AssistantWording.separator, to: room)
    return title.enumerated().map { StyledLine(($0.offset == 0 ? label : indent) + $0.element) }
      + detail.map { StyledLine(indent + $0, style: Palette.muted) }
  }

  private func problem(_ sentence: String, on console: any Console) {
    console.write(Message.error(sentence, in: console.context))
  }
}
