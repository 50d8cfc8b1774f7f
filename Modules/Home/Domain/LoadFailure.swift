import ErrorSentences

/// Why something Home asked for did not come: what view models hand their
/// screens, which choose the words.
enum LoadFailure: Equatable {
  /// Ctrl-C stopped it.
  case cancelled
  /// The service, the network or the cache failed; `reason` is the error's
  /// own sentence. `isKeyProblem` when Geoapify refused the key, which only
  /// a new key mends.
  case failed(reason: String, isKeyProblem: Bool)

  init(_ error: any Error) {
    if ErrorSentence.isCancellation(error) {
      self = .cancelled
    } else {
      self = .failed(
        reason: ErrorSentence.reason(for: error), isKeyProblem: (error as? GeoapifyError)?.isKeyProblem == true)
    }
  }
}
