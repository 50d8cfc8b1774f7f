/// A command's request as its view model answers it, before any work starts.
///
/// It is refused with a problem, or accepted with the work to do. The view model checks once; the screen shows a spinner only around
/// accepted work, so a refusal is said before any progress line.
public enum Checked<Problem> {
  case refused(Problem)
  /// The work, which may still meet a problem (the service fails).
  case accepted(@MainActor () async -> Problem?)

  /// The problem when refused; nil when the work was accepted.
  public var refusal: Problem? {
    if case .refused(let problem) = self { return problem }
    return nil
  }

  /// Does the work, if any: the refusal's problem, or the work's.
  @MainActor
  public func run() async -> Problem? {
    switch self {
    case .refused(let problem): problem
    case .accepted(let work): await work()
    }
  }
}
