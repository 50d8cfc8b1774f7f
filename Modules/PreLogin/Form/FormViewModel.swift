/// What a form screen needs from its view model.
@MainActor
protocol FormViewModel: AnyObject {
  /// The form's fields; `allCases` is the order they are asked and shown.
  associatedtype Field: CaseIterable, Hashable

  /// The answers, their problems and the form's, as they stand.
  var form: FormState<Field> { get }
  /// Stores the answer for `field`; clears its problem and the form's.
  func setValue(_ value: String, for field: Field)
  /// Why `value` is refused as the answer for `field`, if it is: the one
  /// rule that checks an answer as it is given and the form when sent.
  func rule(_ field: Field, _ value: String) -> FieldProblem?
  /// Why the form cannot go on before `field` is asked (Login's throttle
  /// before the password), if it cannot.
  func stop(before field: Field) -> FormProblem?
  /// Records `problem` as the form's, found before `unasked` were asked:
  /// the form stays, shown, without their earlier answers.
  func stop(_ problem: FormProblem, unasked: [Field])
  /// Checks every answer by ``rule(_:_:)``, at once and without waiting on
  /// anything: false when one was refused (the reasons are in
  /// `problem(with:)`).
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
  /// Why the answer kept for `field` is refused now, if it is.
  func check(_ field: Field) -> FieldProblem? {
    rule(field, value(of: field))
  }

  /// Every refused answer's problem, by field.
  var problems: [Field: FieldProblem] {
    var problems: [Field: FieldProblem] = [:]
    for field in Field.allCases { problems[field] = check(field) }
    return problems
  }

  /// Whether every answer kept would pass.
  var passes: Bool {
    Field.allCases.allSatisfy { check($0) == nil }
  }

  func stop(before field: Field) -> FormProblem? { nil }

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
