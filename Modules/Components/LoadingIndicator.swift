import Commands
import DesignSystem
import TerminalConsole
import TerminalText

/// Shows that something is under way while `work` runs: an animated spinner
/// on a terminal, a single line elsewhere (so piped output stays stable, and
/// a dumb terminal gets no cursor codes).
@MainActor
public enum LoadingIndicator {
  /// The time between spinner frames.
  static let frameInterval: Duration = .milliseconds(80)

  public static func run<Result>(
    _ message: String,
    console: any Console,
    work: @MainActor () async -> Result
  ) async -> Result {
    let context = console.context
    guard context.capabilities.movesCursor else {
      console.write(StyledLine(message, style: Palette.muted))
      // What is under way is said before the wait, not after it.
      console.flush()
      return await work()
    }
    let spinner = Spinner(message, console: console)
    let result = await work()
    spinner.stop()
    return result
  }

  /// A view model's answer to a command, done: a refusal is said at once,
  /// with no spinner; accepted work runs under one saying `message`.
  public static func run<Problem>(
    _ checked: Checked<Problem>, saying message: String, console: any Console
  ) async -> Problem? {
    guard case .accepted(let work) = checked else { return await checked.run() }
    return await run(message, console: console, work: { await work() })
  }
}

/// A turning spinner and its message on the status line while something
/// is under way, until ``stop()``; nothing where the cursor cannot move
/// (the caller says what is happening there its own way).
@MainActor
public final class Spinner {
  private let console: any Console
  private var turning: Task<Void, Never>?

  /// Spinners show one frame and do not turn: a recorded demo on a fixed
  /// clock must draw the same every run, however long the work takes.
  public static var isStill = false

  /// - Parameters:
  ///   - message: What is under way.
  ///   - console: Where the spinner turns.
  ///   - delay: How long to wait before showing it (work done sooner shows none).
  public init(_ message: String, console: any Console, after delay: Duration = .zero) {
    self.console = console
    let context = console.context
    guard context.capabilities.movesCursor else { return }
    let frames = Symbols(context).spinnerFrames
    // Cancelled, the loop ends at its next check: nothing is drawn after
    // `stop()` clears the line (both run on the main actor).
    turning = Task { @MainActor in
      if delay > .zero { try? await Task.sleep(for: delay) }
      var frame = 0
      while !Task.isCancelled && (frame == 0 || !Spinner.isStill) {
        console.setStatus(
          StyledLine(frames[frame % frames.count] + " ", style: Palette.accent).appending(
            StyledSpan(message, style: Palette.muted)))
        frame += 1
        try? await Task.sleep(for: LoadingIndicator.frameInterval)
      }
    }
  }

  /// Stops the spinner and clears its line; stopping again does nothing.
  public func stop() {
    guard let turning else { return }
    turning.cancel()
    self.turning = nil
    console.setStatus(nil)
  }

}
