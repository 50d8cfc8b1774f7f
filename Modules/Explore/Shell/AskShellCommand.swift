import Commands
import JSON
import ServiceAccess
import TextSafety

/// `wayfarer ask QUESTION…`: one question to the assistant, as `llm` asks
/// it: from the arguments or a piped standard input, the reply streamed
/// to standard output and kept in the account's conversations.
enum AskShellCommand {
  static let spec = ShellCommandSpec(
    ["ask"], summary: "Ask the assistant one question; the reply streams to standard output",
    parameters: [
      Parameter(
        "QUESTION", .text, isOptional: true,
        meaning:
          "QUESTION is what to ask; standard input, when it is not a terminal, is read and goes before it")
    ],
    options: [
      ShellOption(
        "--repo", Parameter("OWNER/NAME", .word, meaning: "OWNER/NAME is a GitHub repository"),
        summary: "Ask about this repository (its facts and README go with the question)"),
      ShellOption(
        "--model", Parameter("M", .word, meaning: "M is a model's name"), summary: "Use this model for this question"),
      ShellOption("--continue", summary: "Go on with the last conversation instead of starting one"),
      ShellOption("--usage", summary: "Say on standard error the tokens and time the reply took, as llm -u does"),
      .json(fields: answer.names, of: "the answer"),
    ],
    examples: [
      "wayfarer ask what is a coordinator in iOS apps", "git diff | wayfarer ask review this change",
      "wayfarer ask --repo apple/swift how is it built --json", "wayfarer ask --usage what is a router",
    ], needsLogin: true, keepsWhatItMadeWhenStopped: true)

  /// What `--json` prints of an answer, after `schema_version`.
  static let answer = JSONFields<(model: String?, reply: String)>([
    JSONField("model", text: { $0.model }), JSONField("reply", text: { $0.reply }),
  ])

  static func command(dependencies: @escaping @MainActor () -> ExploreShellDependencies?) -> ShellCommand {
    ShellCommand(spec) { arguments, io in
      let question: String
      switch Self.question(arguments, io: io) {
      case .success(let asked): question = asked
      case .failure(let refusal): return refusal.status
      }
      // Refused whole rather than cut: a long pipe's cut took the words after it.
      guard question.count <= ChatViewModel.maximumQuestionCharacters else {
        io.say(
          AssistantWording.questionTooLong(
            characters: question.count, most: ChatViewModel.maximumQuestionCharacters))
        return .usage
      }
      if let repo = arguments.value("--repo"), RepositoryName(repo) == nil {
        io.say("--repo: \(ShellCommandSpec.quoted(repo)) is not a GitHub name like owner/name.")
        return .usage
      }
      guard let dependencies = dependencies(), let conversations = dependencies.conversations else { return .failure }
      let factory = AssistantFactory(
        access: dependencies.assistant, store: conversations, environment: dependencies.environment)
      let subject = arguments.value("--repo").flatMap(RepositoryName.init).map {
        subjectOf($0, dependencies: dependencies)
      }
      // Like llm's -m, --model is for this question: a new conversation
      // takes no model from the last one, a continued one that of its last reply.
      let chat = ChatViewModel(
        backends: factory.makeBackends(), store: conversations, subject: subject, now: dependencies.environment.now,
        resumingLast: arguments.has("--continue"))
      if let model = arguments.value("--model"), case .invalid = chat.useModel(model) {
        io.say("--model: \(ShellCommandSpec.quoted(model)) is not a model name.")
        return .usage
      }
      let json = arguments.wantsJSON
      // Escape sequences go, whole, even when one is split over two pieces.
      var sanitizer = StreamSanitizer()
      let outcome = await chat.send(question, streaming: !json) { piece in
        // Without streaming the reply comes here once, whole: JSON has it.
        guard !json else { return }
        io.write(sanitizer.feed(piece.utf8))
        io.flush()
        // Output failed (a full disk; a reader gone is mostly heard sooner,
        // by the command's watch): the rest is not waited for, and what
        // arrived is kept as stopped.
        if io.outputFailed { withUnsafeCurrentTask { $0?.cancel() } }
      }
      if !json { io.write(sanitizer.finish()) }
      let refusal = await modelRefusal(of: outcome, model: arguments.value("--model"), chat: chat)
      let status = finish(
        outcome, model: chat.model, json: json, picked: arguments.jsonFields, io: io, refusal: refusal)
      // After the reply (and its newline), as the chat's line under a reply.
      if arguments.has("--usage"), let usage = outcome.usage { io.say(AssistantWording.usage(usage)) }
      return status
    }
  }

