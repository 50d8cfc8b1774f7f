import DesignSystem
import TerminalKit

/// Shows that something is under way while `work` runs: an animated spinner
/// on a terminal, a single line elsewhere (so piped output stays stable, and
/// a dumb terminal gets no cursor codes).
@MainActor
public enum LoadingIndicator {
  /// Milliseconds between spinner frames.
  static let frameInterval: Duration = .milliseconds(80)

  public static func run<Result>(
    _ message: String,
    console: any Console,
    work: @MainActor () async -> Result
  ) async -> Result {
    let context = console.context
    guard context.capabilities.movesCursor else {
      console.write(StyledLine(message, style: Palette.muted))
      return await work()
    }
    let frames = Symbols(context).spinnerFrames
    let spinner = Task { @MainActor in
      var frame = 0
      while !Task.isCancelled {
        console.setStatus(
          StyledLine(frames[frame % frames.count] + " ", style: Palette.accent)
            + StyledSpan(message, style: Palette.muted))
        frame += 1
        try? await Task.sleep(for: frameInterval)
      }
    }
    let result = await work()
    spinner.cancel()
    _ = await spinner.value
    console.setStatus(nil)
    return result
  }
}
