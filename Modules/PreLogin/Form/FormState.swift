/// What a form holds between submissions: the answers, why any were
/// refused, and what went wrong with the whole form.
///
/// One value serves Login
/// and Register.
struct FormState<Field: Hashable> {
  private var values: [Field: String] = [:]
  private var problems: [Field: FieldProblem] = [:]
  private(set) var formProblem: FormProblem?
  private(set) var hasSubmitted = false

  /// The answer kept for `field`, trimmed; empty before one was given.
  func value(of field: Field) -> String {
    values[field] ?? ""
  }

  func problem(with field: Field) -> FieldProblem? {
    problems[field]
  }

  /// Keeps a new answer; its problem and the form's are cleared.
  mutating func set(_ value: String, for field: Field) {
    values[field] = FieldRules.trimmed(value)
    problems[field] = nil
    formProblem = nil
  }

  /// Starts a submission: `problems` are every field's, checked anew
  /// (worked out before, as a check may read another answer).
  ///
  /// Returns whether every answer passed.
  mutating func validate(_ problems: [Field: FieldProblem]) -> Bool {
    hasSubmitted = true
    formProblem = nil
    self.problems = problems
    return problems.isEmpty
  }

  mutating func refuse(_ field: Field, _ problem: FieldProblem) {
    problems[field] = problem
  }

  mutating func fail(_ problem: FormProblem) {
    formProblem = problem
  }

  /// Shows the form with `problem`, found before `unasked` were asked:
  /// their earlier answers and problems go (a password's mask would say one
  /// was given this time).
  mutating func stop(_ problem: FormProblem, unasked: [Field]) {
    hasSubmitted = true
    formProblem = problem
    for field in unasked {
      values[field] = nil
      problems[field] = nil
    }
  }

  /// Drops an answer that must not stay in memory (a password).
  mutating func forget(_ field: Field) {
    values[field] = nil
  }
}
