/// What came of submitting a form.
enum FormOutcome: Equatable {
  /// The form is still open; its problems are on the view model.
  case stays
  case loggedIn(email: String)
  case registered(name: String)
}
