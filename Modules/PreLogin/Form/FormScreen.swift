import Commands
import Components
import DesignSystem
import TerminalConsole
import TerminalNavigation
import TerminalText

/// A screen that asks its fields one per line, submits, and on failure shows
/// every field's error and returns to the prompt.
///
/// Each field can then be
/// re-entered on its own (`email`), or all of them again; once the last
/// error is fixed the form is sent again without a separate `submit`.
///
/// Each answer is checked as it is given and its field asked again, saying
/// why, until it passes (or Ctrl-C, or the end of input). Piped, the next
/// line is the new answer, so a script's later answers keep their fields.
/// The command on one form that leaves for the other, and its help.
struct FormSwitch: Equatable {
  var command: String
  var summary: String
}

@MainActor
class FormScreen<ViewModel: FormViewModel>: Screen {
  private let viewModel: ViewModel
  /// Every field, in the order asked.
  private let fields = Array(ViewModel.Field.allCases)
  private let prompt: (ViewModel.Field) -> FormFieldPrompt
  private let fillCommand: String
  private let otherForm: FormSwitch
  private let intro: String
  private let progressMessage: String
  private let cancelMessage: String
  private var hasAppeared = false

  /// - Parameters:
  ///   - title: Shown in the navigation chrome.
  ///   - pathComponent: The screen's part of the prompt's path.
  ///   - viewModel: The form's fields, checks and submission.
  ///   - prompt: how each field is asked, shown and re-entered; the screen
  ///     owns these words, the view model only knows the fields.
  ///   - fillCommand: the command that asks every field again (`login`).
  ///   - otherForm: the command that leaves for the other form (`register`).
  ///   - intro: The sentence above the form.
  ///   - progressMessage: Shown while the form is submitted.
  ///   - cancelMessage: Said when Ctrl-C stops the form.
  init(
    title: String, pathComponent: String, viewModel: ViewModel,
    prompt: @escaping (ViewModel.Field) -> FormFieldPrompt,
    fillCommand: String, otherForm: FormSwitch, intro: String, progressMessage: String, cancelMessage: String
  ) {
    self.viewModel = viewModel
    self.prompt = prompt
    self.fillCommand = fillCommand
    self.otherForm = otherForm
    self.intro = intro
    self.progressMessage = progressMessage
    self.cancelMessage = cancelMessage
    super.init(title: title, pathComponent: pathComponent)
  }

  /// What can be typed on a form once it was sent and came back.
  enum Action: Sendable {
    /// Re-enter one field (`email`).
    case reenter(Int)
    case submit
    /// Ask every field again.
    case fillAll
    case switchForm
  }

  /// One command per field, then `submit`, the form's own name and the other form's.
  var specs: [CommandSpec<Action>] {
    fields.indices.map { index in
      let prompt = prompt(fields[index])
      return CommandSpec(prompt.command, summary: "Enter \(prompt.label.lowercased()) again", action: .reenter(index))
    } + [
      CommandSpec("submit", summary: "Send the form as it is", action: .submit),
      CommandSpec(fillCommand, summary: "Fill in every field again", action: .fillAll),
      // After a failed login, `register` goes straight to the other form, as
      // it does on Welcome: no `back` needed first.
      CommandSpec(otherForm.command, summary: otherForm.summary, action: .switchForm),
    ]
  }

  /// A script's password line after a failed submit is never repeated.
  override var mayBeGivenSecrets: Bool { true }

  override var commands: [Command] {
    Command.table(specs) { action, console in
      switch action {
      case .reenter(let index): await self.reenter(self.fields[index], console: console)
      case .submit: await self.submit(console: console)
      case .fillAll: await self.fillAll(console: console)
      case .switchForm: self.viewModel.switchForm()
      }
    }
  }

  /// The fields as the form shows them: values (secrets hidden by the view)
  /// and each one's problem.
  var formFields: [FormView.Field] {
    fields.map { field in
      let prompt = prompt(field)
      return FormView.Field(
        label: prompt.label, command: prompt.command, value: viewModel.value(of: field), isSecret: prompt.isSecret,
        error: viewModel.problem(with: field)?.sentence)
    }
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    guard viewModel.hasSubmitted else { return TextBlock(intro).lines(in: context) }
    var lines = FormView(formFields).lines(in: context)
    if let problem = viewModel.formProblem {
      lines.append(.blank)
      lines.append(Message.error(problem.sentence, in: context))
    }
    lines.append(.blank)
    let fieldCommands = fields.map { prompt($0).command }.joined(separator: ", ")
    lines += TextBlock(
      "Type a field's name (\(fieldCommands)) to change it, submit to send again, \(fillCommand) to start over, or back.",
      style: Palette.muted
    ).lines(in: context)
    return lines
  }

  override func didAppear(console: any Console) async {
    guard !hasAppeared else { return }
    hasAppeared = true
    await fillAll(console: console)
  }

  private func fillAll(console: any Console) async {
    guard await ask(fields, console: console) == .answered else { return }
    await submit(console: console)
  }

  /// Asks `field` again; sends the form when that fixed its last error.
  private func reenter(_ field: ViewModel.Field, console: any Console) async {
    guard await ask([field], console: console) == .answered else { return }
    if viewModel.hasSubmitted && viewModel.passes { await submit(console: console) }
  }

  /// How asking went.
  private enum Asked {
    case answered
    /// Ctrl-C or the end of input: the form is closed.
    case cancelled
    /// The form cannot go on (Login's throttle): it stays, and shows why.
    case stopped
  }

  /// Asks `fields` in order.
  private func ask(_ fields: [ViewModel.Field], console: any Console) async -> Asked {
    defer { setNeedsDisplay() }
    for (index, field) in fields.enumerated() {
      if let problem = viewModel.stop(before: field) {
        // Said once, by the form drawn next, which shows no answer kept
        // from before for a field not asked this time.
        viewModel.stop(problem, unasked: Array(fields[index...]))
        // Piped, the answer is the script's next line: read, never used.
        if !console.context.capabilities.inputIsTerminal { _ = await read(field, console: console) }
        return .stopped
      }
      guard await answer(field, console: console) else {
        console.write(Message.info(cancelMessage, in: console.context))
        viewModel.cancel()
        return .cancelled
      }
    }
    return .answered
  }

  /// Asks `field` and keeps the answer; asks again while it is refused,
  /// saying why (the sentence never repeats the answer: it may be a password).
  ///
  /// Returns false when the person cancelled or the input ended.
  private func answer(_ field: ViewModel.Field, console: any Console) async -> Bool {
    while true {
      guard let answer = await read(field, console: console) else { return false }
      viewModel.setValue(answer, for: field)
      guard let problem = viewModel.check(field) else { return true }
      console.write(Message.error("\(prompt(field).label): \(problem.sentence).", in: console.context))
    }
  }

  private func read(_ field: ViewModel.Field, console: any Console) async -> String? {
    let prompt = prompt(field)
    return prompt.isSecret
      ? await console.readSecret(prompt: prompt.prompt) : await console.readLine(prompt: prompt.prompt)
  }

  private func submit(console: any Console) async {
    // Checked before any progress line: "Creating your account…" over five
    // empty fields would promise work that is not going to happen.
    guard viewModel.validate() else { return setNeedsDisplay() }
    let outcome = await LoadingIndicator.run(progressMessage, console: console) { await viewModel.send() }
    if let sentence = outcome.successSentence {
      console.write(Message.success(sentence, in: console.context))
    } else {
      setNeedsDisplay()
    }
  }
}
