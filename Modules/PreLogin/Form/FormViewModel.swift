/// What a form screen needs from its view model.
@MainActor
protocol FormViewModel: AnyObject {
  /// The form's fields; `allCases` is the order they are asked and shown.
  associatedtype Field: CaseIterable, Hashable

  /// The answers, their problems and the form's, as they stand.
  var form: FormState<Field> { get }
  /// Stores the answer for `field`; clears its problem and the form's.
  func setValue(_ value: String, for field: Field)
  /// Checks every answer, at once and without waiting on anything: false
  /// when one was refused (the reasons are in `problem(with:)`).
  func validate() -> Bool
  /// Sends answers that passed ``validate()``. When the form stays, the
  /// reasons are in `problem(with:)` and `formProblem`.
  func send() async -> FormOutcome
  /// Leaves the form without sending.
  func cancel()
  /// Leaves this form for the other one (Login for Register, and back).
  func switchForm()
}

extension FormViewModel {
  /// Validates, then sends when every answer passed.
  func submit() async -> FormOutcome {
    guard validate() else { return .stays }
    return await send()
  }

  /// The answer kept for `field`, trimmed; empty before one was given.
  func value(of field: Field) -> String { form.value(of: field) }
  /// Why `field`'s answer was refused at the last submission, if it was.
  func problem(with field: Field) -> FieldProblem? { form.problem(with: field) }
  /// What went wrong with the whole form (wrong password, account taken…), if anything.
  var formProblem: FormProblem? { form.formProblem }
  /// Whether a submission was attempted; before it the form shows its intro.
  var hasSubmitted: Bool { form.hasSubmitted }
}
