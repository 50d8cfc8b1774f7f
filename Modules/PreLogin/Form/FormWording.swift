// The sentences the forms show. View models report what happened; these
// words are the screens' to change.

extension FieldProblem {
  /// Shown beside the field.
  var sentence: String {
    switch self {
    case .required: "This field is required"
    case .controlCharacters: "Must not contain control characters (such as Esc or NUL)"
    case .tooLong(let limit): "Must be at most \(limit) characters"
    case .emailTooLong(let limit, let localPartLimit):
      "E-mail must be at most \(limit) characters, \(localPartLimit) before the @"
    case .invalidEmail: "Please enter a valid e-mail address"
    case .passwordTooShort(let minimum): "Password must be at least \(minimum) characters"
    case .passwordTooLong(let limit): "Password must be at most \(limit) characters"
    case .passwordsDiffer: "Passwords do not match"
    case .alreadyRegistered: "Already registered"
    }
  }
}

extension FormProblem {
  /// Shown under the fields, as an error.
  var sentence: String {
    switch self {
    case .incorrectCredentials:
      "E-mail or password is incorrect"
    case .tooManyAttempts(let seconds):
      "Too many failed attempts for this e-mail. Try again in \(Self.duration(seconds: seconds))."
    case .emailTaken:
      "An account with this e-mail already exists. Go back and log in instead."
    case .couldNotCheckAccount(let reason):
      "Wayfarer could not check your account: \(reason). Nothing was changed; try again."
    case .couldNotCreateAccount(let reason):
      "Wayfarer could not create the account: \(reason). Nothing was saved; try again."
    }
  }

  /// Seconds under a minute and a half, else minutes rounded up.
  private static func duration(seconds: Int) -> String {
    seconds < 90 ? "\(seconds) seconds" : "\((seconds + 59) / 60) minutes"
  }
}

extension FormOutcome {
  /// Said once the form is done; nil while it stays (its problems are shown instead).
  var successSentence: String? {
    switch self {
    case .stays: nil
    case .loggedIn(let email): "Logged in as \(email)."
    case .registered(let name): "Account created. Welcome, \(name)!"
    }
  }
}
