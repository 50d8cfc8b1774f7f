import ErrorSentences

/// Why something Explore asked GitHub for did not come: what view models
/// hand their screens, which choose the words.
enum ExploreFailure: Equatable {
  /// Ctrl-C stopped it.
  case cancelled
  /// GitHub or the network failed; `reason` is the error's own sentence
  /// (``GitHubError`` and the HTTP client's errors are written for people).
  case failed(reason: String)

  init(_ error: any Error) {
    self =
      ErrorSentence.isCancellation(error)
      ? .cancelled : .failed(reason: ErrorSentence.standalone(ErrorSentence.reason(for: error)))
  }
}
