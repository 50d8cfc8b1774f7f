import Components
import DesignSystem
import TerminalKit

/// A screen that asks its fields one per line, submits, and on failure shows
/// every field's error and returns to the prompt. Each field can then be
/// re-entered on its own (`email`), or all of them again.
///
/// Answers are the next input lines, so a script's lines are never eaten by
/// hidden re-prompting.
@MainActor
class FormScreen: Screen {
  private let viewModel: any FormViewModel
  private let prompts: [FormFieldPrompt]
  private let fillCommand: String
  private let intro: String
  private let progressMessage: String
  private let cancelMessage: String
  private var hasAppeared = false

  init(
    title: String, pathComponent: String, viewModel: any FormViewModel, prompts: [FormFieldPrompt],
    fillCommand: String, intro: String, progressMessage: String, cancelMessage: String
  ) {
    self.viewModel = viewModel
    self.prompts = prompts
    self.fillCommand = fillCommand
    self.intro = intro
    self.progressMessage = progressMessage
    self.cancelMessage = cancelMessage
    super.init(title: title, pathComponent: pathComponent)
  }

  override var commands: [Command] {
    let labels = Dictionary(uniqueKeysWithValues: viewModel.fields.map { ($0.command, $0.label) })
    var commands = prompts.map { prompt in
      Command(prompt.command, summary: "Enter \(labels[prompt.command]?.lowercased() ?? prompt.command) again") {
        input in
        await self.ask([prompt], console: input.console)
      }
    }
    commands.append(
      Command("submit", summary: "Send the form as it is") { input in
        await self.submit(console: input.console)
      })
    commands.append(
      Command(fillCommand, summary: "Fill in every field again") { input in
        await self.fillAll(console: input.console)
      })
    return commands
  }

  override func body(in context: RenderContext) -> [StyledLine] {
    guard viewModel.hasSubmitted else { return TextBlock(intro).lines(in: context) }
    var lines = FormView(viewModel.fields).lines(in: context)
    if let error = viewModel.formError {
      lines.append(.blank)
      lines.append(Message.error(error, in: context))
    }
    lines.append(.blank)
    let fieldCommands = prompts.map(\.command).joined(separator: ", ")
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
    guard await ask(prompts, console: console) else { return }
    await submit(console: console)
  }

  /// Asks `fields` in order. Returns false when the person cancelled.
  @discardableResult
  private func ask(_ fields: [FormFieldPrompt], console: any Console) async -> Bool {
    for field in fields {
      let answer =
        field.isSecret
        ? await console.readSecret(prompt: field.prompt) : await console.readLine(prompt: field.prompt)
      guard let answer else {
        console.write(Message.info(cancelMessage))
        viewModel.cancel()
        return false
      }
      viewModel.setValue(answer, forField: field.command)
    }
    setNeedsDisplay()
    return true
  }

  private func submit(console: any Console) async {
    let success = await LoadingIndicator.run(progressMessage, console: console) { await viewModel.submit() }
    if let success {
      console.write(Message.success(success, in: console.context))
    } else {
      setNeedsDisplay()
    }
  }
}
