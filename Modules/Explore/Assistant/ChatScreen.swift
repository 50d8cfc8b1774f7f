import Components
import DesignSystem
import Foundation
import TerminalConsole
import TerminalNavigation
import TerminalText

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

  /// A reply Ctrl-C stops is marked "(stopped)" where it ends.
  override var saysWhatCtrlCStopped: Bool { true }

  override var commands: [Command] {
    [
      Command("new", summary: "Start a new conversation (the old one is kept)") { _ in
        self.viewModel.startNew()
        self.setNeedsDisplay()
      },
      Command("list", summary: "Your conversations, newest first") { input in self.list(on: input.console) },
      Command(
        "open", usage: "open N", summary: "Resume conversation N of /list",
        arguments: .one(meaning: "N is a conversation's number in /list")
      ) { input in
        switch self.viewModel.open(input.number) {
        case .opened: self.setNeedsDisplay()
        case .noSuchNumber(let count): self.problem(AssistantWording.noSuchNumber(count: count), on: input.console)
        case .failed(let reason):
          self.problem(AssistantWording.couldNot("open that conversation", reason), on: input.console)
        }
      },
      Command("clear", summary: "Delete this conversation, from disk too") { input in
        switch self.viewModel.clear() {
        case .cleared:
          input.console.write(Message.success(AssistantWording.cleared, in: input.console.context))
          self.setNeedsDisplay()
        case .nothingToClear:
          input.console.write(Message.info(AssistantWording.nothingToClear, in: input.console.context))
        case .failed(let reason):
          self.problem(AssistantWording.couldNot("delete the conversation", reason), on: input.console)
        }
      },
      Command("system", usage: "system [TEXT]", summary: "Show or set this conversation's system prompt") { input in
        let text = input.argumentText
        guard !text.isEmpty else {
          let context = input.console.context
          let label = AssistantWording.systemPromptLabel(isDefault: self.viewModel.customSystemPrompt == nil)
          return input.console.write(
            [StyledLine(label, style: Palette.muted)] + TextBlock(self.viewModel.systemPrompt).lines(in: context))
        }
        if let reason = self.viewModel.setSystemPrompt(text) {
          return self.problem(AssistantWording.notSaved(reason), on: input.console)
        }
        input.console.write(Message.success(AssistantWording.systemPromptSet, in: input.console.context))
      },
      Command(
        "backend", usage: "backend gemini|openai", summary: "Ask the other backend",
        arguments: .one(meaning: "the backend is gemini or openai"),
        completions: AssistantBackendKind.allCases.map(\.rawValue)
      ) { input in
        let result = self.viewModel.switchBackend(to: input.argumentText)
        // The sentence names the backend: the conversation is not drawn again.
        if case .switched = result {
          input.console.write(Message.success(AssistantWording.switching(result), in: input.console.context))
        } else {
          self.problem(AssistantWording.switching(result), on: input.console)
        }
      },
      Command(
        "model", usage: "model NAME", summary: "Use another model of this backend",
        arguments: .one(meaning: "NAME is a model's name, like gemini-2.5-pro or llama3.2")
      ) { input in
        let result = self.viewModel.chooseModel(input.argumentText)
        if case .set = result {
          input.console.write(Message.success(AssistantWording.modelChoice(result), in: input.console.context))
        } else {
          self.problem(AssistantWording.modelChoice(result), on: input.console)
        }
      },
      Command("copy", summary: "Print the last reply's Markdown as it came, for copying") { input in
        guard let reply = self.viewModel.lastReply else {
          return input.console.write(Message.info(AssistantWording.nothingToCopy, in: input.console.context))
        }
        var sanitizer = StreamSanitizer()
        let clean = sanitizer.feed(reply.utf8) + sanitizer.finish()
        input.console.write(
          clean.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(String($0)) })
      },
    ]
  }

  override func didAppear(console: any Console) async {
    guard viewModel.needsContext, viewModel.backend != nil else { return }
    await LoadingIndicator.run("Reading the repository's README…", console: console) {
      await viewModel.prepareContext()
    }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    var lines = [
      StyledLine(
        AssistantWording.header(backend: viewModel.backend, model: viewModel.model, subject: viewModel.subject),
        style: Palette.title)
    ]
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
      return [userLine(message.text, in: context)]
    case .assistant:
      var lines = [assistantMarker(in: context)] + MarkdownView(message.text).lines(in: context)
      if message.isPartial { lines.append(StyledLine(AssistantWording.incompleteMark, style: Palette.muted)) }
      return lines
    }
  }

  private func userLine(_ text: String, in context: RenderContext) -> StyledLine {
    let clean = TextSanitizer.clean(text, limit: 2_000)
    return context.capabilities.outputIsTerminal
      ? StyledLine("› ", style: Palette.accent) + StyledSpan(clean, style: Palette.emphasis)
      : StyledLine("you> " + clean)
  }

  private func assistantMarker(in context: RenderContext) -> StyledLine {
    context.capabilities.outputIsTerminal
      ? StyledLine("◆ assistant", style: Palette.accent) : StyledLine("assistant>")
  }

  // MARK: Asking

  override func receiveText(_ text: String, console: any Console) async {
    let context = console.context
    guard viewModel.backend != nil else {
      return console.write(TextBlock(AssistantWording.notConfigured, style: Palette.warning).lines(in: context))
    }
    let streaming = context.capabilities.outputIsTerminal
    if !streaming { console.write(userLine(text, in: context)) }
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
    // The header said "the server's first model": now it has a name.
    if !knewTheModel, let model = viewModel.model {
      console.write(Message.info(AssistantWording.modelFound(TextSanitizer.clean(model, limit: 100)), in: context))
    }
    if outcome.replyCut { console.write(Message.info(AssistantWording.replyCut, in: context)) }
    if outcome.leftOutForBudget { console.write(Message.info(AssistantWording.leftOutForBudget, in: context)) }
    if let reason = outcome.notSaved { problem(AssistantWording.notSaved(reason), on: console) }
  }

  private func list(on console: any Console) {
    switch viewModel.list() {
    case .none:
      console.write(Message.info(AssistantWording.noConversations, in: console.context))
    case .some(let summaries):
      let items = summaries.map { TextSanitizer.clean(AssistantWording.listRow($0), limit: 100) }
      console.write(
        items.enumerated().map { index, item in
          StyledLine(String(repeating: " ", count: max(0, 3 - String(index + 1).count)) + "\(index + 1). " + item)
        })
    case .failed(let reason):
      problem(AssistantWording.couldNot("read your conversations", reason), on: console)
    }
  }

  private func problem(_ sentence: String, on console: any Console) {
    console.write(Message.error(sentence, in: console.context))
  }
}
