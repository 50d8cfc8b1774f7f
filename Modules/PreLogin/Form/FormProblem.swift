/// Why a whole form was not accepted, beyond its fields' problems.
///
/// The form
/// screen words it.
enum FormProblem: Equatable {
  /// No such account, or the wrong password: the person must not learn which.
  case incorrectCredentials
  /// Too many failed logins for the e-mail; the next may be tried after this wait.
  case tooManyAttempts(waitSeconds: Int)
  case emailTaken
  /// Storage failed while logging in; `reason` describes the error.
  case couldNotCheckAccount(reason: String)
  /// Storage failed while registering; `reason` describes the error.
  case couldNotCreateAccount(reason: String)
}
