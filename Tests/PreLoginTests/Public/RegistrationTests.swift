import PreLogin
import XCTest

final class RegistrationTests: XCTestCase {
  func test_description_namesEverythingButThePassword() {
    let registration = Registration(
      name: "Ada", surname: "Lovelace", email: "ada@example.com", password: "correct horse")

    let described = "\(registration)"

    XCTAssertEqual(described, "Registration(name: Ada, surname: Lovelace, email: ada@example.com, password: hidden)")
    XCTAssertFalse(described.contains("correct horse"))
  }
}
