import Components

/// What a form screen needs from its view model.
@MainActor
protocol FormViewModel: AnyObject {
  /// The fields as they stand, values and inline errors included.
  var fields: [FormView.Field] { get }
  /// An error about the whole form (wrong password, account taken…).
  var formError: String? { get }
  /// Whether a submission was attempted; before it the form shows its intro.
  var hasSubmitted: Bool { get }
  /// Stores the answer for the field re-entered with `command`; clears its error.
  func setValue(_ value: String, forField command: String)
  /// Validates and sends. Returns a success sentence, or `nil` when the form
  /// stays (errors are then in `fields` and `formError`).
  func submit() async -> String?
  /// Leaves the form without sending.
  func cancel()
}

/// A field of a form screen: how it is asked and re-entered.
struct FormFieldPrompt: Equatable {
  /// The command that re-enters it alone (`email`).
  var command: String
  /// The question (`E-mail: `).
  var prompt: String
  var isSecret = false
}
