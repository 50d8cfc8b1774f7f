import PreLogin
import XCTest

/// The new account's id, or a test failure (thrown) when the e-mail was taken.
func registeredAccountID(
  _ result: RegistrationResult, file: StaticString = #filePath, line: UInt = #line
) throws -> String {
  guard case .registered(let accountID) = result else {
    XCTFail("expected a new account, got \(result)", file: file, line: line)
    throw EmailUnexpectedlyTaken()
  }
  return accountID
}

struct EmailUnexpectedlyTaken: Error {}