  /// The sentence `/model NAME` says (did-you-mean and all), for a
  /// question refused before any reply when `--model` named a model the
  /// server does not list.
  ///
  /// The list is asked for only then: a question that is answered costs no
  /// request for it.
  @MainActor
  static func modelRefusal(of outcome: ChatViewModel.Outcome, model: String?, chat: ChatViewModel) async -> String? {
    guard let model, case .failed(let error, partial: "") = outcome.reply, error.mayBeAnUnknownModel else {
      return nil
    }
    let choice = await chat.checkModel(model)
    guard case .notListed = choice else { return nil }
    return AssistantWording.modelChoice(choice)
  }

  /// Why there is no question, said on standard error: none was given
  /// (a usage error, 2), or standard input could not be read as text (1,
  /// as `login --password-stdin` ends then).
  struct NoQuestion: Error {
    var status: ShellStatus
  }

  /// The question typed, piped in, or both.
  ///
  /// With both, as llm joins them, what was piped comes first and the
  /// words after it: `git diff | wayfarer ask review this` sends the diff
  /// and the request (the words alone were sent, the diff dropped unsaid).
  @MainActor
  static func question(_ arguments: ShellArguments, io: any ShellIO) -> Result<String, NoQuestion> {
    let typed = arguments.words.isEmpty ? nil : arguments.text
    guard !io.inputIsTerminal else {
      guard let typed else {
        io.say("Give a question: wayfarer ask QUESTION, or pipe one in (echo QUESTION | wayfarer ask).")
        return .failure(NoQuestion(status: .usage))
      }
      return .success(typed)
    }
    guard let text = io.readInput(limit: 1 << 20) else { return .failure(NoQuestion(status: .failure)) }
    let piped = withoutBlankLinesAround(text)
    switch (piped.isEmpty, typed) {
    case (true, nil):
      io.say("Standard input was empty: there is no question to ask.")
      return .failure(NoQuestion(status: .usage))
    case (true, let typed?): return .success(typed)
    case (false, nil): return .success(piped)
    case (false, let typed?): return .success(piped + "\n\n" + typed)
    }
  }

  /// `text` without the blank lines before and after it; the first line's
  /// indent is kept, as code needs it.
  static func withoutBlankLinesAround(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  @MainActor
  static func subjectOf(_ name: RepositoryName, dependencies: ExploreShellDependencies) -> ChatViewModel.Subject {
    ChatViewModel.Subject(name: name.description) {
      let service: any GitHubService =
        dependencies.github.map { LiveGitHubService(access: $0, environment: dependencies.environment) }
        ?? UnconfiguredGitHubService()
      guard let repository = try? await service.repository(name) else { return "" }
      let readme = try? await service.readme(of: name)
      return RepositoryContext.text(of: repository, readme: readme?.text)
    }
  }

  /// What the outcome says on standard error (a refused model's
  /// `refusal` for the server's words), the JSON when asked (all of it,
  /// or the `picked` fields), and the exit status.
  @MainActor
  static func finish(
    _ outcome: ChatViewModel.Outcome, model: String?, json: Bool, picked: [String]?, io: any ShellIO,
    refusal: String? = nil
  ) -> ShellStatus {
    if let problem = outcome.notSaved { io.say("The conversation could not be saved: \(problem)") }
    // As the chat says under a reply: text was left out, on screen and kept.
    if outcome.replyCut { io.say(AssistantWording.replyCut) }
    switch outcome.reply {
    case .answered(let text):
      if json {
        var writer = JSONWriter(pretty: true)
        writer.object { object in
          object.member("schema_version", ShellJSON.schemaVersion)
          answer.writeMembers(of: (model, text), picked: picked, to: &object)
        }
        io.write(bytes: writer.bytes + [UInt8(ascii: "\n")])
      } else if !text.hasSuffix("\n") {
        io.write("\n")
      }
      // Printed, but not kept: a script must not take it for done.
      return outcome.notSaved == nil ? .success : .failure
    case .stopped(let partial):
      // Its output gone (a closed pipe, a full disk): nothing more to
      // print, and why is said once for every command.
      guard !io.outputFailed else { return .failure }
      if !partial.isEmpty, !json { io.write("\n") }
      io.say(partial.isEmpty ? AssistantWording.stoppedBeforeAnyReply : AssistantWording.stoppedKeepingWhatArrived)
      return .failure
    case .failed(let error, let partial):
      if !partial.isEmpty { io.write("\n") }
      io.say(refusal ?? AssistantWording.sentence(for: error))
      return .failure
    case .notConfigured:
      io.say(AssistantWording.notConfigured)
      return .failure
    }
  }
}
