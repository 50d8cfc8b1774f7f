import XCTest

@testable import PreLogin

/// The sentences the forms print for what their view models report; the
/// end-to-end tests expect these bytes.
final class FormWordingTests: XCTestCase {
  func test_fieldProblems() {
    let sentences: [(FieldProblem, String)] = [
      (.required, "This field is required"),
      (.controlCharacters, "Must not contain control characters (such as Esc or NUL)"),
      (.tooLong(limit: 100), "Must be at most 100 characters"),
      (.emailTooLong(limit: 254, localPartLimit: 64), "E-mail must be at most 254 characters, 64 before the @"),
      (.invalidEmail, "Please enter a valid e-mail address"),
      (.passwordTooShort(minimum: 8), "Password must be at least 8 characters"),
      (.passwordTooLong(limit: 1_024), "Password must be at most 1024 characters"),
      (.passwordsDiffer, "Passwords do not match"),
      (.alreadyRegistered, "Already registered"),
    ]
    for (problem, sentence) in sentences {
      XCTAssertEqual(problem.sentence, sentence, "\(problem)")
    }
  }

  func test_formProblems() {
    let sentences: [(FormProblem, String)] = [
      (.incorrectCredentials, "E-mail or password is incorrect"),
      (.tooManyAttempts(waitSeconds: 30), "Too many failed attempts for this e-mail. Try again in 30 seconds."),
      (.tooManyAttempts(waitSeconds: 89), "Too many failed attempts for this e-mail. Try again in 89 seconds."),
      (.tooManyAttempts(waitSeconds: 90), "Too many failed attempts for this e-mail. Try again in 2 minutes."),
      (.tooManyAttempts(waitSeconds: 900), "Too many failed attempts for this e-mail. Try again in 15 minutes."),
      (.emailTaken, "An account with this e-mail already exists. Go back and log in instead."),
      (
        .couldNotCheckAccount(reason: "the disk is full"),
        "Wayfarer could not check your account: the disk is full. Nothing was changed; try again."
      ),
      (
        .couldNotCreateAccount(reason: "the disk is full"),
        "Wayfarer could not create the account: the disk is full. Nothing was saved; try again."
      ),
    ]
    for (problem, sentence) in sentences {
      XCTAssertEqual(problem.sentence, sentence, "\(problem)")
    }
  }

  func test_outcomes() {
    XCTAssertNil(FormOutcome.stays.successSentence)
    XCTAssertEqual(FormOutcome.loggedIn(email: "ada@example.com").successSentence, "Logged in as ada@example.com.")
    XCTAssertEqual(FormOutcome.registered(name: "Ada").successSentence, "Account created. Welcome, Ada!")
  }
}
