import Foundation
import TextSafety

/// The one place an error becomes words for a person.
///
/// An error type that has a sentence says so by conforming to
/// `LocalizedError`; every error type of Wayfarer's does. Anything else is a
/// Swift error whose `description` is its type's name (`CancellationError()`,
/// `Plain()`) or a Foundation domain and code: none of that is for a person,
/// so it is worded without naming it.
public enum ErrorSentence {
  /// How a cancellation reads inside a sentence.
  public static let cancelled = "it was cancelled"
  /// How an error with no sentence of its own reads inside a sentence.
  public static let unexplained = "something unexpected went wrong"

  /// Whether `error` is Ctrl-C stopping work, not a failure.
  public static func isCancellation(_ error: any Error) -> Bool {
    error is CancellationError
  }

  /// What went wrong, to follow a colon or fill a parenthesis
  /// ("Could not save Map: …"), cleaned and on one line.
  public static func reason(for error: any Error) -> String {
    if isCancellation(error) { return cancelled }
    guard let described = (error as? any LocalizedError)?.errorDescription, !described.isEmpty else {
      return unexplained
    }
    return TextSanitizer.clean(described)
  }

  /// A reason (as ``reason(for:)`` words it) standing on its own as a
  /// sentence: its first letter capital.
  public static func standalone(_ reason: String) -> String {
    guard let first = reason.first else { return reason }
    return first.uppercased() + reason.dropFirst()
  }
}
